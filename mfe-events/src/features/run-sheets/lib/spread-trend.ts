import type { RunSession, TrackRunSession } from '@pitwall/contracts';
import type { PressureCorner } from '@pitwall/contracts/values';

/** One session's point of a corner's spread trend: the spread (inner − outer, °C) of its last reading. */
export interface SpreadPoint {
  sessionId: number;
  /** The session's name, e.g. 'FP2'. */
  name: string;
  /** Its race event's name. */
  eventName: string;
  spreadC: number;
}

/**
 * The spread of `corner` over the car's sessions at a track, oldest first (start time, then id): for
 * each session with tire temperatures, the spread of its last reading (the one after the run, else
 * the latest stint's). `atTrack` are the sessions the track's list answered; a session of the open
 * race event is taken from `ofRaceEvent` (the race event's list, which shows a save at once, also
 * while it waits for signal), and one that list holds but the track's list does not yet is added.
 */
export function spreadTrend(atTrack: readonly TrackRunSession[], ofRaceEvent: readonly RunSession[], eventName: string, corner: PressureCorner): SpreadPoint[] {
  const own = new Map(ofRaceEvent.map((s) => [s.id, s]));
  const sessions = [
    ...atTrack.map((s) => ({ ...s, ...(own.get(s.id) ?? {}) })),
    ...ofRaceEvent.filter((s) => !atTrack.some((t) => t.id === s.id)).map((s) => ({ ...s, eventName })),
  ].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.id - b.id);
  return sessions.flatMap((s) => {
    const last = s.tireTemperatures.at(-1);
    return last ? [{ sessionId: s.id, name: s.name, eventName: s.eventName, spreadC: last.corners[corner].reading.spreadC }] : [];
  });
}
