import type { DistanceUnit, Part, PartStatus } from '@pitwall/contracts';
import { formatDistance, PART_CATEGORIES, PART_STATUSES, partUsedPercent } from '@pitwall/contracts/values';

/** The badge tone of a status: green ok, amber due soon, red overdue (always shown with its words). */
export const STATUS_TONE: Record<PartStatus, 'success' | 'warning' | 'danger'> = { ok: 'success', 'due-soon': 'warning', overdue: 'danger' };

/** 'OK', 'Due soon', 'Overdue'. */
export const statusLabel = (status: PartStatus) => PART_STATUSES.find((s) => s.value === status)!.label;

/** 'Gearbox', 'Brakes', … */
export const categoryLabel = (category: Part['category']) => PART_CATEGORIES.find((c) => c.value === category)?.label ?? category;

/** One figure of a part's life as shown: used of its limit and what remains ('930.0 / 1000 km', '70.0 km left'). */
export interface LifeFigure {
  label: string;
  used: string;
  limit: string | null;
  remaining: string | null;
}

export { formatDistance };
const hours = (v: number) => `${v.toFixed(2)} h`;
const laps = (v: number) => `${v} ${v === 1 ? 'lap' : 'laps'}`;

/**
 * The distance, time and lap figures of a part (distance in the team's unit with one decimal,
 * hours two, laps whole), and the expiry.
 */
export function lifeFigures(part: Part, distanceUnit: DistanceUnit = 'km'): LifeFigure[] {
  const km = (v: number) => formatDistance(v, distanceUnit);
  const left = (value: number | null, format: (v: number) => string) => (value === null ? null : value < 0 ? `${format(-value)} over` : `${format(value)} left`);
  const figures: LifeFigure[] = [
    { label: 'Distance', used: km(part.used.km), limit: part.limits.km === null ? null : km(part.limits.km), remaining: left(part.remaining.km, km) },
    { label: 'Running time', used: hours(part.used.hours), limit: part.limits.hours === null ? null : hours(part.limits.hours), remaining: left(part.remaining.hours, hours) },
    { label: 'Laps', used: laps(part.used.laps), limit: part.limits.laps === null ? null : laps(part.limits.laps), remaining: left(part.remaining.laps, laps) },
  ];
  if (part.limits.expiresOn !== null) {
    const days = part.remaining.days!;
    figures.push({ label: 'Expires', used: part.limits.expiresOn, limit: null, remaining: days < 0 ? `expired ${-days} days ago` : days === 0 ? 'expires today' : `${days} days left` });
  }
  return figures;
}

/** How much of its life the part has used, whole per cent (null without a distance, time or lap limit). */
export const usedPercent = (part: Part) => partUsedPercent(part);
