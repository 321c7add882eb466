import type { StintValue } from '../endurance.ts';

/**
 * Pit stops logged as they happen, and the stints they make, free of zod (the run sheet derives the
 * stints offline with the same function as the server). Units: laps (1-based), ms, litres (L).
 */

/**
 * One logged pit stop as stored (event PitStopLogged/PitStopRevised) and answered: `stopId` (an id
 * of its own, stable across revisions), `inLap` the lap the car came in on (≥ 1), `stopMs` how long
 * it stood (ms), `fuelAddedLitres` (L), `tireSetId` the team's tire set fitted (null: not changed),
 * `driverMemberId` the driver going out (null: the same driver stays in), `at` when (ISO), `notes`;
 * null = not recorded.
 */
export interface PitStopValue {
  stopId: number;
  inLap: number;
  stopMs: number | null;
  fuelAddedLitres: number | null;
  tireSetId: number | null;
  driverMemberId: number | null;
  at: string | null;
  notes: string | null;
}

/** The fields of a stop other than its id, in the one order stops are stored and compared in. */
export const PIT_STOP_FIELDS = ['inLap', 'stopMs', 'fuelAddedLitres', 'tireSetId', 'driverMemberId', 'at', 'notes'] as const;

/**
 * The stints of a session made by its logged `stops` (any order), for a session of `lapCount` laps
 * (0: none entered yet) whose first driver is `startDriverMemberId` (the session's driver, else the
 * driver of its first stint entered before; null: not known).
 *
 * - The first stint runs from lap 1 to the first stop's in lap, with no fuel added or stop (0, 0).
 * - Each stop begins a stint on its out lap (inLap + 1): its driver the stop's driver out (null: the
 *   driver before stays in), its fuel added the stop's (null: not recorded), its pitStopMs the stop's
 *   time (0 while not recorded: the stop's own `stopMs` says null), its tire set the stop's, its notes the stop's.
 * - It ends on the lap before the next stop's out lap, i.e. the next stop's in lap. The last stint is
 *   still running: its `toLap` is the session's last lap, or its own first lap while the session
 *   has no lap that far yet (a stop logged before the timing file arrived), so fromLap ≤ toLap always
 *   holds and it never claims laps nobody has driven.
 * - A stint whose driver is not known (no session driver, no earlier stint, no driver out yet) is
 *   left out: a stint names its driver.
 *
 * Example: stops at in laps 30 (driver 6, 60 L) and 60 (driver 5, 55 L), no laps yet, start driver 5
 * → laps 1–30 driver 5, 31–60 driver 6 (60 L), 61–61 driver 5 (55 L); with 95 laps entered the last is 61–95.
 */
export function stintsFromPitStops(stops: readonly PitStopValue[], startDriverMemberId: number | null, lapCount: number): StintValue[] {
  const ordered = [...stops].sort((a, b) => a.inLap - b.inLap);
  const stints: (StintValue & { known: boolean })[] = [];
  let driver = startDriverMemberId;
  const starts = [{ fromLap: 1, stop: null as PitStopValue | null }, ...ordered.map((stop) => ({ fromLap: stop.inLap + 1, stop }))];
  starts.forEach(({ fromLap, stop }, i) => {
    driver = stop?.driverMemberId ?? driver;
    const next = starts[i + 1];
    const toLap = next ? next.fromLap - 1 : Math.max(lapCount, fromLap);
    stints.push({
      known: driver !== null, driverMemberId: driver ?? 0, fromLap, toLap,
      fuelAddedLitres: stop ? stop.fuelAddedLitres : 0, pitStopMs: stop?.stopMs ?? 0, tireSetId: stop?.tireSetId ?? null, notes: stop?.notes ?? null,
    });
  });
  return stints.filter((s) => s.known).map(({ known: _, ...s }) => s);
}

/** A value of a logged stop that the timing file gives otherwise: which field, the logged value and the file's. */
export interface TimingFileDifference {
  stopId: number;
  inLap: number;
  field: 'stopMs' | 'driverMemberId';
  logged: number;
  file: number;
}

/** What a timing file's stints say about the logged stops (timingFileStops). */
export interface TimingFileStops {
  /** Stops logged without a stop time that the file times: the PATCH to send (stopMs, ms). */
  fills: { stopId: number; stopMs: number }[];
  /** Logged values the file gives otherwise: shown in the import preview; the logged value stays unless the user takes the file's. */
  differences: TimingFileDifference[];
  /** Stops the file has (a stint beginning on lap inLap + 1) and nobody logged: shown, not added. */
  unlogged: { inLap: number; stopMs: number; driverMemberId: number }[];
}

/**
 * Compares the logged `stops` with the stints of a timing file (`fileStints`, stintsFromLaps: each
 * stint after the first begins on a stop's out lap, its pitStopMs the file's pit time, 0 when the file
 * gives none). A stop and a file stint match when the stint begins on the stop's out lap (inLap + 1).
 * The file fills a stop time not recorded (stopMs null) and never the fuel, the tires or a logged
 * driver (the file has no fuel or tires); a logged stop time or driver out that the file gives
 * otherwise is a difference. Units: laps, ms.
 * Example: stop 7 at in lap 30 without a time, the file's stint from lap 31 with 64 000 ms → fills [{ stopId: 7, stopMs: 64000 }].
 */
export function timingFileStops(stops: readonly PitStopValue[], fileStints: readonly Pick<StintValue, 'driverMemberId' | 'fromLap' | 'pitStopMs'>[]): TimingFileStops {
  const result: TimingFileStops = { fills: [], differences: [], unlogged: [] };
  for (const stint of fileStints.filter((s) => s.fromLap > 1)) {
    const stop = stops.find((s) => s.inLap + 1 === stint.fromLap);
    if (!stop) {
      result.unlogged.push({ inLap: stint.fromLap - 1, stopMs: stint.pitStopMs, driverMemberId: stint.driverMemberId });
      continue;
    }
    const { stopId, inLap } = stop;
    if (stop.stopMs === null && stint.pitStopMs > 0) result.fills.push({ stopId, stopMs: stint.pitStopMs });
    if (stop.stopMs !== null && stint.pitStopMs > 0 && stop.stopMs !== stint.pitStopMs) result.differences.push({ stopId, inLap, field: 'stopMs', logged: stop.stopMs, file: stint.pitStopMs });
    if (stop.driverMemberId !== null && stop.driverMemberId !== stint.driverMemberId) result.differences.push({ stopId, inLap, field: 'driverMemberId', logged: stop.driverMemberId, file: stint.driverMemberId });
  }
  return result;
}

/**
 * The stints a session answers: with pit stops logged, the ones they make (stintsFromPitStops, the
 * first driver the session's, else its first stint entered); else the stints entered whole.
 */
export function stintsOfSession(session: { stints: readonly StintValue[]; pitStops: readonly PitStopValue[]; driverMemberId: number | null }, lapCount: number): StintValue[] {
  if (session.pitStops.length === 0) return [...session.stints];
  return stintsFromPitStops(session.pitStops, session.driverMemberId ?? session.stints[0]?.driverMemberId ?? null, lapCount);
}
