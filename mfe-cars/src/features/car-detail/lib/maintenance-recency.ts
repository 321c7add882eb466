import { parseISO } from 'date-fns';

/** Colour of a maintenance date (docs/product.md, 'Maintenance history'). */
type RecencyTone = 'green' | 'yellow' | 'red' | 'grey';

/** How recent a maintenance date is: days ago and its colour; null days for no date. */
export interface Recency {
  daysAgo: number | null;
  tone: RecencyTone;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/product.md, 'States and transitions': days ago is the absolute difference between the date (a calendar day 'YYYY-MM-DD', read
 * as local midnight) and `now`, in days, rounded UP; under 30 is green, under 90 yellow, 90 or more
 * red; no date (null or blank) is grey. A date in the future counts by its absolute distance too.
 */
export function maintenanceRecency(date: string | null | undefined, now: Date = new Date()): Recency {
  if (!date) return { daysAgo: null, tone: 'grey' };
  const day = parseISO(date);
  if (Number.isNaN(day.getTime())) return { daysAgo: null, tone: 'grey' };
  const daysAgo = Math.ceil(Math.abs(now.getTime() - day.getTime()) / DAY_MS);
  const tone: RecencyTone = daysAgo < 30 ? 'green' : daysAgo < 90 ? 'yellow' : 'red';
  return { daysAgo, tone };
}

/** '0 days ago', '1 day ago', '12 days ago'. */
export function daysAgoText(daysAgo: number): string {
  return `${daysAgo} ${daysAgo === 1 ? 'day' : 'days'} ago`;
}
