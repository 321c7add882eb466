import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  Bop, BARCODE_PATTERN, EnterSeriesBody, ErrorAnswer, PutBopBody, idParam, JoinCode, NewEntryBody, NewRoundBody, NewSeriesBody, PointsTable, PutRoundResultsBody, PutScrutineeringBody,
  PutScrutineeringItemsBody, PutTireAllocationBody, readClassification, RegisterTireSetBody, TireAllocation, TireRegister, ResultsPreview, ResultsPreviewBody, RoundResults,
  ScrutineeringItem, ScrutineeringSheet, Series, SeriesEntry, SeriesRound, Standings, TeamSeriesEntry,
} from '@pitwall/contracts';
import { ForbiddenError, NotFoundError, seriesDecider, seriesStream, ValidationError, type SeriesCommand } from '@pitwall/domain';
import {
  findActiveEntry, findTireAllocation, findTireRegister, findTireSetLabel, findPointsTable, findRoundResults, findSeries, findSeriesAccess, findSeriesIdByJoinCode, findStandings, findTeam, findTeamSeriesEntry,
  listRoundBops, listScrutineeringItems, listScrutineeringSheets, listSeries, listSeriesEntries, listUserTeams, roundExists, type SeriesAccess,
} from '@pitwall/read-models';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { LAPS_PREVIEW_BODY_LIMIT_BYTES } from './sessions.ts';
import { requireCar } from './car-access.ts';
import { commandContext } from '../command/request-context.ts';
import { inStream, inStreams, seriesOfCaller, tireRegisterOfRound } from '../etag/resource-scopes.ts';
import { deliverTimetables } from '../timetable/deliver-timetable.ts';

const SeriesParams = z.object({ seriesId: idParam('seriesId') });
const EntryParams = z.object({ seriesId: idParam('seriesId'), entryId: idParam('entryId') });
const RoundParams = z.object({ seriesId: idParam('seriesId'), roundId: idParam('roundId') });
const SheetParams = z.object({ seriesId: idParam('seriesId'), roundId: idParam('roundId'), entryId: idParam('entryId') });
const TeamParams = z.object({ teamId: idParam('teamId') });
const BarcodeParams = RoundParams.extend({ barcode: z.string().regex(BARCODE_PATTERN, "barcode must be 4 to 40 letters, digits or '-'") });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** Join code alphabet: A–Z and 2–9 without I, O, 0 and 1 (read aloud and typed on a phone without mix-ups). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new join code: 8 characters of CODE_ALPHABET from the CSPRNG (32^8 ≈ 1.1·10^12 codes), stored without the dash. */
function newJoinCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** `value`, or NotFoundError(message) when the read model does not show it (yet). */
function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new NotFoundError(message);
  return value;
}

