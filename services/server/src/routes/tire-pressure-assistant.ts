import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, idParam, PLANNING_ROLES, PutTirePressureTargetsBody, TirePressureSuggestion, TirePressureSuggestionQuery, TirePressureTargets } from '@pitwall/contracts';
import { carStream, NotFoundError, suggestColdPressures } from '@pitwall/domain';
import { findSession, findTirePressureTargets, listPressureSessions } from '@pitwall/read-models';
import { inStream } from '../etag/resource-scopes.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, requireRoleForCar, runCarCommand } from './car-access.ts';

const CarParams = z.object({ carId: idParam('carId') });
const RaceEventParams = CarParams.extend({ eventId: idParam('eventId') });
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/**
 * The tire pressure assistant: the car's target hot pressures (psi; audited as
 * TirePressureTargetsSet in the car's stream and history) and the cold pressures to set now at a
 * race event, from the team's own cold/hot readings (suggestColdPressures). Another team's car or
 * race event answers 404. The targets answer the car's ETag (`car-{carId}`) and their PUT honours
 * If-Match; the suggestion, computed from several streams at the moment asked, answers none.
 */
export const tirePressureAssistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/tire-pressure-targets', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: "The car's target HOT tire pressures, psi, per axle and optionally per corner (null = not set)", params: CarParams, response: { 200: TirePressureTargets, ...readErrors } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return findTirePressureTargets(deps.db, request.params.carId);
    },
  });

  app.put('/api/cars/:carId/tire-pressure-targets', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: {
      tags: ['setup'],
      summary: "Replace the car's target hot pressures (psi, 0–100; a corner left out or null takes its axle's); recorded in the car's history. The team owner, an admin or a race engineer only (403 for other roles)",
      params: CarParams,
      body: PutTirePressureTargetsBody,
      response: { 412: TirePressureTargets, 200: TirePressureTargets, ...readErrors, 403: ErrorAnswer, 409: ErrorAnswer },
    },
    handler: async (request) => {
      const car = await requireCar(deps, request, request.params.carId);
      await requireRoleForCar(deps, request, car, PLANNING_ROLES, "set the tire pressure assistant's targets");
      await runCarCommand(deps, request, car, { type: 'SetTirePressureTargets', data: { targets: request.body } });
      return findTirePressureTargets(deps.db, car.id);
    },
  });

  app.get('/api/cars/:carId/events/:eventId/tire-pressure-suggestion', {
    schema: {
      tags: ['sessions'],
      summary:
        'The cold pressures to set now (psi, two decimals) per corner for the car\'s targets, from the latest session at this track with cold and hot pressures (else the latest elsewhere, or ?sessionId; ?tireSetId: sessions on that tire set only), with the basis in words. Ideal gas model, same hot tire temperature as the reference run',
      params: RaceEventParams,
      querystring: TirePressureSuggestionQuery,
      response: { 200: TirePressureSuggestion, ...readErrors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const { ambientC, sessionId, tireSetId } = request.query;
      await requireCar(deps, request, carId);
      const raceEvent = await requireRaceEventOfCar(deps, carId, raceEventId);
      if (sessionId !== undefined && !(await findSession(deps.db, carId, sessionId))) throw new NotFoundError('Session not found');
      const [targets, sessions] = await Promise.all([findTirePressureTargets(deps.db, carId), listPressureSessions(deps.db, carId, tireSetId)]);
      return suggestColdPressures({ targets, location: raceEvent.location, ambientC, sessions, pickedSessionId: sessionId });
    },
  });
};
