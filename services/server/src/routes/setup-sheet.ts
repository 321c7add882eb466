import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, idParam, PutSetupSheetBody, PutTireTemperatureTargetsBody, SetupSheet, TireTemperatureTargets } from '@pitwall/contracts';
import { carStream, flattenSetupSheet } from '@pitwall/domain';
import { findSetupSheet, findTireTemperatureTargets } from '@pitwall/read-models';
import type { FastifyRequest } from 'fastify';
import { inStream } from '../etag/resource-scopes.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, runCarCommand } from './car-access.ts';
import { setupRaceEventId } from './car-setup.ts';

const CarParams = z.object({ carId: idParam('carId') });
const EventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
const writeErrors = { ...errors, 409: ErrorAnswer };

/**
 * The engineer's setup sheet, a setup section of the baseline (`/api/cars/{carId}/setup-sheet`) or
 * of a race event (`…/events/{eventId}/setup-sheet`, inheriting per field from the baseline) like
 * the suspension and the corner weights: units and ranges in @pitwall/contracts' setup-sheet.ts.
 * With them the car's tire temperature targets (°C), against which a session's tire temperatures
 * are read. ETag `car-{carId}`, If-Match and Idempotency-Key as every setup section.
 */
export const setupSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  const read = async (request: FastifyRequest, carId: number, eventId: number | undefined) => findSetupSheet(deps.db, carId, await setupRaceEventId(deps, request, carId, eventId, []));
  const write = async (request: FastifyRequest, carId: number, eventId: number | undefined, body: z.output<typeof PutSetupSheetBody>) => {
    const raceEventId = await setupRaceEventId(deps, request, carId, eventId, []);
    await runCarCommand(deps, request, carId, { type: 'SetSetupSheet', data: { raceEventId, values: flattenSetupSheet(body) } });
    return findSetupSheet(deps.db, carId, raceEventId);
  };
  const etag = { etag: inStream((p) => carStream(p.carId!)) };

  app.get('/api/cars/:carId/setup-sheet', {
    config: etag,
    schema: { tags: ['setup'], summary: "The car's setup sheet (per corner, aero, brakes, differential, electronics; null = not recorded)", params: CarParams, response: { 200: SetupSheet, ...errors } },
    handler: (request) => read(request, request.params.carId, undefined),
  });

  app.put('/api/cars/:carId/setup-sheet', {
    config: etag,
    schema: {
      tags: ['setup'],
      summary: "Replace the car's setup sheet (degrees, mm, N/mm, Nm, kg, %, clicks; each number in range or null); recorded in the car's history",
      params: CarParams,
      body: PutSetupSheetBody,
      response: { 412: SetupSheet, 200: SetupSheet, ...writeErrors },
    },
    handler: (request) => write(request, request.params.carId, undefined, request.body),
  });

  app.get('/api/cars/:carId/events/:eventId/setup-sheet', {
    config: etag,
    schema: {
      tags: ['setup'],
      summary: "A race event's EFFECTIVE setup sheet: per field its own value, else the car's (`ownFields`: its own, by path)",
      params: EventParams,
      response: { 200: SetupSheet, ...errors },
    },
    handler: (request) => read(request, request.params.carId, request.params.eventId),
  });

  app.put('/api/cars/:carId/events/:eventId/setup-sheet', {
    config: etag,
    schema: {
      tags: ['setup'],
      summary: "Save a race event's setup sheet: the complete sheet the form showed; what differs from the car's (or was already its own) is stored as its own",
      params: EventParams,
      body: PutSetupSheetBody,
      response: { 412: SetupSheet, 200: SetupSheet, ...writeErrors },
    },
    handler: (request) => write(request, request.params.carId, request.params.eventId, request.body),
  });

  app.get('/api/cars/:carId/tire-temperature-targets', {
    config: etag,
    schema: {
      tags: ['setup'],
      summary: "The car's tire temperature targets, °C: the inner − outer spread it aims for and the middle's tolerance (defaults 5–10 °C and ±2 °C until set)",
      params: CarParams,
      response: { 200: TireTemperatureTargets, ...errors },
    },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return findTireTemperatureTargets(deps.db, request.params.carId);
    },
  });

  app.put('/api/cars/:carId/tire-temperature-targets', {
    config: etag,
    schema: {
      tags: ['setup'],
      summary: "Replace the car's tire temperature targets (°C: spread 0–50 with min ≤ max, middle tolerance 0–20); recorded in the car's history",
      params: CarParams,
      body: PutTireTemperatureTargetsBody,
      response: { 412: TireTemperatureTargets, 200: TireTemperatureTargets, ...writeErrors },
    },
    handler: async (request) => {
      await runCarCommand(deps, request, request.params.carId, { type: 'SetTireTemperatureTargets', data: { targets: request.body } });
      return findTireTemperatureTargets(deps.db, request.params.carId);
    },
  });
};
