import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewSessionBody, PatchSessionBody, PutFuelAtEndBody, PutLapsBody, PutSessionTirePressuresBody, PutSessionTireTemperaturesBody, PutStintsBody, RunSession, SessionChanges, SetupComparison, SetupSnapshot,
  TrackRunSession,
} from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { requestSchemas } from './request-schemas';
import { invalidationsOf, keysOf } from './change-invalidations';
import { useInvalidatingMutation, type AnsweredQuery } from './use-invalidating-mutation';
import type { ChangeDescription } from '../offline/write-queue';
import type { BaseView } from '../offline/write-base';
import { carChangeName } from './change-names';
import { useOpenedVersion } from './use-opened-version';
import { getCarQueryOptions } from './cars';
import { getTireTemperatureTargetsQueryOptions } from './tire-temperature-targets';
import { withTireTemperatureReading } from './session-tire-temperatures';
import { sessionsKey, trackSessionsKey } from './query-keys';

/**
 * Run sheets: the sessions of a race event, their laps, tire pressures (psi, °C), tire
 * temperatures (°C) and feedback, the setup each ran with, and every session at a track. Keys sit under
 * ['cars', carId, 'events', raceEventId, 'sessions'] and ['cars', carId, 'tracks'].
 */

/** The path of a race event's sessions, `/api/cars/{carId}/events/{raceEventId}/sessions`. */
export const sessionsPath = (carId: number, raceEventId: number) => `/api/cars/${carId}/events/${raceEventId}/sessions`;

/** GET …/sessions: the race event's sessions in running order. Key ['cars', carId, 'events', raceEventId, 'sessions']. */
export function getSessionsQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: sessionsKey(carId, raceEventId),
    queryFn: ({ signal }) => apiFetch<RunSession[]>(sessionsPath(carId, raceEventId), { signal }),
  });
}

/** The race event's sessions (each with its laps and tire pressures). */
export function useSessions(carId: number, raceEventId: number) {
  return useQuery(getSessionsQueryOptions(carId, raceEventId));
}

/** GET /api/cars/{carId}/tracks/sessions?location=: every session of the car at that location, best lap first. Key ['cars', carId, 'tracks', location]. */
export function getTrackSessionsQueryOptions(carId: number, location: string) {
  return queryOptions({
    queryKey: [...trackSessionsKey(carId), location] as const,
    queryFn: ({ signal }) => apiFetch<TrackRunSession[]>(`/api/cars/${carId}/tracks/sessions?location=${encodeURIComponent(location)}`, { signal }),
  });
}

/** The car's sessions at `location` across race events ('At this track'). */
export function useTrackSessions(carId: number, location: string) {
  return useQuery(getTrackSessionsQueryOptions(carId, location));
}

/**
 * What a change of a session makes stale (the change table's session entry: the race event's
 * sessions, the car's track rankings, the race event's history, the parts and the tire sets), for
 * the car's team when the car is cached.
 */
function useSessionInvalidations(carId: number, raceEventId: number) {
  const teamId = useQueryClient().getQueryData(getCarQueryOptions(carId).queryKey)?.teamId ?? null;
  return invalidationsOf('SessionDetailsRevised', { teamId, carId, raceEventId });
}

/** Runs `mutationFn`, then refreshes what a session's change makes stale. */
function useSessionMutation<TVariables, TAnswer>(carId: number, raceEventId: number, mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  return useInvalidatingMutation(mutationFn, useSessionInvalidations(carId, raceEventId));
}

/**
 * A change of one session that may wait for signal: `send(sessionId, body, change)` with
 * the write queue's description ('Run sheet: FP2 feedback — MX-5 #27'); `apply(session, body)` is the
 * session as shown until it is saved (at once in the race event's list; kept when it waits). It is
 * based on the session as the race event's list showed it when the calling form mounted (`field`:
 * the part of the session the body writes, e.g. `tirePressures`; `entryOf`: then the element of that
 * list the body writes, e.g. a pit stop by its `stopId`). Once saved, the answer (the
 * session as stored) replaces it in the race event's list, which is not fetched again; the rest of
 * what a session's change makes stale is refreshed. Exported for the kit's other session writes (./pit-stops.ts).
 */
