import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_RACE_PLAN_INPUT, ErrorAnswer, idParam, planRace, PLANNING_ROLES, PutFuelAtEndBody, PutStintsBody, RacePlan, RacePlanInput, RunSession, usableRacePlanInput, type Car, type RacePlanInput as PlanInput, type StintValue } from '@pitwall/contracts';
import { NotFoundError, raceEventDecider, raceEventStream, runSessionDecider, runSessionStream, ValidationError, type RunSessionCommand } from '@pitwall/domain';
import { findRacePlan, findSession, listMembers, listTireSetsWithLife } from '@pitwall/read-models';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, requireRoleForCar, runCommandForCar } from './car-access.ts';
import { inStream, sessionsOf } from '../etag/resource-scopes.ts';

const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const SessionParams = RaceEventParams.extend({ sessionId: idParam('sessionId') });
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
const errors = { ...readErrors, 409: ErrorAnswer };

/** The ids of the active members of team `teamId` (the drivers a stint or a plan may name). */
async function activeMemberIds(deps: AppDeps, teamId: number): Promise<Set<number>> {
  return new Set((await listMembers(deps.db, teamId)).filter((m) => m.isActive).map((m) => m.id));
}

/**
 * Throws unless every stint may be stored for a session of `car`: ValidationError
 * `stints[i].driverMemberId` for a driver who is not an active member of the car's team;
 * NotFoundError 'Tire set not found' for a set that is not the team's, ValidationError
 * `stints[i].tireSetId` for a scrapped one. A set already named by the session (`known`) is not
 * checked again: a set scrapped after the race does not block correcting its stints.
 */
async function requireStintReferences(deps: AppDeps, car: Car, stints: readonly StintValue[], known: ReadonlySet<number>): Promise<void> {
  const members = await activeMemberIds(deps, car.teamId);
  const sets = new Map((await listTireSetsWithLife(deps.db, car.teamId)).map((s) => [s.set.id, s.set]));
  for (const [i, stint] of stints.entries()) {
    if (!members.has(stint.driverMemberId)) throw new ValidationError(`stints[${i}].driverMemberId: the driver must be an active member of the car's team`);
    if (stint.tireSetId === null || known.has(stint.tireSetId)) continue;
    const set = sets.get(stint.tireSetId);
    if (!set) throw new NotFoundError('Tire set not found');
    if (set.condition === 'scrapped') throw new ValidationError(`stints[${i}].tireSetId: ${set.name} is scrapped; choose a set that is not`);
  }
}

/** Throws ValidationError naming `driverMemberIds` unless every planned driver is an active member of the car's team. */
async function requirePlanDrivers(deps: AppDeps, car: Car, plan: PlanInput): Promise<void> {
  const members = await activeMemberIds(deps, car.teamId);
  const stranger = plan.driverMemberIds.findIndex((id) => !members.has(id));
  if (stranger >= 0) throw new ValidationError(`driverMemberIds[${stranger}]: the driver must be an active member of the car's team`);
}

/** A plan as answered: its inputs (`saved` false: none saved, the defaults) with planRace's answers. */
/** The plan as answered; a stored `input` goes through usableRacePlanInput, so an absurd value stored before the ranges never fails the read. */
const racePlanOf = (input: PlanInput | null): RacePlan => {
  const usable = input === null ? DEFAULT_RACE_PLAN_INPUT : usableRacePlanInput(input);
  return { saved: input !== null, ...usable, ...planRace(usable) };
};

/**
 * Endurance racing: the stints of a session (driver, laps, fuel added, stop time, tyre set) and the
 * fuel at its end, and the race plan of a race event. Same tenancy as every car route: another
 * team's car, race event or session answers 404.
 */
