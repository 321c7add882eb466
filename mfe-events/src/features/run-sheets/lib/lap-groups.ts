import type { LapKind } from '@pitwall/contracts';

/** A run sheet with more laps than this shows them as groups, each opened on demand (a race's 130, a 24-hour race's 5,000). */
const COLLAPSE_LAPS_ABOVE = 40;
/** At most this many lap rows open at once in one group: a longer stint is split into groups of this size. */
const LAP_GROUP_SIZE = 50;

/** A run of laps shown as one line until opened: laps `fromLap`…`toLap` (1-based positions in the session). */
export interface LapGroup {
  fromLap: number;
  toLap: number;
  /** The member who drove it, when the group is a stint (or part of one). */
  driverMemberId: number | null;
}

/**
 * The groups of a session's `lapCount` laps: one per stint (in lap order), a stint longer than
 * LAP_GROUP_SIZE split into groups of that size, and the laps no stint covers grouped the same way.
 * Answers [] when the laps are few enough to show at once (COLLAPSE_LAPS_ABOVE).
 */
export function lapGroups(lapCount: number, stints: readonly { fromLap: number; toLap: number; driverMemberId: number }[]): LapGroup[] {
  if (lapCount <= COLLAPSE_LAPS_ABOVE) return [];
  const spans: LapGroup[] = [];
  let next = 1;
  const cover = (fromLap: number, toLap: number, driverMemberId: number | null) => {
    for (let from = fromLap; from <= toLap; from += LAP_GROUP_SIZE) spans.push({ fromLap: from, toLap: Math.min(toLap, from + LAP_GROUP_SIZE - 1), driverMemberId });
  };
  for (const stint of [...stints].sort((a, b) => a.fromLap - b.fromLap)) {
    const [from, to] = [Math.max(stint.fromLap, next), Math.min(stint.toLap, lapCount)];
    if (from > to) continue;
    if (from > next) cover(next, from - 1, null);
    cover(from, to, stint.driverMemberId);
    next = to + 1;
  }
  if (next <= lapCount) cover(next, lapCount, null);
  return spans;
}

/**
 * One line for a closed group: 'Laps 23–45 · 23 laps · best 2:17.512' (the best of its timed laps,
 * as the session's best lap counts; none when it has none). `laps` are the group's rows; `timeText` formats ms.
 */
export function lapGroupSummary(group: LapGroup, laps: readonly { lapTimeMs?: number; kind: LapKind }[], timeText: (ms: number) => string): string {
  const count = group.toLap - group.fromLap + 1;
  const times = laps.flatMap((l) => (l.lapTimeMs !== undefined && l.kind === 'timed' ? [l.lapTimeMs] : []));
  const best = times.length > 0 ? ` · best ${timeText(Math.min(...times))}` : '';
  return `Laps ${group.fromLap}–${group.toLap} · ${count} ${count === 1 ? 'lap' : 'laps'}${best}`;
}
