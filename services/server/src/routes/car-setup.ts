import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Car, ErrorAnswer, GearRatio, idParam, PutGearRatiosBody, PutSuspensionBody, PutTirePressuresBody, SetupQuery, Suspension, TirePressures } from '@pitwall/contracts';
import { carStream, NotFoundError, ValidationError } from '@pitwall/domain';
import { baselineGearRatiosOf, findSuspension, findTirePressures, listBaselineGearRatiosOfUser, listGearRatios } from '@pitwall/read-models';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, runCarCommand } from './car-access.ts';
import { inStream } from '../etag/resource-scopes.ts';
import { readModelTag } from '../etag/etag-plugin.ts';
import { streamTag } from '../etag/etags.ts';

const Params = z.object({ carId: idParam('carId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
const writeErrors = { ...errors, 409: ErrorAnswer };

/**
 * The car and the race event whose setup a request is about: the API's `?eventId=`
 * (`queryRaceEventId`) or the body's `eventId` (`bodyRaceEventIds`, one per row; one race event's
 * own setup), else the car's baseline (null). Rows that name another race event are refused with
 * a 400 naming the row's `eventId`; a car or race event the caller cannot see is a 404.
 */
async function setupOf(deps: AppDeps, request: FastifyRequest, carId: number, queryRaceEventId: number | undefined, bodyRaceEventIds: (number | null)[]): Promise<{ car: Car; raceEventId: number | null }> {
  const raceEventId = queryRaceEventId ?? bodyRaceEventIds.find((id) => id !== null) ?? null;
  const stray = bodyRaceEventIds.findIndex((id) => id !== null && id !== raceEventId);
  if (stray >= 0) throw new ValidationError(`row ${stray + 1} eventId: every row must belong to the same race event (${raceEventId})`);
  const car = await requireCar(deps, request, carId);
  if (raceEventId !== null) await requireRaceEventOfCar(deps, carId, raceEventId);
  return { car, raceEventId };
}

/** The race event whose setup a request is about (see setupOf), for a route that needs no more of the car. */
export async function setupRaceEventId(deps: AppDeps, request: FastifyRequest, carId: number, queryRaceEventId: number | undefined, bodyRaceEventIds: (number | null)[]): Promise<number | null> {
  return (await setupOf(deps, request, carId, queryRaceEventId, bodyRaceEventIds)).raceEventId;
}

/** Gear ratios, suspension & alignment and tire pressures (docs/product.md, 'API'), per baseline or race event. */
export const carSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars/:carId/gear-ratios', {
    schema: { tags: ['setup'], summary: 'Gear ratios of the baseline or of ?eventId', params: Params, querystring: SetupQuery, response: { 200: z.array(GearRatio), ...errors } },
    handler: async (request) => {
      const { carId } = request.params;
      if (request.query.eventId === undefined) {
        // The baseline, the most read list: one statement with the tenancy check and the ETag's revision in it, kept between commits.
        const userId = userIdOf(request);
        const found = await deps.answers.get(`gear-ratios ${carId} ${userId}`, () => listBaselineGearRatiosOfUser(deps.db, userId, carId));
        if (!found) throw new NotFoundError('Car not found');
        request.etag = streamTag(carStream(carId), found.revision);
        return found.rows;
      }
      const raceEventId = await setupRaceEventId(deps, request, carId, request.query.eventId, []);
      request.etag = await readModelTag(deps.db, { stream: carStream(carId) });
      return listGearRatios(deps.db, carId, raceEventId);
    },
  });

  app.put('/api/cars/:carId/gear-ratios', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: 'Replace the gear ratio list', params: Params, querystring: SetupQuery, body: PutGearRatiosBody, response: { 412: z.array(GearRatio), 200: z.array(GearRatio), ...writeErrors } },
    handler: async (request) => {
      const { carId } = request.params;
      // The rows' ids are allocated while the car is checked (one round trip less; a refused request leaves a gap in the ids, as a rolled-back one does).
      const [{ car, raceEventId }, ids] = await Promise.all([
        setupOf(deps, request, carId, request.query.eventId, request.body.map((r) => r.eventId)),
        deps.ids.nextMany('gear_ratio', request.body.length),
      ]);
      const rows = request.body.map((r, i) => ({ id: ids[i]!, name: r.name, ratio: r.ratio, speedAtMaxRpm: r.speedAtMaxRpm, notes: r.notes }));
      const events = await runCarCommand(deps, request, car, { type: 'SetGearRatios', data: { raceEventId, rows } });
      // A new baseline list is the event's rows (no read back); a race event's list is merged with the baseline's.
      const set = events.find((e) => e.type === 'GearRatiosSet');
      if (set && raceEventId === null) return baselineGearRatiosOf(carId, set.data.rows);
      return listGearRatios(deps.db, carId, raceEventId);
    },
  });

  app.get('/api/cars/:carId/suspension', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: 'Suspension & alignment of the baseline or of ?eventId (null when none)', params: Params, querystring: SetupQuery, response: { 200: Suspension.nullable(), ...errors } },
    handler: async (request) => {
      const { carId } = request.params;
      const raceEventId = await setupRaceEventId(deps, request, carId, request.query.eventId, []);
      return findSuspension(deps.db, carId, raceEventId);
    },
  });

  app.put('/api/cars/:carId/suspension', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: 'Replace the suspension & alignment', params: Params, querystring: SetupQuery, body: PutSuspensionBody, response: { 412: Suspension.nullable(), 200: Suspension, ...writeErrors } },
    handler: async (request) => {
      const { carId } = request.params;
      const { carId: _bodyCarId, eventId: bodyRaceEventId, ...values } = request.body;
      const { car, raceEventId } = await setupOf(deps, request, carId, request.query.eventId, [bodyRaceEventId]);
      const suspensionId = await deps.ids.next('suspension');
      await runCarCommand(deps, request, car, { type: 'SetSuspension', data: { raceEventId, suspensionId, values } });
      const saved = await findSuspension(deps.db, carId, raceEventId);
      if (!saved) throw new Error(`suspension of car ${carId} not visible after saving`);
      return saved;
    },
  });

  app.get('/api/cars/:carId/tire-pressures', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: 'Tire pressure rows and shared note of the baseline or of ?eventId', params: Params, querystring: SetupQuery, response: { 200: TirePressures, ...errors } },
    handler: async (request) => {
      const { carId } = request.params;
      const raceEventId = await setupRaceEventId(deps, request, carId, request.query.eventId, []);
      return findTirePressures(deps.db, carId, raceEventId);
    },
  });

  app.put('/api/cars/:carId/tire-pressures', {
    config: { etag: inStream((p) => carStream(p.carId!)) },
    schema: { tags: ['setup'], summary: 'Replace the tire pressures', params: Params, querystring: SetupQuery, body: PutTirePressuresBody, response: { 412: TirePressures, 200: TirePressures, ...writeErrors } },
    handler: async (request) => {
      const { carId } = request.params;
      const { items, notes } = request.body;
      const { car, raceEventId } = await setupOf(deps, request, carId, request.query.eventId, [request.body.eventId, ...items.map((r) => r.eventId)]);
      const ids = await deps.ids.nextMany('tire_pressure', items.length);
      const rows = items.map((r, i) => ({ id: ids[i]!, condition: r.condition, frontLeft: r.frontLeft, frontRight: r.frontRight, rearLeft: r.rearLeft, rearRight: r.rearRight }));
      await runCarCommand(deps, request, car, { type: 'SetTirePressures', data: { raceEventId, rows, notes } });
      return findTirePressures(deps.db, carId, raceEventId);
    },
  });
};
