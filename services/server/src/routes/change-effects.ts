import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangeEffect, ErrorAnswer, FieldChangeEffect, FieldChangeEffectsQuery, idParam } from '@pitwall/contracts';
import { listChangeEffects, listFieldChangeEffects } from '../change-effects/change-effects.ts';
import { changeEffectThresholdsOf } from '../change-effects/thresholds.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar } from './car-access.ts';

const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const CarParams = z.object({ carId: idParam('carId') });
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/**
 * What each change did: the setup changes between consecutive runs beside the lap times they led
 * to, with a verdict under the team's thresholds; and one setup field's changes across race
 * events. Same tenancy as every car route: another team's car or race event answers 404.
 */
export const changeEffectRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/events/:eventId/change-effects', {
    schema: {
      tags: ['sessions'],
      summary:
        "For each session after the first, in running order: the setup changes since the previous session (setups as run), the conditions of both runs, the lap-time deltas (after − before, ms) and the verdict ('faster', 'slower', 'within noise', 'not comparable') with its reason",
      params: RaceEventParams,
      response: { 200: z.array(ChangeEffect), ...readErrors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      const thresholds = await changeEffectThresholdsOf(deps, car.teamId);
      return (await listChangeEffects(deps, car.teamId, carId, raceEventId, thresholds)).map((e) => e.effect);
    },
  });

  app.get('/api/cars/:carId/change-effects', {
    schema: {
      tags: ['sessions'],
      summary: 'Every time the setup `field` (as the API names it, e.g. frontCamber) was changed between two runs, at race events at `location` (or anywhere), with what the runs showed; newest race event first',
      params: CarParams,
      querystring: FieldChangeEffectsQuery,
      response: { 200: z.array(FieldChangeEffect), ...readErrors },
    },
    handler: async (request) => {
      const car = await requireCar(deps, request, request.params.carId);
      const thresholds = await changeEffectThresholdsOf(deps, car.teamId);
      return listFieldChangeEffects(deps, car.teamId, car.id, request.query, thresholds);
    },
  });
};
