import type { StintValue } from './endurance.ts';
import type { SessionUsage } from './part-life.ts';
import { lapStatistics, type LapValue } from './sessions.ts';

/** A stretch of a session's laps run on one tire set: laps `fromLap`…`toLap`, 1-based, inclusive. */
export interface TireSetStretch {
  tireSetId: number;
  fromLap: number;
  toLap: number;
}

/**
 * Which tire set ran which laps of a session of `lapCount` laps. The session's set (`sessionTireSetId`,
 * the set it started on) runs from lap 1; a stint naming a set had it fitted at the stop before its
 * `fromLap`, so that set counts from the out lap on; a stint naming none (tires not changed, or not
 * tracked) keeps the set before it. Laps on no known set are in no stretch. Stretches in lap order;
 * a set taken off and fitted again later in the session has a stretch for each spell.
 * Example: started on set 1, stints from lap 23 on set 2 and from lap 46 naming none, 130 laps →
 * set 1 laps 1–22, set 2 laps 23–130.
 */
export function tireSetStretches(sessionTireSetId: number | null, stints: readonly Pick<StintValue, 'fromLap' | 'tireSetId'>[], lapCount: number): TireSetStretch[] {
  const changes = [...stints]
    .filter((s) => s.tireSetId !== null && s.fromLap >= 1 && s.fromLap <= lapCount)
    .sort((a, b) => a.fromLap - b.fromLap)
    .map((s) => ({ fromLap: s.fromLap, tireSetId: s.tireSetId! }));
  const starts = [{ fromLap: 1, tireSetId: sessionTireSetId }, ...changes].filter((c, i, all) => i === all.length - 1 || all[i + 1]!.fromLap > c.fromLap);
  const stretches: TireSetStretch[] = [];
  starts.forEach((start, i) => {
    const toLap = (starts[i + 1]?.fromLap ?? lapCount + 1) - 1;
    const last = stretches.at(-1);
    if (start.tireSetId === null || toLap < start.fromLap) return;
    if (last && last.tireSetId === start.tireSetId && last.toLap === start.fromLap - 1) last.toLap = toLap;
    else stretches.push({ tireSetId: start.tireSetId, fromLap: start.fromLap, toLap });
  });
  return stretches;
}

/**
 * What the stretches of one set in a session put on it: their laps (out, in and invalid laps
 * included, as every lap wears the tires), their time (ms), the distance (the session's km per lap ×
 * the laps; null while the track length is unknown) and the best timed lap among them (ms; null
 * without one). `usage` is the whole session's (usage-from-sessions), `laps` its laps in order
 * (index 0 = lap 1).
 */
export function stretchUsage(usage: SessionUsage, laps: readonly Pick<LapValue, 'lapTimeMs' | 'kind'>[], stretches: readonly Pick<TireSetStretch, 'fromLap' | 'toLap'>[]): SessionUsage & { bestLapMs: number | null } {
  const ran = stretches.flatMap((s) => laps.slice(s.fromLap - 1, s.toLap));
  return {
    ...usage,
    laps: ran.length,
    ms: ran.reduce((sum, l) => sum + l.lapTimeMs, 0),
    km: usage.km === null || usage.laps === 0 ? null : (usage.km / usage.laps) * ran.length,
    bestLapMs: lapStatistics(ran).bestLapMs,
  };
}
