import { MAX_PIT_STOPS, PIT_STOP_FIELDS, type PitStopValue } from '@pitwall/contracts';
import { sameValue } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { RunSessionEvent, RunSessionState } from './session.ts';

/**
 * The pit stop commands of a session (docs/product.md, 'Run sheets', Pit stops): a stop logged as it
 * happens, corrected, removed. Decided here, applied by evolveRunSession; the stints they make are
 * derived where the session is answered (stintsFromPitStops).
 */

/** Logs a stop; `stop.stopId` is a new id (allocated by the caller). The caller checks the driver and the tire set belong to the team. */
export interface LogPitStop {
  type: 'LogPitStop';
  data: { stop: PitStopValue };
}
/** Changes the fields of stop `stopId` given in `changes` (null: not recorded), the others keep their value. */
export interface RevisePitStop {
  type: 'RevisePitStop';
  data: { stopId: number; changes: Partial<Omit<PitStopValue, 'stopId'>> };
}
/** Removes stop `stopId`. */
export interface RemovePitStop {
  type: 'RemovePitStop';
  data: { stopId: number };
}
export type PitStopCommand = LogPitStop | RevisePitStop | RemovePitStop;

type ActiveSession = Extract<RunSessionState, { status: 'active' }>;

/** A stop with its keys in one order (read back from a jsonb store they come reordered; equal stops must compare equal). */
const inKeyOrder = (s: PitStopValue): PitStopValue => ({ stopId: s.stopId, ...(Object.fromEntries(PIT_STOP_FIELDS.map((f) => [f, s[f]])) as Omit<PitStopValue, 'stopId'>) });

/**
 * Throws ValidationError naming `inLap` unless a stop may come in on `inLap` of `session`: no other
 * stop (but `stopId`'s own) on that lap, and, when the session has laps, one of them (≤ its laps).
 */
function requireFreeInLap(session: ActiveSession, inLap: number, stopId: number): void {
  const taken = session.pitStops.find((s) => s.inLap === inLap && s.stopId !== stopId);
  if (taken) throw new ValidationError(`inLap: lap ${inLap} already has a pit stop; edit that one`);
  const laps = session.laps.length;
  if (laps > 0 && inLap > laps) throw new ValidationError(`inLap: the session has ${laps} laps; a pit stop comes in on one of them`);
}

/** The stop `stopId` of `session`; NotFoundError 'Pit stop not found' when it has none such. */
function requireStop(session: ActiveSession, stopId: number): PitStopValue {
  const stop = session.pitStops.find((s) => s.stopId === stopId);
  if (!stop) throw new NotFoundError('Pit stop not found');
  return stop;
}

/**
 * Decides a pit stop command on an active session: PitStopLogged, PitStopRevised (nothing when
 * nothing changes) or PitStopRemoved. Throws ValidationError `inLap: …` for a lap that already has a
 * stop or lies beyond the session's laps, ValidationError `inLap: …` past MAX_PIT_STOPS stops,
 * ConflictError for a stop id logged twice or a first stop on a session whose stints were entered
 * whole (its stints come from one or the other), NotFoundError 'Pit stop not found' for another stop id.
 */
export function decidePitStop(command: PitStopCommand, session: ActiveSession): RunSessionEvent[] {
  const { sessionId, carId, raceEventId } = session;
  switch (command.type) {
    case 'LogPitStop': {
      const { stop } = command.data;
      if (session.pitStops.some((s) => s.stopId === stop.stopId)) throw new ConflictError('Pit stop already logged');
      if (session.pitStops.length === 0 && session.stints.length > 0) throw new ConflictError("This session's stints were entered whole: edit them, or remove them to log its pit stops instead");
      if (session.pitStops.length >= MAX_PIT_STOPS) throw new ValidationError(`inLap: a session holds at most ${MAX_PIT_STOPS} pit stops`);
      requireFreeInLap(session, stop.inLap, stop.stopId);
      return [{ type: 'PitStopLogged', data: { sessionId, carId, raceEventId, stop: inKeyOrder(stop) } }];
    }
    case 'RevisePitStop': {
      const current = inKeyOrder(requireStop(session, command.data.stopId));
      const changes = Object.fromEntries(Object.entries(command.data.changes).filter(([, v]) => v !== undefined));
      const stop = inKeyOrder({ ...current, ...changes });
      if (stop.inLap !== current.inLap) requireFreeInLap(session, stop.inLap, stop.stopId);
      return sameValue(stop, current) ? [] : [{ type: 'PitStopRevised', data: { sessionId, carId, raceEventId, stop } }];
    }
    case 'RemovePitStop':
      requireStop(session, command.data.stopId);
      return [{ type: 'PitStopRemoved', data: { sessionId, carId, raceEventId, stopId: command.data.stopId } }];
  }
}
