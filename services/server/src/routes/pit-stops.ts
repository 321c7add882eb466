import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, PatchPitStopBody, PostPitStopBody, RunSession } from '@pitwall/contracts';
import { requireUser } from '../identity/auth-plugin.ts';
import { changeSession, requireSessionReferences, SessionParams, sessionChangeErrors as errors, sessionEtag, tireSetsOfSession } from './session-change.ts';

const StopParams = SessionParams.extend({ stopId: idParam('stopId') });

/** What every answer of these routes says about refusals (OpenAPI summaries). */
const REFUSALS =
  "inLap on a lap that already has a stop, or beyond the session's laps when it has laps, answers 400 naming inLap; a driver who is not an active member of the team 400 naming driverMemberId; another team's tire set 404, a scrapped one 400 naming tireSetId. Nothing is stored then";

/**
 * Pit stops logged as they happen (race day: the timing file comes after the flag): POST one stop on
 * a session with or without laps, PATCH or DELETE it by its `stopId`. Each answers the session, whose
 * `stints` are then the ones its stops make (stintsFromPitStops) and whose `pitStops` list them.
 * Same tenancy as every car route (another team's car, session or stop: 404), every active member
 * of the team may log stops, as they may enter stints; ETag and If-Match: the session's.
 */
export const pitStopRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.post('/api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops', {
    config: sessionEtag(),
    schema: {
      tags: ['sessions'],
      summary: `Log a pit stop as it happens: the lap the car came in on (inLap, ≥ 1; the next stint begins on inLap + 1), and when recorded the stop's time (stopMs), fuel added (L), tire set fitted, driver going out (none: the same driver stays in), its time (at, ISO) and notes. Answers the session (201) with the stop in pitStops (its new stopId) and the stints the stops make. ${REFUSALS}`,
      params: SessionParams,
      body: PostPitStopBody,
      response: { 201: RunSession, ...errors },
    },
    handler: async (request, reply) => {
      const stop = request.body;
      const session = await changeSession(
        deps,
        request,
        request.params,
        async () => ({ type: 'LogPitStop', data: { stop: { stopId: await deps.ids.next('pit_stop'), ...stop } } }),
        (car, current) => requireSessionReferences(deps, car, [{ at: '', driverMemberId: stop.driverMemberId, tireSetId: stop.tireSetId }], tireSetsOfSession(current)),
      );
      return reply.code(201).send(session);
    },
  });

  app.patch('/api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId', {
    config: sessionEtag(),
    schema: {
      tags: ['sessions'],
      summary: `Correct a logged pit stop: the fields given change (null: not recorded), the others keep their value. Answers the session. A stop the session does not have answers 404. ${REFUSALS}`,
      params: StopParams,
      body: PatchPitStopBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => {
      const { stopId, ...params } = request.params;
      const changes = request.body;
      return changeSession(deps, request, params, { type: 'RevisePitStop', data: { stopId, changes } }, (car, current) =>
        requireSessionReferences(deps, car, [{ at: '', driverMemberId: changes.driverMemberId ?? null, tireSetId: changes.tireSetId ?? null }], tireSetsOfSession(current)),
      );
    },
  });

  app.delete('/api/cars/:carId/events/:eventId/sessions/:sessionId/pit-stops/:stopId', {
    config: sessionEtag(),
    schema: {
      tags: ['sessions'],
      summary: 'Remove a logged pit stop (the stints before and after it join). Answers the session; a stop the session does not have answers 404',
      params: StopParams,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => {
      const { stopId, ...params } = request.params;
      return changeSession(deps, request, params, { type: 'RemovePitStop', data: { stopId } });
    },
  });
};
