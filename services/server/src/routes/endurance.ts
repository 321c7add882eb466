import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_RACE_PLAN_INPUT, ErrorAnswer, idParam, planRace, PLANNING_ROLES, PutFuelAtEndBody, PutStintsBody, RacePlan, RacePlanInput, RunSession, usableRacePlanInput, type Car, type RacePlanInput as PlanInput } from '@pitwall/contracts';
import { raceEventDecider, raceEventStream, ValidationError } from '@pitwall/domain';
import { findRacePlan } from '@pitwall/read-models';
import type { AppDeps } from '../deps.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, requireRoleForCar, runCommandForCar } from './car-access.ts';
import { inStream } from '../etag/resource-scopes.ts';
import { activeMemberIds, changeSession, requireSessionReferences, SessionParams, sessionChangeErrors as errors, sessionEtag, tireSetsOfSession } from './session-change.ts';

const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

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
 * Endurance racing: the stints of a session (driver, laps, fuel added, stop time, tire set) and the
 * fuel at its end, and the race plan of a race event. Same tenancy as every car route: another
 * team's car, race event or session answers 404.
 */
export const enduranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/stints', {
    config: sessionEtag(),
    schema: {
      tags: ['sessions'],
      summary:
        "Replace the session's stints (the whole list): driver, laps fromLap–toLap (1-based, inclusive), fuel added at the stop (L), the stop's time (ms), the tire set fitted, notes. Laps that overlap another stint or lie outside the session's laps answer 400 naming the stint (stints[i]); a driver not of the team 400 naming stints[i].driverMemberId; another team's tire set 404, a scrapped one 400; a session with logged pit stops answers 409 (its stints are theirs: change the pit stops)",
      params: SessionParams,
      body: PutStintsBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) =>
      changeSession(deps, request, request.params, { type: 'SetSessionStints', data: request.body }, (car, session) =>
        requireSessionReferences(deps, car, request.body.stints.map((s, i) => ({ at: `stints[${i}].`, driverMemberId: s.driverMemberId, tireSetId: s.tireSetId })), tireSetsOfSession(session)),
      ),
  });

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/fuel-at-end', {
    config: sessionEtag(),
    schema: {
      tags: ['sessions'],
      summary: 'Record the fuel in the tank after the session (L; null: not measured); the session then answers its fuel per lap as run',
      params: SessionParams,
      body: PutFuelAtEndBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => changeSession(deps, request, request.params, { type: 'SetSessionFuelAtEnd', data: request.body }),
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
