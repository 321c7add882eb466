import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CornerWeights, ErrorAnswer, idParam, PutCornerWeightsBody, PutSetupTargetsBody, SetupQuery, SetupTargets } from '@pitwall/contracts';
import { carStream } from '@pitwall/domain';
import { findCornerWeights, findCrossDiagonalOfCar, findSetupTargets } from '@pitwall/read-models';
import { inStream } from '../etag/resource-scopes.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, runCarCommand } from './car-access.ts';
import { setupRaceEventId } from './car-setup.ts';

const Params = z.object({ carId: idParam('carId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
const writeErrors = { ...errors, 409: ErrorAnswer };

/**
 * Corner weights (the scales), a setup section per baseline or race event like the suspension, and
 * the car's setup targets (cross weight and front weight, %). Kg in and out; the cross weight on
 * the team's diagonal. ETag `car-{carId}`, If-Match and Idempotency-Key as every setup section.
 */
export const cornerWeightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/corner-weights', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: {
      tags: ['setup'],
      summary: 'Corner weights (kg) of the baseline or of ?eventId, with total, front %, left %, cross weight % and wedge (null fields: not recorded)',
      params: Params,
      querystring: SetupQuery,
      response: { 200: CornerWeights, ...errors },
    },
    handler: async (request) => {
      const { carId } = request.params;
      const raceEventId = await setupRaceEventId(deps, request, carId, request.query.eventId, []);
      return findCornerWeights(deps.db, carId, raceEventId, await findCrossDiagonalOfCar(deps.db, carId));
    },
  });

  app.put('/api/cars/:carId/corner-weights', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: {
      tags: ['setup'],
      summary: "Replace the corner weights (kg, each 0–2,000) of the baseline or of ?eventId; recorded in the car's history",
      params: Params,
      querystring: SetupQuery,
      body: PutCornerWeightsBody,
      response: { 412: CornerWeights, 200: CornerWeights, ...writeErrors },
    },
    handler: async (request) => {
      const { carId } = request.params;
      const { eventId: bodyRaceEventId, ...values } = request.body;
      const raceEventId = await setupRaceEventId(deps, request, carId, request.query.eventId, [bodyRaceEventId]);
      await runCarCommand(deps, request, carId, { type: 'SetCornerWeights', data: { raceEventId, values } });
      return findCornerWeights(deps.db, carId, raceEventId, await findCrossDiagonalOfCar(deps.db, carId));
    },
  });

  app.get('/api/cars/:carId/setup-targets', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: "The car's target cross weight and front weight, percent (null = no target)", params: Params, response: { 200: SetupTargets, ...errors } },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return findSetupTargets(deps.db, request.params.carId);
    },
  });

  app.put('/api/cars/:carId/setup-targets', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: {
      tags: ['setup'],
      summary: "Replace the car's target cross weight and front weight (percent, 0–100; left out or null: no target); recorded in the car's history",
      params: Params,
      body: PutSetupTargetsBody,
      response: { 412: SetupTargets, 200: SetupTargets, ...writeErrors },
    },
    handler: async (request) => {
      const { carId } = request.params;
      await runCarCommand(deps, request, carId, { type: 'SetSetupTargets', data: { targets: request.body } });
      return findSetupTargets(deps.db, carId);
    },
  });
};
