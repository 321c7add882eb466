import type { PartLifeEntry, PartLimits, PartStatus, PartUsage, PartUsedBefore } from './parts.ts';
import { DUE_SOON_DAYS, DUE_SOON_SHARE } from './values/parts.ts';

/** A dated change of a part, as recorded: fitted to `carId`, removed from it (to the shelf), or serviced. `at` is an ISO date-time. */
export interface PartChange {
  at: string;
  kind: 'fitted' | 'removed' | 'serviced';
  /** The car fitted to or removed from; null for a service on the shelf. */
  carId: number | null;
  notes: string | null;
  /** A service that is a rebuild: the life count starts again at zero. */
  resetsLife: boolean;
}

/**
 * What one session ran (the usage-from-sessions read model): every lap recorded, the sum of their
 * times (ms), and the distance (laps × the race event's track length, km; null while the length is
 * unknown). `startedAt` is an ISO date-time.
 */
export interface SessionUsage {
  sessionId: number;
  carId: number;
  raceEventId: number;
  startedAt: string;
  laps: number;
  ms: number;
  km: number | null;
}

/** A part's life computed from its changes and the sessions of its team's cars. */
export interface PartLife {
  /** The car the part is fitted to now; null on the shelf. */
  carId: number | null;
  /** Since new, or since the last rebuild; includes `usedBefore` until a rebuild. */
  used: PartUsage;
  /** Everything since new, `usedBefore` included, rebuilds or not. */
  sinceNew: PartUsage;
  /** Limit − used per figure (negative once exceeded) and days to the expiry (0 = today); null without that limit. */
  remaining: { km: number | null; hours: number | null; laps: number | null; days: number | null };
  status: PartStatus;
  lastServicedAt: string | null;
  /** Fits, removals, services and the sessions that counted, oldest first. */
  life: PartLifeEntry[];
}

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
/** km with one decimal, hours with two, laps whole. */
const rounded = (u: { km: number; hours: number; laps: number }): PartUsage => ({ km: round(u.km, 1), hours: round(u.hours, 2), laps: Math.round(u.laps) });

/** The periods the part was on a car: from a fit to the next fit or removal (end null: still fitted). Changes in recorded order. */
function fittedPeriods(changes: readonly PartChange[]): { carId: number; from: number; to: number | null }[] {
  const periods: { carId: number; from: number; to: number | null }[] = [];
  for (const change of changes) {
    if (change.kind === 'serviced') continue;
    const open = periods.at(-1);
    if (open && open.to === null) open.to = Date.parse(change.at);
    if (change.kind === 'fitted' && change.carId !== null) periods.push({ carId: change.carId, from: Date.parse(change.at), to: null });
  }
  return periods;
}

/**
 * A part's usage, remaining life and status (the rules of parts life):
 * - a session counts when the part was fitted to the session's car at the session's start (a fit at
 *   that very moment counts, a removal or move at that moment does not);
 * - `sinceNew` = `usedBefore` + every session that counted; `used` the same since the last
 *   service with `resetsLife` (sessions starting at or after it; `usedBefore` only without a rebuild);
 * - 'overdue' when any limit is reached (remaining ≤ 0, or the expiry date today or past); 'due soon'
 *   when any remaining figure is at most 20 % of its limit or the expiry is within 30 days; else 'ok'.
 * Figures are compared as shown: km with one decimal, hours with two, laps whole.
 * `changes` in recorded order (fits and removals chronological); `today` is 'YYYY-MM-DD' (UTC).
 */
export function partLife(input: { limits: PartLimits; usedBefore: PartUsedBefore; changes: readonly PartChange[]; sessions: readonly SessionUsage[]; today: string }): PartLife {
  const { limits, usedBefore, changes, sessions, today } = input;
  const periods = fittedPeriods(changes);
  const resets = changes.filter((c) => c.kind === 'serviced' && c.resetsLife).map((c) => Date.parse(c.at));
  const resetAt = resets.length ? Math.max(...resets) : null;
  const counted = sessions
    .filter((s) => {
      const start = Date.parse(s.startedAt);
      return periods.some((p) => p.carId === s.carId && p.from <= start && (p.to === null || start < p.to));
    })
    .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.sessionId - b.sessionId);
  const total = (list: readonly SessionUsage[], base: { km: number; hours: number; laps: number }) =>
    rounded(list.reduce((sum, s) => ({ km: sum.km + (s.km ?? 0), hours: sum.hours + s.ms / MS_PER_HOUR, laps: sum.laps + s.laps }), base));
  const zero = { km: 0, hours: 0, laps: 0 };
  const sinceNew = total(counted, usedBefore);
  const used = resetAt === null ? sinceNew : total(counted.filter((s) => Date.parse(s.startedAt) >= resetAt), zero);
  const remaining = {
    km: limits.km === null ? null : round(limits.km - used.km, 1),
    hours: limits.hours === null ? null : round(limits.hours - used.hours, 2),
    laps: limits.laps === null ? null : limits.laps - used.laps,
    days: limits.expiresOn === null ? null : Math.round((Date.parse(limits.expiresOn) - Date.parse(today.slice(0, 10))) / MS_PER_DAY),
  };
  const figures = (['km', 'hours', 'laps'] as const).filter((f) => limits[f] !== null).map((f) => ({ left: remaining[f]!, limit: limits[f]! }));
  const status: PartStatus =
    figures.some((f) => f.left <= 0) || (remaining.days !== null && remaining.days <= 0)
      ? 'overdue'
      : figures.some((f) => f.left <= f.limit * DUE_SOON_SHARE + 1e-9) || (remaining.days !== null && remaining.days <= DUE_SOON_DAYS)
        ? 'due-soon'
        : 'ok';
  const life: PartLifeEntry[] = [
    ...changes.map((c): PartLifeEntry => ({ at: c.at, kind: c.kind, carId: c.carId, notes: c.notes, ...(c.kind === 'serviced' ? { resetsLife: c.resetsLife } : {}) })),
    ...counted.map((s): PartLifeEntry => ({
      at: s.startedAt, kind: 'session', carId: s.carId, raceEventId: s.raceEventId, sessionId: s.sessionId,
      laps: s.laps, km: s.km === null ? null : round(s.km, 1), hours: round(s.ms / MS_PER_HOUR, 2),
    })),
  ].map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
  const services = changes.filter((c) => c.kind === 'serviced').map((c) => c.at).sort((a, b) => Date.parse(a) - Date.parse(b));
  return { carId: periods.at(-1)?.to === null ? periods.at(-1)!.carId : null, used, sinceNew, remaining, status, lastServicedAt: services.at(-1) ?? null, life };
}

/**
 * How much of its life a part has used, whole per cent: the largest of used ÷ limit over its
 * distance, time and lap limits (e.g. 'Clutch — 92 % used'); null without any of those limits.
 */
export function partUsedPercent(part: { limits: Pick<PartLimits, 'km' | 'hours' | 'laps'>; used: PartUsage }): number | null {
  const shares = (['km', 'hours', 'laps'] as const).filter((f) => part.limits[f] !== null).map((f) => part.used[f] / part.limits[f]!);
  return shares.length ? Math.round(Math.max(...shares) * 100) : null;
}
