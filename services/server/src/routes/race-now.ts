import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_RACE_PLAN_INPUT, ErrorAnswer, idParam, RaceNow, RaceNowQuery, raceNowOf, raceNowProblem, usableRacePlanInput } from '@pitwall/contracts';
import { ConflictError, NotFoundError } from '@pitwall/domain';
import { findRacePlan, findSession } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar } from './car-access.ts';

const SessionParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId'), sessionId: idParam('sessionId') });

/**
 * Race now: the race session running at the request's instant (`request.now`, the server's clock),
 * computed by raceNow of the contracts from the session (start, stints logged, fuel at start) and
 * its race event's plan (lap time, fuel per lap, tank, margin, rules). Same tenancy as every car
 * route (another team's car, race event or session: 404). The answer holds for its instant only:
 * no ETag (like the tire pressure suggestion, it is computed at the moment asked) and
 * `Cache-Control: no-store`.
 */
export const raceNowRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/events/:eventId/sessions/:sessionId/race-now', {
    schema: {
      tags: ['sessions'],
      summary:
        "The race now, for the pit wall: laps completed by the clock (elapsed time less the stops logged ÷ the plan's lap time; ?lapCorrection=laps counted at ?correctedAt=ISO time, both or neither, replaces it from that instant), the running stint (driver, first lap, minutes), fuel left (L; a full tank at the start unless the session records its fuel at start; a stop without litres counts as filled to full), the next stop's window (laps), each driver's minutes with the minutes to the minimum and maximum (null: no rule), and warnings. 409 for a session that is not a race or a plan without a lap time",
      params: SessionParams,
      querystring: RaceNowQuery,
      response: { 200: RaceNow, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      await requireCar(deps, request, carId);
      const session = await findSession(deps.db, carId, sessionId, raceEventId);
      if (!session) throw new NotFoundError('Session not found');
      const plan = usableRacePlanInput((await findRacePlan(deps.db, carId, raceEventId)) ?? DEFAULT_RACE_PLAN_INPUT);
      const problem = raceNowProblem(session, plan);
      if (problem !== null) throw new ConflictError(problem);
      const { lapCorrection, correctedAt } = request.query;
      const correction = lapCorrection === undefined || correctedAt === undefined ? null : { laps: lapCorrection, atMs: Date.parse(correctedAt) };
      reply.header('cache-control', 'no-store');
      return raceNowOf(session, plan, request.now.getTime(), correction);
    },
  });
};
