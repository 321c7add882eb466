import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorAnswer, idParam, LAP_EXPORT_MAX_CHARS, MAX_LAPS, LapsPreview, LapsPreviewBody, NewSessionBody, parseTrackLengthKm, PatchSessionBody, PutLapsBody, PutSessionTirePressuresBody, PutSessionTireTemperaturesBody, RunSession, SessionChanges, SetupComparison, SetupSnapshot,
  TrackRunSession, TrackSessionsQuery, type Car,
} from '@pitwall/contracts';
import { readLapExport } from '@pitwall/contracts/lap-import';
import { NotFoundError, runSessionDecider, runSessionStream, ValidationError, type RunSessionCommand } from '@pitwall/domain';
import { parsePosition } from '@pitwall/eventstore';
import { findPreviousSession, findSession, listMembers, listSessions, listSetupChangesBetween, listTireSetsWithLife, listTrackSessions } from '@pitwall/read-models';
import { compareSetups } from '../audit/compare.ts';
import { setupAsRun } from '../audit/setup-as-run.ts';
import type { AppDeps } from '../deps.ts';
import { requireUser } from '../identity/auth-plugin.ts';
import { requireCar, requireRaceEventOfCar, runCommandForCar } from './car-access.ts';
import { inStream, inStreams, sessionsOf } from '../etag/resource-scopes.ts';

const RaceEventParams = z.object({ carId: idParam('carId'), eventId: idParam('eventId') });
const SessionParams = RaceEventParams.extend({ sessionId: idParam('sessionId') });
const CompareParams = SessionParams.extend({ otherSessionId: idParam('otherSessionId') });
const CarParams = z.object({ carId: idParam('carId') });
const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };
/**
 * The preview's own body limit: a timing export of LAP_EXPORT_MAX_CHARS characters as a JSON
 * string, whose escapes (`\n`, `\"`) can make it up to twice as long. The text itself is then
 * checked against LAP_EXPORT_MAX_CHARS (413 above it).
 */
export const LAPS_PREVIEW_BODY_LIMIT_BYTES = 2 * LAP_EXPORT_MAX_CHARS + 1024;
/**
 * PUT …/laps' own body limit: MAX_LAPS laps of about 400 bytes each at most in practice (a time,
 * its ms, kind, six sectors, a driver's name); a 24-hour race of 5,000 laps is over the 256 KiB of
 * other routes.
 */
const LAPS_BODY_LIMIT_BYTES = MAX_LAPS * 400;

/** Throws ValidationError naming `driverMemberId` unless it is an active member of the car's team (null: no driver named). */
async function requireDriver(deps: AppDeps, car: Car, driverMemberId: number | null | undefined): Promise<void> {
  if (driverMemberId == null) return;
  const members = await listMembers(deps.db, car.teamId);
  if (!members.some((m) => m.id === driverMemberId && m.isActive)) throw new ValidationError("driverMemberId: the driver must be an active member of the car's team");
}

/**
 * Throws unless `tireSetId` may be chosen for a session of `car`: NotFoundError 'Tire set not found'
 * for a set that is not the car's team's (or deleted), ValidationError naming `tireSetId` for a
 * scrapped one. Null or unchanged (`current`): nothing to check.
 */
async function requireTireSet(deps: AppDeps, car: Car, tireSetId: number | null | undefined, current: number | null = null): Promise<void> {
  if (tireSetId == null || tireSetId === current) return;
  const [found] = await listTireSetsWithLife(deps.db, car.teamId, { tireSetId });
  if (!found) throw new NotFoundError('Tire set not found');
  if (found.set.condition === 'scrapped') throw new ValidationError(`tireSetId: ${found.set.name} is scrapped; choose a set that is not`);
}

