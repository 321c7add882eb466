import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bopWarnings, ErrorAnswer, idParam, PutTimetableBody, RaceEventRound, RoundTimetable } from '@pitwall/contracts';
import { NotFoundError, seriesDecider, seriesStream } from '@pitwall/domain';
import { bopOfEntry, findCornerWeights, findCrossDiagonalOfCar, findRoundTimetable, findSeriesAccess, findSeriesEntryOfRound, findSetupSheet, roundExists } from '@pitwall/read-models';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { commandContext } from '../command/request-context.ts';
import { inStream } from '../etag/resource-scopes.ts';
import { deliverTimetables } from '../timetable/deliver-timetable.ts';
import { requireCar, requireRaceEventOfCar } from './car-access.ts';

const RoundParams = z.object({ seriesId: idParam('seriesId'), roundId: idParam('roundId') });
const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * A series round's timetable: the organiser publishes it, every entered car gets it as its race
 * event's run sheets (the timetable delivery), and a team reads the round its race event races.
 */
export const seriesTimetableRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function requireRound(userId: number, seriesId: number, roundId: number): Promise<void> {
    if (!(await findSeriesAccess(deps.db, userId, seriesId))) throw new NotFoundError('Series not found');
    if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
  }

  async function requireTimetable(userId: number, seriesId: number, roundId: number): Promise<RoundTimetable> {
    if (!(await findSeriesAccess(deps.db, userId, seriesId))) throw new NotFoundError('Series not found');
    const timetable = await findRoundTimetable(deps.db, seriesId, roundId);
    if (!timetable) throw new NotFoundError('Round not found');
    return timetable;
  }

  app.get('/api/series/:seriesId/rounds/:roundId/timetable', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "A round's timetable (organiser and entered teams): its days, sessions by start, and every publication with what it changed, newest first",
      params: RoundParams,
      response: { 200: RoundTimetable, ...errors },
    },
    handler: async (request) => requireTimetable(userIdOf(request), request.params.seriesId, request.params.roundId),
  });

  app.put('/api/series/:seriesId/rounds/:roundId/timetable', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary:
        "Publish a round's whole timetable (organiser): sessions with an id keep it (a change of time, name or type reaches every team's run sheet), sessions without one are new, sessions left out are removed from the teams' race events unless a team recorded something in them. Each starts on a day of the round (400 naming the row's startsAt). Every active entry's car gets the round as a race event (a race event of its own on a day of the round is linked instead) with a run sheet per session",
      params: RoundParams,
      body: PutTimetableBody,
      response: { 412: RoundTimetable, 200: RoundTimetable, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      await requireRound(userIdOf(request), seriesId, roundId);
      const sessions = request.body.sessions;
      const newSessionIds = await deps.ids.nextMany('timetable_session', sessions.filter((s) => s.id === undefined).length);
      const context = commandContext(request, null);
      const { position } = await deps.commands.handle(seriesDecider, seriesStream(seriesId), { type: 'SetTimetable', data: { actorUserId: userIdOf(request), roundId, sessions, newSessionIds } }, context);
      await deps.commands.visible(position);
      await deps.commands.visible(await deliverTimetables(deps, context, seriesId, { roundId }));
      return requireTimetable(userIdOf(request), seriesId, roundId);
    },
  });

  app.get('/api/cars/:carId/events/:eventId/round', {
    schema: {
      tags: ['race events'],
      summary:
        "The series round a race event races (404 for a team's own race event): series and round, the car's entry number and class, the round's timetable with what each publication changed, the car's BoP and warnings where the race event's setup sheet ballast or corner-weight total falls below it",
      params: RaceEventParams,
      response: { 200: RaceEventRound, ...errors },
    },
    handler: async (request) => {
      const { carId, eventId } = request.params;
      await requireCar(deps, request, carId);
      const raceEvent = await requireRaceEventOfCar(deps, carId, eventId);
      if (!raceEvent.round) throw new NotFoundError('This race event is not a series round');
      const { seriesId, roundId, entryId } = raceEvent.round;
      const [entry, timetable, bop, sheet, scales] = await Promise.all([
        findSeriesEntryOfRound(deps.db, seriesId, roundId, entryId),
        findRoundTimetable(deps.db, seriesId, roundId),
        bopOfEntry(deps.db, seriesId, roundId, entryId),
        findSetupSheet(deps.db, carId, eventId),
        findCrossDiagonalOfCar(deps.db, carId).then((diagonal) => findCornerWeights(deps.db, carId, eventId, diagonal)),
      ]);
      if (!entry || !timetable) throw new NotFoundError('Round not found');
      const warnings = bopWarnings({ bop, setupBallastKg: sheet.ballastKg, cornerWeightTotalKg: scales.derived?.totalKg ?? null });
      return { ...entry, seriesId, roundId, entryId, timetable, bop, bopWarnings: warnings };
    },
  });
};
