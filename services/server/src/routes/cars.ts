import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Car, ErrorAnswer, idParam, MAINTENANCE_ITEMS, NewCarBody, UpdateCarBody } from '@pitwall/contracts';
import { carDecider, carStream, NotFoundError, ValidationError, type CarDetails } from '@pitwall/domain';
import { findCar, listCars, listUserTeams } from '@pitwall/read-models';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { requireCar, runCarCommand } from './car-access.ts';
import { commandContext } from '../command/request-context.ts';
import { inStream } from '../etag/resource-scopes.ts';
import { setTag } from '../etag/etags.ts';

const CarParams = z.object({ id: idParam('id') });

function detailsOf(body: z.output<typeof NewCarBody> | z.output<typeof UpdateCarBody>): CarDetails {
  const { name, makeModel, year, engine, transmission, weight, power, color, carClass } = body;
  return { name, makeModel, year, engine, transmission, weight, power, color, carClass };
}

/** Cars of docs/product.md, 'API': list, add, read, replace. Every route is scoped to the caller's active teams. */
export const carRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/cars', {
    schema: { tags: ['cars'], summary: "Cars of the caller's teams", response: { 200: z.array(Car), 401: ErrorAnswer } },
    handler: async (request) => {
      // The list's ETag comes from the statement that reads the cars (one round trip).
      const { cars, revisions } = await listCars(deps.db, userIdOf(request));
      request.etag = setTag('cars', revisions);
      return cars;
    },
  });

  app.post('/api/cars', {
    schema: { tags: ['cars'], summary: 'Add a car', body: NewCarBody, response: { 201: Car, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer } },
    handler: async (request, reply) => {
      const userId = userIdOf(request);
      const teams = await listUserTeams(deps.db, userId);
      const teamId = request.body.teamId ?? (teams.length === 1 ? teams[0]!.teamId : undefined);
      if (teamId === undefined) throw new ValidationError('teamId: choose the team this car belongs to');
      if (!teams.some((t) => t.teamId === teamId)) throw new NotFoundError('Team not found');
      const carId = await deps.ids.next('car');
      const now = request.now;
      const { position } = await deps.commands.handle(
        carDecider,
        carStream(carId),
        { type: 'CreateCar', data: { carId, teamId, details: detailsOf(request.body), now: now.toISOString() } },
        commandContext(request, teamId),
      );
      await deps.commands.visible(position);
      const car = await findCar(deps.db, userId, carId);
      if (!car) throw new Error(`car ${carId} is not visible after creation`);
      return reply.code(201).send(car);
    },
  });

  app.get('/api/cars/:id', {
    config: { etag: inStream((p) => carStream(p.id!)) },
    schema: { tags: ['cars'], summary: 'One car', params: CarParams, response: { 200: Car, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer } },
    handler: async (request) => requireCar(deps, request, request.params.id),
  });

  app.put('/api/cars/:id', {
    config: { etag: inStream((p) => carStream(p.id!)) },
    schema: {
      tags: ['cars'],
      summary: 'Replace the car object: basic data, tuning link, maintenance dates, geometry (wheelbase mm, motion ratios, unsprung kg), fuel tank (litres)',
      params: CarParams,
      body: UpdateCarBody,
      response: { 412: Car, 200: Car, 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer },
    },
    handler: async (request) => {
      const { id } = request.params;
      const body = request.body;
      if (body.id !== undefined && body.id !== id) throw new ValidationError(`id: the body's id ${body.id} does not match the path's ${id}`);
      const maintenance = Object.fromEntries(MAINTENANCE_ITEMS.filter((i) => body[i.field] !== undefined).map((i) => [i.field, body[i.field]]));
      const geometry = Object.fromEntries((['wheelbaseMm', 'motionRatio', 'unsprungKg'] as const).filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
      await runCarCommand(deps, request, id, { type: 'UpdateCar', data: { details: detailsOf(body), tuningFileUrl: body.tuningFileUrl, maintenance, geometry, tankLitres: body.tankLitres } });
      return requireCar(deps, request, id);
    },
  });
};
