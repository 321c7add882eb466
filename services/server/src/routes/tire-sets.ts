import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorAnswer, idParam, NewTireSetBody, PatchTireSetBody, TireSet, TireSetsQuery, TreadMeasurement, TreadMeasurementBody } from '@pitwall/contracts';
import { ConflictError, NotFoundError, tireSetDecider, tireSetStream, type TireSetCommand } from '@pitwall/domain';
import { findTireSetWithBarcode, listTireSetsWithLife, tireSetMatches, type TireSetWithLife } from '@pitwall/read-models';
import { requireUser } from '../identity/auth-plugin.ts';
import { commandContext } from '../command/request-context.ts';
import { requireCarOfTeam, requireTeam } from './team-access.ts';
import { inStreams, tireSetOfTeam, tireSetsOfTeam } from '../etag/resource-scopes.ts';

const TeamParams = z.object({ teamId: idParam('teamId') });
const SetParams = TeamParams.extend({ setId: idParam('setId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

/**
 * Tire sets: a team's sets of tires, in its store or on its cars, with heat cycles, laps, distance
 * and time derived from the sessions that name them (heat cycles and laps plus the earlier use the
 * team entered for a set bought scrubbed or used), and tread wear from dated measurements.
 * Team-scoped: a team the caller is not an active member of answers 404, as does another team's
 * set or car.
 */
export const tireSetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function requireSet(teamId: number, setId: number): Promise<TireSetWithLife> {
    const [found] = await listTireSetsWithLife(deps.db, teamId, { tireSetId: setId });
    if (!found) throw new NotFoundError('Tire set not found');
    return found;
  }

  /** Runs `command` on set `setId` of team `teamId` and waits until the read models show it. */
  async function runSetCommand(request: FastifyRequest, teamId: number, setId: number, command: TireSetCommand): Promise<void> {
    const { position } = await deps.commands.handle(tireSetDecider, tireSetStream(setId), command, commandContext(request, teamId));
    await deps.commands.visible(position);
  }

  /** Throws ConflictError naming `barcode` when another set of the team that is not scrapped carries it (a set being scrapped may keep it). */
  async function requireFreeBarcode(teamId: number, barcode: string | null, condition: TireSet['condition'], setId: number | null): Promise<void> {
    if (barcode === null || condition === 'scrapped') return;
    const other = await findTireSetWithBarcode(deps.db, teamId, barcode, setId);
    if (other) throw new ConflictError(`barcode: Barcode ${barcode} is already on ${other.name}`);
  }

  /** Checks the team and the set, runs `command` on it, answers the set as it is now. */
  async function changeSet(request: FastifyRequest, params: z.infer<typeof SetParams>, command: TireSetCommand): Promise<TireSet> {
    const { teamId, setId } = params;
    await requireTeam(deps, request, teamId);
    const { set } = await requireSet(teamId, setId);
    if (command.type === 'ReviseTireSet') {
      await requireCarOfTeam(deps, request, teamId, command.data.carId);
      await requireFreeBarcode(teamId, command.data.barcode === undefined ? set.barcode : command.data.barcode, command.data.condition ?? set.condition, setId);
    }
    await runSetCommand(request, teamId, setId, command);
    return (await requireSet(teamId, setId)).set;
  }

  app.get('/api/teams/:teamId/tire-sets', {
    config: { etag: inStreams(tireSetsOfTeam) },
    schema: {
      tags: ['tire-sets'],
      summary: "The team's tire sets (in the store and on every car) with heat cycles, laps, km, hours and wear; filter by carId (on that car now) and condition",
      params: TeamParams,
      querystring: TireSetsQuery,
      response: { 200: z.array(TireSet), ...readErrors },
    },
    handler: async (request) => {
      const { teamId } = request.params;
      const { carId, condition } = request.query;
      await requireTeam(deps, request, teamId);
      const sets = await listTireSetsWithLife(deps.db, teamId, carId === undefined ? {} : { carId });
      return sets.map((s) => s.set).filter((s) => tireSetMatches(s, { condition }));
    },
  });

  app.post('/api/teams/:teamId/tire-sets', {
    schema: {
      tags: ['tire-sets'],
      summary:
        'Add a tire set (to the store, or to a car of the team with carId), with the heat cycles and laps it ran before (earlierHeatCycles 0–100, earlierLaps 0–5000; a new set with earlier use answers scrubbed); a minimum tread not below the tread when new answers 400 naming treadMinimumMm, earlier laps without an earlier heat cycle 400 naming earlierHeatCycles; barcode: the supplier label (4–40 of A–Z, a–z, 0–9, dash), a barcode another set of the team that is not scrapped carries answers 409 naming barcode',
      params: TeamParams,
      body: NewTireSetBody,
      response: { 201: TireSet, ...errors },
    },
    handler: async (request, reply) => {
      const { teamId } = request.params;
      await requireTeam(deps, request, teamId);
      await requireCarOfTeam(deps, request, teamId, request.body.carId);
      await requireFreeBarcode(teamId, request.body.barcode, request.body.condition, null);
      const tireSetId = await deps.ids.next('tire_set');
      await runSetCommand(request, teamId, tireSetId, { type: 'AddTireSet', data: { tireSetId, teamId, details: request.body, createdAt: request.now.toISOString() } });
      return reply.code(201).send((await requireSet(teamId, tireSetId)).set);
    },
  });

  app.get('/api/teams/:teamId/tire-sets/:setId', {
    config: { etag: inStreams(tireSetOfTeam) },
    schema: { tags: ['tire-sets'], summary: 'One tire set with its sessions (best laps, pressures), heat cycles, laps, km, hours and wear', params: SetParams, response: { 200: TireSet, ...readErrors } },
    handler: async (request) => {
      const { teamId, setId } = request.params;
      await requireTeam(deps, request, teamId);
      return (await requireSet(teamId, setId)).set;
    },
  });

  app.patch('/api/teams/:teamId/tire-sets/:setId', {
    config: { etag: inStreams(tireSetOfTeam) },
    schema: {
      tags: ['tire-sets'],
      summary: "Change a tire set's description, condition, tread depths, earlier use, barcode or car (fields left out keep their value; carId null: to the store; a barcode on another set of the team that is not scrapped answers 409 naming barcode)",
      params: SetParams,
      body: PatchTireSetBody,
      response: { 412: TireSet, 200: TireSet, ...errors },
    },
    handler: async (request) => changeSet(request, request.params, { type: 'ReviseTireSet', data: request.body }),
  });

  app.delete('/api/teams/:teamId/tire-sets/:setId', {
    config: { etag: inStreams(tireSetOfTeam) },
    schema: { tags: ['tire-sets'], summary: 'Delete a tire set (its history stays in the event store; sessions keep naming it)', params: SetParams, response: { 412: TireSet, 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { teamId, setId } = request.params;
      await requireTeam(deps, request, teamId);
      await requireSet(teamId, setId);
      await runSetCommand(request, teamId, setId, { type: 'DeleteTireSet' });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/teams/:teamId/tire-sets/:setId/tread', {
    schema: {
      tags: ['tire-sets'],
      summary: "Record a tread measurement: 1 to 4 depths per corner (mm; outer, centre, inner) at measuredAt; answers the set with its wear. A depth deeper than the set's tread when new answers 400 naming the corner",
      params: SetParams,
      body: TreadMeasurementBody,
      response: { 200: TireSet, ...errors },
    },
    handler: async (request) => changeSet(request, request.params, { type: 'MeasureTread', data: request.body }),
  });

  app.get('/api/teams/:teamId/tire-sets/:setId/tread', {
    config: { etag: inStreams(tireSetOfTeam) },
    schema: {
      tags: ['tire-sets'],
      summary: "The set's tread measurements, oldest first, each with its wear per corner and the laps run by then",
      params: SetParams,
      response: { 200: z.array(TreadMeasurement), ...readErrors },
    },
    handler: async (request) => {
      const { teamId, setId } = request.params;
      await requireTeam(deps, request, teamId);
      return (await requireSet(teamId, setId)).treads;
    },
  });
};