export const enduranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  /** Checks tenancy and the session, runs `command` on it (after `check`), answers the session as it is now. */
  async function changeSession(request: FastifyRequest, params: z.infer<typeof SessionParams>, command: RunSessionCommand, check?: (car: Car, session: RunSession) => Promise<void>): Promise<RunSession> {
    const { carId, eventId: raceEventId, sessionId } = params;
    const car = await requireCar(deps, request, carId);
    const session = await findSession(deps.db, carId, sessionId, raceEventId);
    if (!session) throw new NotFoundError('Session not found');
    await check?.(car, session);
    await runCommandForCar(deps, request, car, runSessionDecider, runSessionStream(sessionId), command);
    return (await findSession(deps.db, carId, sessionId, raceEventId))!;
  }

  const sessionUrl = (p: Record<string, number>) => `/api/cars/${p.carId}/events/${p.eventId}/sessions/${p.sessionId}`;

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/stints', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), sessionUrl, sessionsOf) },
    schema: {
      tags: ['sessions'],
      summary:
        "Replace the session's stints (the whole list): driver, laps fromLap–toLap (1-based, inclusive), fuel added at the stop (L), the stop's time (ms), the tyre set fitted, notes. Laps that overlap another stint or lie outside the session's laps answer 400 naming the stint (stints[i]); a driver not of the team 400 naming stints[i].driverMemberId; another team's tyre set 404, a scrapped one 400",
      params: SessionParams,
      body: PutStintsBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) =>
      changeSession(request, request.params, { type: 'SetSessionStints', data: request.body }, (car, session) =>
        requireStintReferences(deps, car, request.body.stints, new Set([...session.stints.flatMap((s) => (s.tireSetId === null ? [] : [s.tireSetId])), ...(session.tireSetId === null ? [] : [session.tireSetId])])),
      ),
  });

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/fuel-at-end', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), sessionUrl, sessionsOf) },
    schema: {
      tags: ['sessions'],
      summary: 'Record the fuel in the tank after the session (L; null: not measured); the session then answers its fuel per lap as run',
      params: SessionParams,
      body: PutFuelAtEndBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => changeSession(request, request.params, { type: 'SetSessionFuelAtEnd', data: request.body }),
  });

  app.get('/api/cars/:carId/events/:eventId/race-plan', {
    config: { etag: inStream((p) => raceEventStream(p.eventId!)) },
    schema: { tags: ['race events'], summary: "The race event's race plan: its inputs (saved false: none saved yet, the defaults) and answers (laps, laps per stint, stops, fuel, stints, warnings)", params: RaceEventParams, response: { 200: RacePlan, ...readErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      return racePlanOf(await findRacePlan(deps.db, carId, raceEventId));
    },
  });

  app.put('/api/cars/:carId/events/:eventId/race-plan', {
    config: { etag: inStream((p) => raceEventStream(p.eventId!)) },
    schema: {
      tags: ['race events'],
      summary:
        'Save the race plan (the complete inputs: race length in minutes or laps, lap time ms, fuel per lap L, tank L, reserve margin %, minimum stop ms, drivers in order, driving-time rules in minutes) and answer it with its answers; a driver not of the team answers 400 naming driverMemberIds[i]. The team owner, an admin or a race engineer only (403 for other roles)',
      params: RaceEventParams,
      body: RacePlanInput,
      response: { 412: RacePlan, 200: RacePlan, ...errors, 403: ErrorAnswer },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      await requireRoleForCar(deps, request, car, PLANNING_ROLES, 'save the race plan');
      await requirePlanDrivers(deps, car, request.body);
      await runCommandForCar(deps, request, car, raceEventDecider, raceEventStream(raceEventId), { type: 'SetRacePlan', data: request.body });
      return racePlanOf(await findRacePlan(deps.db, carId, raceEventId));
    },
  });

  app.post('/api/cars/:carId/events/:eventId/race-plan/preview', {
    schema: { tags: ['race events'], summary: 'Compute a race plan from these inputs without saving it (the answers as PUT would give them)', params: RaceEventParams, body: RacePlanInput, response: { 200: RacePlan, ...readErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      await requirePlanDrivers(deps, car, request.body);
      return { ...racePlanOf(request.body), saved: false };
    },
  });
};