export function useSessionChange<TBody>(
  carId: number,
  raceEventId: number,
  what: string,
  send: (sessionId: number, body: TBody, change: ChangeDescription<RunSession>) => Promise<RunSession>,
  apply: (session: RunSession, body: TBody) => RunSession,
  field?: keyof RunSession,
  entryOf?: (body: TBody) => BaseView['entry'],
) {
  const queryClient = useQueryClient();
  const { queryKey } = getSessionsQueryOptions(carId, raceEventId);
  const opened = useOpenedVersion(sessionsPath(carId, raceEventId));
  const invalidations = useSessionInvalidations(carId, raceEventId);
  const sessionOf = (sessionId: number) => queryClient.getQueryData(queryKey)?.find((s) => s.id === sessionId);
  const replace = (sessionId: number, change: (session: RunSession) => RunSession) => (sessions: RunSession[] | undefined) => sessions?.map((s) => (s.id === sessionId ? change(s) : s));
  return useInvalidatingMutation(
    ({ sessionId, body }: { sessionId: number; body: TBody }) => {
      const session = sessionOf(sessionId);
      return send(sessionId, body, {
        name: carChangeName(queryClient, carId, `Run sheet: ${session?.name ?? 'session'} ${what}`),
        offlineAnswer: () => (session ? apply(session, body) : ({ id: sessionId } as RunSession)),
        invalidates: keysOf(invalidations),
        base: opened.base(field === undefined ? { itemId: sessionId } : { itemId: sessionId, field, ...(entryOf && { entry: entryOf(body) }) }),
      });
    },
    invalidations,
    ({ sessionId, body }) => queryClient.setQueryData(queryKey, replace(sessionId, (s) => apply(s, body))),
    (answer, { sessionId }): AnsweredQuery<RunSession[]> => ({ queryKey, update: replace(sessionId, () => answer) }),
  );
}

/** POST …/sessions: adds a session, pinning the car's setup as it is now; answers it (201). */
export async function createSession(carId: number, raceEventId: number, body: NewSessionBody): Promise<RunSession> {
  return apiFetch<RunSession>(sessionsPath(carId, raceEventId), { method: 'POST', body: (await requestSchemas()).NewSessionBody.parse(body) });
}

/** Adds a session (see useSessionMutation for what is refreshed). */
export function useCreateSession(carId: number, raceEventId: number) {
  return useSessionMutation(carId, raceEventId, (body: NewSessionBody) => createSession(carId, raceEventId, body));
}

/** PATCH …/sessions/{sessionId} with the fields that change (details, feedback tags and text). */
export async function updateSession(carId: number, raceEventId: number, sessionId: number, body: PatchSessionBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}`, { method: 'PATCH', body: (await requestSchemas()).PatchSessionBody.parse(body), change });
}

/** Changes a session's details or feedback (shown at once; waits in the write queue with no signal). */
export function useUpdateSession(carId: number, raceEventId: number) {
  return useSessionChange(carId, raceEventId, 'details', (sessionId, body: PatchSessionBody, change) => updateSession(carId, raceEventId, sessionId, body, change), (session, body) => ({ ...session, ...body }) as RunSession);
}

/** DELETE …/sessions/{sessionId} (204). */
export function deleteSession(carId: number, raceEventId: number, sessionId: number): Promise<void> {
  return apiFetch<void>(`${sessionsPath(carId, raceEventId)}/${sessionId}`, { method: 'DELETE' });
}

/** Deletes a session. */
export function useDeleteSession(carId: number, raceEventId: number) {
  return useSessionMutation(carId, raceEventId, (sessionId: number) => deleteSession(carId, raceEventId, sessionId));
}

/**
 * PUT …/sessions/{sessionId}/laps: the whole list of laps, in order, each in ms (`lapTimeMs`) or as
 * text (`time`; ApiError 400 'laps[i].time: …' for a time that does not parse).
 */
export async function putSessionLaps(carId: number, raceEventId: number, sessionId: number, body: PutLapsBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}/laps`, { method: 'PUT', body: (await requestSchemas()).PutLapsBody.parse(body), change });
}

/**
 * Saves a session's laps; with no signal they wait in the write queue. The list shows them once saved: the
 * server derives the statistics (best lap, sectors, driver time) and the times as text.
 */
export function useSetSessionLaps(carId: number, raceEventId: number) {
  return useSessionChange(carId, raceEventId, 'laps', (sessionId, body: PutLapsBody, change) => putSessionLaps(carId, raceEventId, sessionId, body, change), (session) => session);
}

/** PUT …/sessions/{sessionId}/tire-pressures: cold (with temperature) and hot pressures in psi and °C; either may be null. */
export async function putSessionTirePressures(carId: number, raceEventId: number, sessionId: number, body: PutSessionTirePressuresBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}/tire-pressures`, { method: 'PUT', body: (await requestSchemas()).PutSessionTirePressuresBody.parse(body), change });
}

/** Saves a session's tire pressures (shown at once; waits in the write queue with no signal). */
export function useSetSessionTirePressures(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'tire pressures',
    (sessionId, body: PutSessionTirePressuresBody, change) => putSessionTirePressures(carId, raceEventId, sessionId, body, change),
    (session, body) => ({ ...session, tirePressures: { ...session.tirePressures, cold: body.cold ?? null, hot: body.hot ?? null } }) as RunSession,
    'tirePressures',
  );
}

/**
 * PUT …/sessions/{sessionId}/tire-temperatures: one reading, the inner, middle and outer tread
 * temperature of each tire (°C, 0–200), after stint `stint` (1-based; null or left out: after the
 * run), replacing that stint's earlier reading. Answers the session with each tire read against the car's targets.
 */
export async function putSessionTireTemperatures(carId: number, raceEventId: number, sessionId: number, body: PutSessionTireTemperaturesBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}/tire-temperatures`, { method: 'PUT', body: (await requestSchemas()).PutSessionTireTemperaturesBody.parse(body), change });
}