/**
 * Series. Access is the caller's role in the series (services/read-models scope.ts):
 * the organiser, or an active member of an entered team; anyone else gets 404 'Series not found'.
 * Organiser commands from an entrant answer 403; a team's entries, passports and results are
 * reached only by that team and the organiser. A car stays behind its team: the organiser never
 * reaches /api/cars/{id}/… (those routes scope by team membership only).
 */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  async function requireAccess(request: FastifyRequest, seriesId: number): Promise<SeriesAccess> {
    const access = await findSeriesAccess(deps.db, userIdOf(request), seriesId);
    if (!access) throw new NotFoundError('Series not found');
    return access;
  }

  async function requireSeries(request: FastifyRequest, seriesId: number): Promise<Series> {
    const series = await findSeries(deps.db, userIdOf(request), seriesId);
    if (!series) throw new NotFoundError('Series not found');
    return series;
  }

  async function runSeriesCommand(request: FastifyRequest, seriesId: number, command: SeriesCommand, teamId: number | null = null): Promise<boolean> {
    const { events, position } = await deps.commands.handle(seriesDecider, seriesStream(seriesId), command, commandContext(request, teamId));
    await deps.commands.visible(position);
    return events.length > 0;
  }

  const actorTeams = async (request: FastifyRequest) => (await listUserTeams(deps.db, userIdOf(request))).map(({ teamId, role }) => ({ teamId, role }));

  async function requireSheet(request: FastifyRequest, seriesId: number, roundId: number, entryId: number, access: SeriesAccess): Promise<ScrutineeringSheet> {
    if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
    const [sheet] = await listScrutineeringSheets(deps.db, userIdOf(request), seriesId, roundId, access, entryId);
    if (!sheet) throw new NotFoundError('Entry not found');
    return sheet;
  }

  app.get('/api/series', {
    config: { etag: inStreams(seriesOfCaller) },
    schema: { tags: ['series'], summary: 'Series the caller organises or where one of their active teams is entered', response: { 200: z.array(Series), 401: ErrorAnswer } },
    handler: async (request) => listSeries(deps.db, userIdOf(request)),
  });

  app.post('/api/series', {
    schema: { tags: ['series'], summary: 'Create a series; the caller becomes its organiser', body: NewSeriesBody, response: { 201: Series, ...errors } },
    handler: async (request, reply) => {
      const seriesId = await deps.ids.next('series');
      const { name, season, classes } = request.body;
      await runSeriesCommand(request, seriesId, { type: 'CreateSeries', data: { seriesId, name, season, classes, organiserUserId: userIdOf(request), now: request.now.toISOString() } });
      return reply.code(201).send(await requireSeries(request, seriesId));
    },
  });

  app.get('/api/series/:seriesId', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: 'One series with its rounds, classes and checklist (join codes for the organiser only)', params: SeriesParams, response: { 200: Series, ...errors } },
    handler: async (request) => requireSeries(request, request.params.seriesId),
  });

  app.post('/api/series/:seriesId/rounds', {
    schema: { tags: ['series'], summary: 'Add a round (organiser)', params: SeriesParams, body: NewRoundBody, response: { 201: SeriesRound, ...errors } },
    handler: async (request, reply) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      const roundId = await deps.ids.next('series_round');
      await runSeriesCommand(request, seriesId, { type: 'AddRound', data: { actorUserId: userIdOf(request), roundId, ...request.body, endsOn: request.body.endsOn ?? request.body.date } });
      return reply.code(201).send(found((await requireSeries(request, seriesId)).rounds.find((r) => r.id === roundId), 'Round not found'));
    },
  });

  app.post('/api/series/:seriesId/join-codes', {
    schema: { tags: ['series'], summary: 'Make a join code that admits teams for 30 days (organiser)', params: SeriesParams, response: { 201: JoinCode, ...errors } },
    handler: async (request, reply) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      const [joinCodeId, code] = [await deps.ids.next('series_join_code'), newJoinCode()];
      await runSeriesCommand(request, seriesId, { type: 'IssueJoinCode', data: { actorUserId: userIdOf(request), joinCodeId, code, now: request.now.toISOString() } });
      const formatted = `${code.slice(0, 4)}-${code.slice(4)}`;
      return reply.code(201).send(found((await requireSeries(request, seriesId)).joinCodes.find((c) => c.code === formatted), 'Join code not found'));
    },
  });

  app.post('/api/teams/:teamId/series', {
    schema: {
      tags: ['series'],
      summary: "Enter the team in a series with a join code (owner or admin); 201 with the team's entry, 200 when it was already entered",
      params: TeamParams,
      body: EnterSeriesBody,
      response: { 200: TeamSeriesEntry, 201: TeamSeriesEntry, ...errors },
    },
    handler: async (request, reply) => {
      const { teamId } = request.params;
      if (!(await findTeam(deps.db, userIdOf(request), teamId))) throw new NotFoundError('Team not found');
      const seriesId = await findSeriesIdByJoinCode(deps.db, request.body.code);
      if (seriesId === null) throw new ValidationError('code: This join code is not valid or has expired');
      const teamEntryId = await deps.ids.next('series_team_entry');
      const entered = await runSeriesCommand(
        request, seriesId,
        { type: 'EnterTeam', data: { actorTeams: await actorTeams(request), teamEntryId, teamId, code: request.body.code, now: request.now.toISOString() } },
        teamId,
      );
      const entry = await findTeamSeriesEntry(deps.db, seriesId, teamId);
      if (!entry) throw new NotFoundError('Series not found');
      return reply.code(entered ? 201 : 200).send(entry);
    },
  });

  app.get('/api/series/:seriesId/entries', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "Active car entries with their passports: every team's for the organiser, the caller's own teams' for an entrant",
      params: SeriesParams,
      response: { 200: z.array(SeriesEntry), ...errors },
    },
    handler: async (request) => {
      const { seriesId } = request.params;
      return listSeriesEntries(deps.db, userIdOf(request), seriesId, await requireAccess(request, seriesId));
    },
  });

  app.post('/api/series/:seriesId/entries', {
    schema: { tags: ['series'], summary: "Enter a car in a class under a number (owner or admin of the car's team); the rounds with a published timetable become the car's race events with their run sheets", params: SeriesParams, body: NewEntryBody, response: { 201: SeriesEntry, ...errors } },
    handler: async (request, reply) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      const car = await requireCar(deps, request, request.body.carId);
      const entryId = await deps.ids.next('series_entry');
      await runSeriesCommand(
        request, seriesId,
        { type: 'EnterCar', data: { actorTeams: await actorTeams(request), entryId, teamId: car.teamId, carId: car.id, class: request.body.class, number: request.body.number, now: request.now.toISOString() } },
        car.teamId,
      );
      // The rounds whose timetable is out reach the new entry's car at once.
      await deps.commands.visible(await deliverTimetables(deps, commandContext(request, car.teamId), seriesId, { entryId }));
      const entries = await listSeriesEntries(deps.db, userIdOf(request), seriesId, await requireAccess(request, seriesId));
      return reply.code(201).send(found(entries.find((e) => e.id === entryId), 'Entry not found'));
    },
  });

  // The tire register before the entries' withdrawal: a mis-scan is taken off while the entry stands.
  app.get('/api/series/:seriesId/rounds/:roundId/tire-allocation', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: "A round's tire allocation (organiser and entered teams): sets per car and compound, null while none is set", params: RoundParams, response: { 200: TireAllocation, ...errors } },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      return findTireAllocation(deps.db, seriesId, roundId);
    },
  });

  app.put('/api/series/:seriesId/rounds/:roundId/tire-allocation', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "Set a round's tire allocation (organiser): how many sets each car may register (1–40) and the compound (1–40 characters)",
      params: RoundParams,
      body: PutTireAllocationBody,
      response: { 412: TireAllocation, 200: TireAllocation, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'SetTireAllocation', data: { actorUserId: userIdOf(request), roundId, ...request.body } });
      return findTireAllocation(deps.db, seriesId, roundId);
    },
  });

  app.get('/api/series/:seriesId/rounds/:roundId/tire-register', {
    config: { etag: inStreams(tireRegisterOfRound) },
    schema: {
      tags: ['series'],
      summary:
        "A round's tire register with its allocation: every entry's registered barcodes (number, class, barcode, when) for the organiser, nothing of the teams' tire data; a team's own entries' with its sets' names",
      params: RoundParams,
      response: { 200: TireRegister, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      const access = await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      return findTireRegister(deps.db, userIdOf(request), seriesId, roundId, access);
    },
  });

  app.post('/api/series/:seriesId/rounds/:roundId/tire-register', {
    schema: {
      tags: ['series'],
      summary:
        "Register one of the team's tire sets for an entry at a round by its barcode (any active member of the entry's team): the set must be the team's, not scrapped and carry a barcode. Refused naming it: no allocation set for the round (409), a set without a barcode (400), a barcode already registered at the round (409), the entry at its allocation (409)",
      params: RoundParams,
      body: RegisterTireSetBody,
      response: { 201: TireRegister, ...errors },
    },
    handler: async (request, reply) => {
      const { seriesId, roundId } = request.params;
      const { entryId, tireSetId } = request.body;
      const access = await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      const teams = await actorTeams(request);
      const entry = await findActiveEntry(deps.db, seriesId, entryId);
      if (!entry || !teams.some((t) => t.teamId === entry.teamId)) throw new NotFoundError('Entry not found');
      const set = await findTireSetLabel(deps.db, entry.teamId, tireSetId);
      if (!set) throw new NotFoundError('Tire set not found');
      if (set.condition === 'scrapped') throw new ValidationError(`tireSetId: ${set.name} is scrapped`);
      await runSeriesCommand(
        request, seriesId,
        { type: 'RegisterTireSet', data: { actorTeams: teams, roundId, entryId, tireSetId, tireSetName: set.name, barcode: set.barcode, now: request.now.toISOString() } },
        entry.teamId,
      );
      return reply.code(201).send(await findTireRegister(deps.db, userIdOf(request), seriesId, roundId, access));
    },
  });

  app.delete('/api/series/:seriesId/rounds/:roundId/tire-register/:barcode', {
    config: { etag: inStreams(tireRegisterOfRound, (p) => `/api/series/${p.seriesId}/rounds/${p.roundId}/tire-register`) },
    schema: {
      tags: ['series'],
      summary: "Take a barcode off a round's tire register (a mis-scan; any active member of its entry's team)",
      params: BarcodeParams,
      response: { 412: TireRegister, 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { seriesId, roundId, barcode } = request.params;
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'UnregisterTireSet', data: { actorTeams: await actorTeams(request), roundId, barcode } });
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/series/:seriesId/entries/:entryId', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!), (p) => `/api/series/${p.seriesId}/entries`) },
    schema: { tags: ['series'], summary: "Withdraw a car's entry (owner or admin of its team): its passport leaves the organiser's views at once", params: EntryParams, response: { 412: z.array(SeriesEntry), 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { seriesId, entryId } = request.params;
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'WithdrawEntry', data: { actorTeams: await actorTeams(request), entryId } });
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/teams/:teamId/series/:seriesId', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!), (p) => `/api/series/${p.seriesId}`) },
    schema: {
      tags: ['series'],
      summary: 'Take the team out of a series (owner or admin): its cars are withdrawn, its results stay by number and class',
      params: z.object({ teamId: idParam('teamId'), seriesId: idParam('seriesId') }),
      response: { 412: Series, 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { teamId, seriesId } = request.params;
      if (!(await findTeam(deps.db, userIdOf(request), teamId))) throw new NotFoundError('Team not found');
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'LeaveSeries', data: { actorTeams: await actorTeams(request), teamId } }, teamId);
      return reply.code(204).send(null);
    },
  });

  app.put('/api/series/:seriesId/scrutineering-items', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!), (p) => `/api/series/${p.seriesId}`) },
    schema: { tags: ['series'], summary: 'Replace the scrutineering checklist (organiser)', params: SeriesParams, body: PutScrutineeringItemsBody, response: { 412: Series, 200: z.array(ScrutineeringItem), ...errors } },
    handler: async (request) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      const { items } = request.body;
      const newItemIds = await deps.ids.nextMany('scrutineering_item', items.filter((i) => i.id === undefined).length);
      await runSeriesCommand(request, seriesId, { type: 'SetScrutineeringItems', data: { actorUserId: userIdOf(request), items, newItemIds } });
      return listScrutineeringItems(deps.db, seriesId);
    },
  });

  app.get('/api/series/:seriesId/rounds/:roundId/scrutineering', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "A round's scrutineering sheets: every car for the organiser (withdrawn ones by number and class only), the caller's teams' cars for an entrant",
      params: RoundParams,
      response: { 200: z.array(ScrutineeringSheet), ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      const access = await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      return listScrutineeringSheets(deps.db, userIdOf(request), seriesId, roundId, access);
    },
  });

  app.get('/api/series/:seriesId/rounds/:roundId/scrutineering/:entryId', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: "One car's scrutineering sheet at a round (the organiser, or the car's team)", params: SheetParams, response: { 200: ScrutineeringSheet, ...errors } },
    handler: async (request) => {
      const { seriesId, roundId, entryId } = request.params;
      return requireSheet(request, seriesId, roundId, entryId, await requireAccess(request, seriesId));
    },
  });

  app.put('/api/series/:seriesId/rounds/:roundId/scrutineering/:entryId', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: 'Record pass / fail / reinspect with notes per item (organiser); who and when are recorded', params: SheetParams, body: PutScrutineeringBody, response: { 412: ScrutineeringSheet, 200: ScrutineeringSheet, ...errors } },
    handler: async (request) => {
      const { seriesId, roundId, entryId } = request.params;
      const access = await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'RecordScrutineering', data: { actorUserId: userIdOf(request), roundId, entryId, results: request.body.results } });
      return requireSheet(request, seriesId, roundId, entryId, access);
    },
  });

  app.get('/api/series/:seriesId/rounds/:roundId/results', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "A round's classification (organiser and entered teams): overall and class positions, laps, laps behind the class winner, best lap (ms), status, pole and points; who recorded it last and when",
      params: RoundParams,
      response: { 200: RoundResults, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      return findRoundResults(deps.db, seriesId, roundId);
    },
  });

  app.put('/api/series/:seriesId/rounds/:roundId/results', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary:
        "Record a round's whole classification (organiser; a later correction, such as a penalty, records it again and re-ranks the standings): per car its entry number, overall position, laps, best lap (ms), status 'classified' | 'dnf' | 'dsq' and pole. A number no car is entered under answers 400 naming the row's number; two cars of a class on pole 400 naming the row's pole",
      params: RoundParams,
      body: PutRoundResultsBody,
      response: { 412: RoundResults, 200: RoundResults, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'SetRoundResults', data: { actorUserId: userIdOf(request), roundId, results: request.body.results } });
      return findRoundResults(deps.db, seriesId, roundId);
    },
  });

  app.post('/api/series/:seriesId/rounds/:roundId/results/preview', {
    bodyLimit: LAPS_PREVIEW_BODY_LIMIT_BYTES,
    schema: {
      tags: ['series'],
      summary:
        "Read a round's classification from the timing's Al Kamel 'Classification' or 'Analysis' CSV without saving it (organiser): each car's number as the file writes it, position, laps, best lap, status and class, whether a car is entered under that number, and the numbers that are not; a file it cannot read answers 400 naming text",
      params: RoundParams,
      body: ResultsPreviewBody,
      response: { 200: ResultsPreview, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      const series = await requireSeries(request, seriesId);
      if (series.role !== 'organiser') throw new ForbiddenError('Only the series organiser can record results');
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      const reading = readClassification(request.body.text);
      if (!reading.ok) throw new ValidationError(`text: ${reading.message}`);
      const entered = new Set((await listSeriesEntries(deps.db, userIdOf(request), seriesId, { role: series.role, myTeams: series.myTeams })).map((e) => e.number));
      const results = reading.rows.map((r) => ({ ...r, entered: entered.has(r.number) }));
      return { results, unmatched: results.filter((r) => !r.entered).map((r) => r.number) };
    },
  });

  app.get('/api/series/:seriesId/points-table', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: 'The series\' points table: points per class position (1st first) and for pole; 25-18-15-12-10-8-6-4-2-1 and no pole points until the organiser sets one', params: SeriesParams, response: { 200: PointsTable, ...errors } },
    handler: async (request) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      return findPointsTable(deps.db, seriesId);
    },
  });

  app.put('/api/series/:seriesId/points-table', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: { tags: ['series'], summary: "Set the series' points table (organiser): points per class position, none more than the position before, 0–100 each; pole points 0–10", params: SeriesParams, body: PointsTable, response: { 412: PointsTable, 200: PointsTable, ...errors } },
    handler: async (request) => {
      const { seriesId } = request.params;
      await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'SetPointsTable', data: { actorUserId: userIdOf(request), ...request.body } });
      return findPointsTable(deps.db, seriesId);
    },
  });

  /** One car's BoP at a round the caller may see (the organiser, or the car's team); 404 when it is not theirs, or none is set. */
  async function requireBop(request: FastifyRequest, seriesId: number, roundId: number, entryId: number, access: SeriesAccess): Promise<Bop> {
    if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
    const [bop] = await listRoundBops(deps.db, userIdOf(request), seriesId, roundId, access, entryId);
    if (!bop) throw new NotFoundError('BoP not found');
    return bop;
  }

  app.get('/api/series/:seriesId/rounds/:roundId/bop', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary:
        "A round's balance of performance (BoP) per car: every car's for the organiser, the caller's teams' cars' for an entrant; ballast and minimum weight in kg, restrictor in mm (null: none), who set it last and when. Cars without a BoP at this round are not listed",
      params: RoundParams,
      response: { 200: z.array(Bop), ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId } = request.params;
      const access = await requireAccess(request, seriesId);
      if (!(await roundExists(deps.db, seriesId, roundId))) throw new NotFoundError('Round not found');
      return listRoundBops(deps.db, userIdOf(request), seriesId, roundId, access);
    },
  });

  app.get('/api/series/:seriesId/rounds/:roundId/entries/:entryId/bop', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "One car's balance of performance at a round (the organiser, or the car's team): ballast and minimum weight in kg, restrictor in mm; 404 when none is set",
      params: SheetParams,
      response: { 200: Bop, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId, entryId } = request.params;
      return requireBop(request, seriesId, roundId, entryId, await requireAccess(request, seriesId));
    },
  });

  app.put('/api/series/:seriesId/rounds/:roundId/entries/:entryId/bop', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary:
        "Set a car's balance of performance at a round (organiser; a revision sets it again): ballast 0–200 kg, restrictor 10–100 mm or null, minimum weight 500–2500 kg or null, notes. A withdrawn or unknown entry answers 404 'Entry not found'; who and when are recorded",
      params: SheetParams,
      body: PutBopBody,
      response: { 412: Bop, 200: Bop, ...errors },
    },
    handler: async (request) => {
      const { seriesId, roundId, entryId } = request.params;
      const access = await requireAccess(request, seriesId);
      await runSeriesCommand(request, seriesId, { type: 'SetBop', data: { actorUserId: userIdOf(request), roundId, entryId, ...request.body } });
      return requireBop(request, seriesId, roundId, entryId, access);
    },
  });

  app.get('/api/series/:seriesId/standings', {
    config: { etag: inStream((p) => seriesStream(p.seriesId!)) },
    schema: {
      tags: ['series'],
      summary: "The championship standings per class (organiser and entered teams): each car's points over the rounds, wins and second places; ties broken by wins, then second places; cars level on all three share the position",
      params: SeriesParams,
      response: { 200: Standings, ...errors },
    },
    handler: async (request) => {
      const series = await requireSeries(request, request.params.seriesId);
      return findStandings(deps.db, series.id, series.classes);
    },
  });
};