/**
 * Run sheets: the sessions of a car's race event, their laps and tire pressures, the
 * setup each ran with and what changed since the previous one, and every session at a track.
 * Same tenancy as every car route: another team's car, race event or session answers 404.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  /** The run session `sessionId` of the car (and of race event `raceEventId` when given), or NotFoundError. */
  async function requireSession(carId: number, raceEventId: number | undefined, sessionId: number): Promise<RunSession> {
    const session = await findSession(deps.db, carId, sessionId, raceEventId);
    if (!session) throw new NotFoundError('Session not found');
    return session;
  }

  /** Checks tenancy and the session, runs `command` on it, answers the session as it is now. */
  async function changeSession(request: FastifyRequest, params: z.infer<typeof SessionParams>, command: RunSessionCommand): Promise<RunSession> {
    const { carId, eventId: raceEventId, sessionId } = params;
    const car = await requireCar(deps, request, carId);
    const session = await requireSession(carId, raceEventId, sessionId);
    if (command.type === 'ReviseSession') {
      await requireDriver(deps, car, command.data.driverMemberId);
      await requireTireSet(deps, car, command.data.tireSetId, session.tireSetId);
    }
    await runCommandForCar(deps, request, car, runSessionDecider, runSessionStream(sessionId), command);
    return requireSession(carId, raceEventId, sessionId);
  }

  app.get('/api/cars/:carId/events/:eventId/sessions', {
    config: { etag: inStreams(sessionsOf) },
    schema: { tags: ['sessions'], summary: "A race event's sessions (run sheets) in running order", params: RaceEventParams, response: { 200: z.array(RunSession), ...readErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId } = request.params;
      await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      return listSessions(deps.db, carId, raceEventId);
    },
  });

  app.post('/api/cars/:carId/events/:eventId/sessions', {
    schema: {
      tags: ['sessions'],
      summary:
        "Add a session; it pins the car's setup as it is now (setupPosition). Optional `cold`: the cold pressures as set for it (psi, °C); `tireSetId`: the team's tire set it runs on (another team's set answers 404, a scrapped one 400 naming tireSetId)",
      params: RaceEventParams,
      body: NewSessionBody,
      response: { 201: RunSession, ...errors },
    },
    handler: async (request, reply) => {
      const { carId, eventId: raceEventId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireRaceEventOfCar(deps, carId, raceEventId);
      const { cold, tireSetId, ...details } = request.body;
      await requireDriver(deps, car, details.driverMemberId);
      await requireTireSet(deps, car, tireSetId);
      const sessionId = await deps.ids.next('session');
      await runCommandForCar(deps, request, car, runSessionDecider, runSessionStream(sessionId), {
        type: 'AddSession',
        data: { sessionId, carId, raceEventId, teamId: car.teamId, details, createdAt: request.now.toISOString() },
        cold,
        tireSetId,
      });
      return reply.code(201).send(await requireSession(carId, raceEventId, sessionId));
    },
  });

  app.get('/api/cars/:carId/events/:eventId/sessions/:sessionId', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!)) },
    schema: { tags: ['sessions'], summary: 'One session with its laps and tire pressures', params: SessionParams, response: { 200: RunSession, ...readErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      await requireCar(deps, request, carId);
      return requireSession(carId, raceEventId, sessionId);
    },
  });

  app.patch('/api/cars/:carId/events/:eventId/sessions/:sessionId', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), undefined, sessionsOf) },
    schema: { tags: ['sessions'], summary: "Change a session's details, its tire set (tireSetId; null: none) or the driver's feedback (fields left out keep their value)", params: SessionParams, body: PatchSessionBody, response: { 412: RunSession, 200: RunSession, ...errors } },
    handler: async (request) => changeSession(request, request.params, { type: 'ReviseSession', data: request.body }),
  });

  app.delete('/api/cars/:carId/events/:eventId/sessions/:sessionId', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), undefined, sessionsOf) },
    schema: { tags: ['sessions'], summary: 'Delete a session (its history stays in the audit trail)', params: SessionParams, response: { 412: RunSession, 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      const car = await requireCar(deps, request, carId);
      await requireSession(carId, raceEventId, sessionId);
      await runCommandForCar(deps, request, car, runSessionDecider, runSessionStream(sessionId), { type: 'RemoveSession' });
      return reply.code(204).send(null);
    },
  });

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/laps', {
    bodyLimit: LAPS_BODY_LIMIT_BYTES,
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), (p) => `/api/cars/${p.carId}/events/${p.eventId}/sessions/${p.sessionId}`, sessionsOf) },
    schema: {
      tags: ['sessions'],
      summary:
        "Replace the session's laps (the whole list, in order), each as `time` text or `lapTimeMs`, with optional `sectorsMs` (up to 6) and `driverName`; up to 5,000 laps of 10 s – 24 h (over 30 min not 'timed'); a time that does not parse answers 400 naming laps[i].time, sectors that do not add up to the lap time within 0.01 s 400 naming laps[i].sectorsMs and the lap",
      params: SessionParams,
      body: PutLapsBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => changeSession(request, request.params, { type: 'SetSessionLaps', data: request.body }),
  });

  app.post('/api/cars/:carId/events/:eventId/sessions/:sessionId/laps/preview', {
    bodyLimit: LAPS_PREVIEW_BODY_LIMIT_BYTES,
    schema: {
      tags: ['sessions'],
      summary:
        "Read a timing or logger export (Al Kamel, TSL, Orbits/MYLAPS, Speedhive, AiM, MoTeC i2, RaceChrono, RaceBox, TrackAddict or Harry's LapTimer CSV, a VBOX/RaceBox VBO file, or any table of laps; up to 10 MB of text, 413 above) and answer the laps it holds, nothing stored. An export of several cars without `carNumber` answers no laps and lists `carNumbers`; a file that is no export answers 400 naming `text`",
      params: SessionParams,
      body: LapsPreviewBody,
      response: { 200: LapsPreview, ...readErrors, 413: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      await requireCar(deps, request, carId);
      const raceEvent = await requireRaceEventOfCar(deps, carId, raceEventId);
      await requireSession(carId, raceEventId, sessionId);
      const { text, carNumber } = request.body;
      if (text.length > LAP_EXPORT_MAX_CHARS) return reply.code(413).send({ message: 'text: a timing export may be at most 10 MB' });
      const result = readLapExport(text, { carNumber, trackLengthKm: raceEvent.trackLength === null ? null : parseTrackLengthKm(raceEvent.trackLength) });
      if (!result.ok) throw new ValidationError(`${result.field}: ${result.message}`);
      return result.preview;
    },
  });

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/tire-pressures', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), (p) => `/api/cars/${p.carId}/events/${p.eventId}/sessions/${p.sessionId}`, sessionsOf) },
    schema: { tags: ['sessions'], summary: 'Set the cold (as set, with temperature) and hot (after the run) pressures, psi and °C', params: SessionParams, body: PutSessionTirePressuresBody, response: { 412: RunSession, 200: RunSession, ...errors } },
    handler: async (request) => changeSession(request, request.params, { type: 'SetSessionTirePressures', data: request.body }),
  });

  app.put('/api/cars/:carId/events/:eventId/sessions/:sessionId/tire-temperatures', {
    config: { etag: inStream((p) => runSessionStream(p.sessionId!), (p) => `/api/cars/${p.carId}/events/${p.eventId}/sessions/${p.sessionId}`, sessionsOf) },
    schema: {
      tags: ['sessions'],
      summary: "Record a tire temperature reading (inner, middle, outer °C per tire) after a stint (`stint`; left out: after the run), replacing that stint's earlier one; answered in `tireTemperatures` with what each tire says",
      params: SessionParams,
      body: PutSessionTireTemperaturesBody,
      response: { 412: RunSession, 200: RunSession, ...errors },
    },
    handler: async (request) => changeSession(request, request.params, { type: 'SetSessionTireTemperatures', data: { reading: request.body } }),
  });

  app.get('/api/cars/:carId/events/:eventId/sessions/:sessionId/setup', {
    schema: { tags: ['sessions'], summary: 'The setup as run: the race event setup at the position the session pinned', params: SessionParams, response: { 200: SetupSnapshot, ...readErrors } },
    handler: async (request) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      await requireCar(deps, request, carId);
      return setupAsRun(deps, await requireSession(carId, raceEventId, sessionId));
    },
  });

  app.get('/api/cars/:carId/events/:eventId/sessions/:sessionId/changes', {
    schema: {
      tags: ['sessions'],
      summary: "Setup changes (baseline and this race event's own) recorded between the previous session of the race event and this one, with who made them",
      params: SessionParams,
      response: { 200: SessionChanges, ...readErrors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId, sessionId } = request.params;
      await requireCar(deps, request, carId);
      const session = await requireSession(carId, raceEventId, sessionId);
      const previous = await findPreviousSession(deps.db, session);
      if (!previous) return { previous: null, entries: [] };
      const entries = await listSetupChangesBetween(deps.db, carId, raceEventId, parsePosition(previous.setupPosition), parsePosition(session.setupPosition));
      return { previous: { id: previous.id, name: previous.name }, entries };
    },
  });

  app.get('/api/cars/:carId/events/:eventId/sessions/:sessionId/compare/:otherSessionId', {
    schema: {
      tags: ['sessions'],
      summary: "Compare the setups two sessions of the car ran with (any race events), differences listed",
      params: CompareParams,
      response: { 200: SetupComparison, ...readErrors },
    },
    handler: async (request) => {
      const { carId, eventId: raceEventId, sessionId, otherSessionId } = request.params;
      await requireCar(deps, request, carId);
      const left = await requireSession(carId, raceEventId, sessionId);
      const right = await requireSession(carId, undefined, otherSessionId);
      const [a, b] = [await setupAsRun(deps, left), await setupAsRun(deps, right)];
      const side = (s: RunSession, snapshot: SetupSnapshot) => ({
        label: `${snapshot.raceEvent!.name} · ${s.name}`,
        setup: snapshot.raceEvent!.setup,
        finalDriveRatio: snapshot.raceEvent!.finalDriveRatio,
      });
      return compareSetups(side(left, a), side(right, b));
    },
  });

  app.get('/api/cars/:carId/tracks/sessions', {
    schema: {
      tags: ['sessions'],
      summary: "Every session of the car at race events with this location, best lap first (sessions without a timed lap last)",
      params: CarParams,
      querystring: TrackSessionsQuery,
      response: { 200: z.array(TrackRunSession), ...readErrors },
    },
    handler: async (request) => {
      await requireCar(deps, request, request.params.carId);
      return listTrackSessions(deps.db, request.params.carId, request.query.location);
    },
  });
};
