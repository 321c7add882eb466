import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CorrectFitDateBody, ErrorAnswer, FitPartBody, idParam, NewPartBody, Part, PartLifeEntry, PartsQuery, PatchPartBody, RemovePartBody, ServicePartBody } from '@pitwall/contracts';
import { NotFoundError, partDecider, partStream, type PartCommand } from '@pitwall/domain';
import { listPartsWithLife, partMatches, type PartWithLife } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { commandContext } from '../command/request-context.ts';
import { requireCarOfTeam, requireTeam } from './team-access.ts';
import { requireCar } from './car-access.ts';
import { inStreams, partOfTeam, partsOfCar, partsOfTeam } from '../etag/resource-scopes.ts';

const TeamParams = z.object({ teamId: idParam('teamId') });
const PartParams = TeamParams.extend({ partId: idParam('partId') });
const CarParams = z.object({ carId: idParam('carId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/** The day a request is answered for, 'YYYY-MM-DD' (UTC): expiry dates are counted from it. */
export const todayOf = (request: FastifyRequest) => request.now.toISOString().slice(0, 10);

/**
 * Parts life: a team's lifed parts, fitted to its cars, removed and serviced, with usage derived
 * from the sessions of the cars they were on. Team-scoped: a team the caller is not an active
 * member of (a series organiser included) answers 404, as does another team's part or car.
 */
export const partRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function requirePart(request: FastifyRequest, teamId: number, partId: number): Promise<PartWithLife> {
    const [found] = await listPartsWithLife(deps.db, teamId, todayOf(request), { partId });
    if (!found) throw new NotFoundError('Part not found');
    return found;
  }

  /** Runs `command` on part `partId` of team `teamId` and waits until the read models show it. */
  async function runPartCommand(request: FastifyRequest, teamId: number, partId: number, command: PartCommand): Promise<void> {
    const { position } = await deps.commands.handle(partDecider, partStream(partId), command, commandContext(request, teamId));
    await deps.commands.visible(position);
  }

  /** Checks the team and the part, runs `command`, answers the part as it is now. */
  async function changePart(request: FastifyRequest, params: z.infer<typeof PartParams>, command: PartCommand): Promise<Part> {
    const { teamId, partId } = params;
    await requireTeam(deps, request, teamId);
    await requirePart(request, teamId, partId);
    if (command.type === 'FitPart') await requireCarOfTeam(deps, request, teamId, command.data.carId);
    await runPartCommand(request, teamId, partId, command);
    return (await requirePart(request, teamId, partId)).part;
  }

  app.get('/api/teams/:teamId/parts', {
    config: { etag: inStreams(partsOfTeam) },
    schema: {
      tags: ['parts'],
      summary: "The team's parts (on the shelf and on every car) with usage, remaining life and status; filter by carId (fitted now), status, category",
      params: TeamParams,
      querystring: PartsQuery,
      response: { 200: z.array(Part), ...readErrors },
    },
    handler: async (request) => {
      const { teamId } = request.params;
      const { carId, ...filter } = request.query;
      await requireTeam(deps, request, teamId);
      const parts = await listPartsWithLife(deps.db, teamId, todayOf(request), carId === undefined ? {} : { carId });
      return parts.map((p) => p.part).filter((p) => partMatches(p, filter));
    },
  });

  app.post('/api/teams/:teamId/parts', {
    schema: {
      tags: ['parts'],
      summary: 'Add a part; with carId it is fitted to that car of the team since fittedAt (default: now)',
      params: TeamParams,
      body: NewPartBody,
      response: { 201: Part, ...errors },
    },
    handler: async (request, reply) => {
      const { teamId } = request.params;
      await requireTeam(deps, request, teamId);
      const { carId, fittedAt, ...details } = request.body;
      await requireCarOfTeam(deps, request, teamId, carId);
      const partId = await deps.ids.next('part');
      const createdAt = request.now.toISOString();
      await runPartCommand(request, teamId, partId, {
        type: 'AddPart',
        data: { partId, teamId, details, createdAt },
        fit: carId === null ? null : { carId, at: fittedAt ?? createdAt },
      });
      return reply.code(201).send((await requirePart(request, teamId, partId)).part);
    },
  });

  app.get('/api/teams/:teamId/parts/:partId', {
    config: { etag: inStreams(partOfTeam) },
    schema: { tags: ['parts'], summary: 'One part with its usage, remaining life and status', params: PartParams, response: { 200: Part, ...readErrors } },
    handler: async (request) => {
      const { teamId, partId } = request.params;
      await requireTeam(deps, request, teamId);
      return (await requirePart(request, teamId, partId)).part;
    },
  });

  app.patch('/api/teams/:teamId/parts/:partId', {
    config: { etag: inStreams(partOfTeam) },
    schema: {
      tags: ['parts'],
      summary: "Change a part's description, limits or usage before Pitwall (fields left out keep their value)",
      params: PartParams,
      body: PatchPartBody,
      response: { 412: Part, 200: Part, ...errors },
    },
    handler: async (request) => changePart(request, request.params, { type: 'RevisePart', data: request.body }),
  });

  app.delete('/api/teams/:teamId/parts/:partId', {
    config: { etag: inStreams(partOfTeam) },
    schema: { tags: ['parts'], summary: 'Delete a part (its history stays in the event store)', params: PartParams, response: { 412: Part, 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { teamId, partId } = request.params;
      await requireTeam(deps, request, teamId);
      await requirePart(request, teamId, partId);
      await runPartCommand(request, teamId, partId, { type: 'DeletePart' });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/teams/:teamId/parts/:partId/fit', {
    schema: {
      tags: ['parts'],
      summary: "Fit the part to a car of the team at `at` (a move when it is on another car); a date before the part's creation or its latest move answers 400 naming at",
      params: PartParams,
      body: FitPartBody,
      response: { 200: Part, ...errors },
    },
    handler: async (request) => changePart(request, request.params, { type: 'FitPart', data: request.body }),
  });

  app.patch('/api/teams/:teamId/parts/:partId/fit', {
    // A stale If-Match answers the part (412), as the answer of a correction is the part.
    config: { etag: inStreams(partOfTeam, (p) => `/api/teams/${p.teamId}/parts/${p.partId}`) },
    schema: {
      tags: ['parts'],
      summary:
        "Correct the date of the part's current fit to `at` (its usage follows); a part on the shelf answers 400 naming carId, a date before its previous removal (or its creation, for its first fit) or after a service since the fit 400 naming at",
      params: PartParams,
      body: CorrectFitDateBody,
      response: { 412: Part, 200: Part, ...errors },
    },
    handler: async (request) => changePart(request, request.params, { type: 'CorrectFitDate', data: request.body }),
  });

  app.post('/api/teams/:teamId/parts/:partId/remove', {
    schema: { tags: ['parts'], summary: 'Take the part off its car, to the shelf, at `at`', params: PartParams, body: RemovePartBody, response: { 200: Part, ...errors } },
    handler: async (request) => changePart(request, request.params, { type: 'RemovePart', data: request.body }),
  });

  app.post('/api/teams/:teamId/parts/:partId/service', {
    schema: {
      tags: ['parts'],
      summary: 'Record a service with notes; resetsLife (a rebuild) starts the life count again at zero, the total since new is kept',
      params: PartParams,
      body: ServicePartBody,
      response: { 200: Part, ...errors },
    },
    handler: async (request) => changePart(request, request.params, { type: 'ServicePart', data: request.body }),
  });

  app.get('/api/teams/:teamId/parts/:partId/life', {
    config: { etag: inStreams(partOfTeam) },
    schema: {
      tags: ['parts'],
      summary: "The part's life, oldest first: fitted, removed, serviced, and every session that counted (laps, km, hours)",
      params: PartParams,
      response: { 200: z.array(PartLifeEntry), ...readErrors },
    },
    handler: async (request) => {
      const { teamId, partId } = request.params;
      await requireTeam(deps, request, teamId);
      return (await requirePart(request, teamId, partId)).life;
    },
  });

  app.get('/api/cars/:carId/parts', {
    config: { etag: inStreams(partsOfCar) },
    schema: { tags: ['parts'], summary: 'The parts fitted to the car now, with usage, remaining life and status', params: CarParams, response: { 200: z.array(Part), ...readErrors } },
    handler: async (request) => {
      const car = await requireCar(deps, request, request.params.carId);
      return (await listPartsWithLife(deps.db, car.teamId, todayOf(request), { carId: car.id })).map((p) => p.part);
    },
  });
};
