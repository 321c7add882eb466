import type { PatchPitStopBody, PitStopAnswer, PostPitStopBody, RunSession } from '@pitwall/contracts';
import { PIT_STOP_FIELDS, stintsOfSession } from '@pitwall/contracts/values';
import { apiFetch, requestSchemas, sessionsPath, useSessionChange, type ChangeDescription } from '@pitwall/kit';

/**
 * Pit stops logged as they happen (race day, before the timing file): POST, PATCH and DELETE
 * …/sessions/{sessionId}/pit-stops[/{stopId}], each answering the session. Through the write queue like
 * every session write: shown at once (the stints the stops make recomputed with stintsFromPitStops),
 * waiting with no signal. A stop logged offline shows with a stand-in id below 0 until it is saved.
 */

const pitStopsPath = (carId: number, raceEventId: number, sessionId: number) => `${sessionsPath(carId, raceEventId)}/${sessionId}/pit-stops`;

/** `session` with these stops, in lap order, and the stints they make (as the server derives them). */
export function withPitStops(session: RunSession, stops: readonly PitStopAnswer[]): RunSession {
  const pitStops = [...stops].sort((a, b) => a.inLap - b.inLap);
  // A session with stops has no stints entered whole (the server refuses both): its stints are the stops'.
  const entered = session.pitStops.length === 0 ? session.stints : [];
  return { ...session, pitStops, stints: stintsOfSession({ stints: entered, pitStops, driverMemberId: session.driverMemberId }, session.laps.length) };
}

/** A stop as shown before the server answers: the body's values, null where left out. */
const stopOf = (stopId: number, body: PostPitStopBody): PitStopAnswer => ({ stopId, ...Object.fromEntries(PIT_STOP_FIELDS.map((f) => [f, body[f] ?? null])) }) as PitStopAnswer;

/** POST …/pit-stops: logs a stop (inLap, and when known stopMs ms, fuelAddedLitres L, tireSetId, driverMemberId out, at ISO, notes); answers the session (201). */
async function postPitStop(carId: number, raceEventId: number, sessionId: number, body: PostPitStopBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(pitStopsPath(carId, raceEventId, sessionId), { method: 'POST', body: (await requestSchemas()).PostPitStopBody.parse(body), change });
}

/** PATCH …/pit-stops/{stopId}: the fields given change (null: not recorded); answers the session. */
async function patchPitStop(carId: number, raceEventId: number, sessionId: number, stopId: number, body: PatchPitStopBody, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${pitStopsPath(carId, raceEventId, sessionId)}/${stopId}`, { method: 'PATCH', body: (await requestSchemas()).PatchPitStopBody.parse(body), change });
}

/** DELETE …/pit-stops/{stopId}; answers the session. */
async function deletePitStop(carId: number, raceEventId: number, sessionId: number, stopId: number, change?: ChangeDescription<RunSession>): Promise<RunSession> {
  return apiFetch<RunSession>(`${pitStopsPath(carId, raceEventId, sessionId)}/${stopId}`, { method: 'DELETE', change });
}

/** Logs a pit stop: `mutateAsync({ sessionId, body })`. */
export function useLogPitStop(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'pit stop',
    (sessionId, body: PostPitStopBody, change) => postPitStop(carId, raceEventId, sessionId, body, change),
    (session, body) => withPitStops(session, [...session.pitStops, stopOf(-1 - session.pitStops.length, body)]),
    'pitStops',
    () => ({ key: 'stopId', id: null }),
  );
}

/** Corrects a logged pit stop: `mutateAsync({ sessionId, body: { stopId, changes } })`. */
export function useRevisePitStop(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'pit stop',
    (sessionId, { stopId, changes }: { stopId: number; changes: PatchPitStopBody }, change) => patchPitStop(carId, raceEventId, sessionId, stopId, changes, change),
    (session, { stopId, changes }) => withPitStops(session, session.pitStops.map((s) => (s.stopId === stopId ? { ...s, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } : s))),
    'pitStops',
    ({ stopId }) => ({ key: 'stopId', id: stopId }),
  );
}

/** Removes a logged pit stop: `mutateAsync({ sessionId, body: { stopId } })`. */
export function useRemovePitStop(carId: number, raceEventId: number) {
  return useSessionChange(
    carId,
    raceEventId,
    'pit stop removed',
    (sessionId, { stopId }: { stopId: number }, change) => deletePitStop(carId, raceEventId, sessionId, stopId, change),
    (session, { stopId }) => withPitStops(session, session.pitStops.filter((s) => s.stopId !== stopId)),
    'pitStops',
    ({ stopId }) => ({ key: 'stopId', id: stopId }),
  );
}