/**
 * Saves a tire temperature reading (°C): shown at once, each tire read against the car's targets as
 * cached (else the defaults), and waits in the write queue with no signal.
 */
export function useSetSessionTireTemperatures(carId: number, raceEventId: number) {
  const queryClient = useQueryClient();
  const targets = () => queryClient.getQueryData(getTireTemperatureTargetsQueryOptions(carId).queryKey);
  return useSessionChange(
    carId,
    raceEventId,
    'tire temperatures',
    (sessionId, body: PutSessionTireTemperaturesBody, change) => putSessionTireTemperatures(carId, raceEventId, sessionId, body, change),
    (session, body) => ({ ...session, tireTemperatures: withTireTemperatureReading(session.tireTemperatures, body, targets()) }),
    'tireTemperatures',
  );
}

/** PUT …/sessions/{sessionId}/stints: the whole list of stints (ApiError 400 'stints[i]: …' for laps that overlap or lie outside the session's). */
export async function putSessionStints(carId: number, raceEventId: number, sessionId: number, body: PutStintsBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}/stints`, { method: 'PUT', body: (await requestSchemas()).PutStintsBody.parse(body), change });
}

/** Saves a session's stints (the pit stops; shown at once in lap order, waits in the write queue with no signal). */
export function useSetSessionStints(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'pit stops',
    (sessionId, body: PutStintsBody, change) => putSessionStints(carId, raceEventId, sessionId, body, change),
    (session, body) => ({ ...session, stints: body.stints.map((s) => ({ ...s, tireSetId: s.tireSetId ?? null, notes: s.notes ?? null })).sort((a, b) => a.fromLap - b.fromLap) }),
    'stints',
  );
}

/** PUT …/sessions/{sessionId}/fuel-at-end: the fuel in the tank after the session (L; null: not measured). */
export async function putSessionFuelAtEnd(carId: number, raceEventId: number, sessionId: number, body: PutFuelAtEndBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${sessionsPath(carId, raceEventId)}/${sessionId}/fuel-at-end`, { method: 'PUT', body: (await requestSchemas()).PutFuelAtEndBody.parse(body), change });
}

/** Saves the fuel at the end of a session (shown at once; waits in the write queue with no signal). */
export function useSetSessionFuelAtEnd(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'fuel at end',
    (sessionId, body: PutFuelAtEndBody, change) => putSessionFuelAtEnd(carId, raceEventId, sessionId, body, change),
    (session, body) => ({ ...session, fuelAtEndLitres: body.fuelAtEndLitres }),
    'fuelAtEndLitres',
  );
}

/** GET …/sessions/{sessionId}/setup: the setup as run (the race event's setup at the session's pinned position). Refetched whenever shown. */
export function getSessionSetupQueryOptions(carId: number, raceEventId: number, sessionId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'sessions', sessionId, 'setup'] as const,
    queryFn: ({ signal }) => apiFetch<SetupSnapshot>(`${sessionsPath(carId, raceEventId)}/${sessionId}/setup`, { signal }),
    staleTime: 0,
  });
}

/** The setup a session ran with. */
export function useSessionSetup(carId: number, raceEventId: number, sessionId: number) {
  return useQuery(getSessionSetupQueryOptions(carId, raceEventId, sessionId));
}

/** GET …/sessions/{sessionId}/changes: the previous session and the setup changes since it, with who made them. Refetched whenever shown. */
export function getSessionChangesQueryOptions(carId: number, raceEventId: number, sessionId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'sessions', sessionId, 'changes'] as const,
    queryFn: ({ signal }) => apiFetch<SessionChanges>(`${sessionsPath(carId, raceEventId)}/${sessionId}/changes`, { signal }),
    staleTime: 0,
  });
}

/** 'Changes since <previous session>'. */
export function useSessionChanges(carId: number, raceEventId: number, sessionId: number) {
  return useQuery(getSessionChangesQueryOptions(carId, raceEventId, sessionId));
}

/** Two sessions of the car to compare: `left` of race event `raceEventId`, `right` of any race event. */
export interface SessionPair {
  raceEventId: number;
  left: number;
  right: number;
}

/** GET …/sessions/{left}/compare/{right}: both setups as run, side by side, differences listed. Refetched whenever shown. */
export function getSessionComparisonQueryOptions(carId: number, pair: SessionPair) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', pair.raceEventId, 'sessions', pair.left, 'compare', pair.right] as const,
    queryFn: ({ signal }) => apiFetch<SetupComparison>(`${sessionsPath(carId, pair.raceEventId)}/${pair.left}/compare/${pair.right}`, { signal }),
    staleTime: 0,
  });
}

/** The comparison of two sessions' setups; idle while `pair` is null. */
export function useSessionComparison(carId: number, pair: SessionPair | null) {
  return useQuery({ ...getSessionComparisonQueryOptions(carId, pair ?? { raceEventId: 0, left: 0, right: 0 }), enabled: pair !== null });
}
