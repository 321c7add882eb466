import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';

/**
 * The one checked type of every date and date-time the API and the team import take. A date that
 * gets past it is one every read model can hold: PostgreSQL refuses year 0000 and offsets beyond
 * ±15:59, and JavaScript reads '2026-02-30' as March 2, so each of them would otherwise be stored
 * and then parked by the projector.
 */

/** Earliest year of any date the API accepts (race events, sessions, parts, tire sets, maintenance, rounds, as-of). */
export const EARLIEST_YEAR = 1950;
/** Latest year of any date the API accepts: next calendar year + 10, read from the clock at parse time. */
export const latestYear = (): number => new Date().getFullYear() + 11;
/** Largest UTC offset a date-time may carry, in minutes: ±14:00 (UTC+14, Line Islands, is the furthest any zone goes). */
export const MAX_UTC_OFFSET_MINUTES = 14 * 60;

/** The accepted date range as a sentence: 'from 1950-01-01 to 2037-12-31' (`latest` default latestYear()). */
export const dateRangeText = (latest = latestYear()): string => `from ${EARLIEST_YEAR}-01-01 to ${latest}-12-31`;

/**
 * What a field takes: 'date' 'YYYY-MM-DD'; 'date-time' 'YYYY-MM-DDThh:mm[:ss[.fff]]' with 'Z' or
 * '±hh:mm'; 'date-or-time' either of them (a date-time may then have a space for 'T' and no offset).
 */
export type DateKind = 'date' | 'date-time' | 'date-or-time';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const LOOSE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const FORMAT_TEXT: Record<DateKind, string> = {
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be an ISO date-time such as 2026-05-17T14:30:00Z',
  'date-or-time': 'must be a date (YYYY-MM-DD) or an ISO date-time',
};

/** Minutes east of UTC of an offset 'Z', '+05:30', '-0800' (undefined: none, read as UTC). */
function offsetMinutes(offset: string | undefined): number {
  if (offset === undefined || offset === 'Z') return 0;
  const digits = offset.replace(':', '');
  return Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
}

/**
 * Why `text` is not a date of `kind` Pitwall takes, as the end of a sentence ('must be …'), or null
 * when it is one: its form, then the UTC offset (at most ±14:00), then the calendar (date-fns' strict
 * parseISO: '2026-02-30' and '25:00' fail), then the year (EARLIEST_YEAR … `latest`, default
 * latestYear(); the year as written, before any offset).
 */
export function dateProblem(text: string, kind: DateKind, latest = latestYear()): string | null {
  const form = kind === 'date' ? DATE : kind === 'date-time' ? DATE_TIME : LOOSE_DATE_TIME;
  const match = form.exec(text);
  if (!match) return FORMAT_TEXT[kind];
  if (offsetMinutes(match[4]) > MAX_UTC_OFFSET_MINUTES) return 'must have a UTC offset from -14:00 to +14:00';
  if (!isValid(parseISO(text.replace(' ', 'T')))) return 'must be a valid date';
  const year = Number(match[1]);
  if (year < EARLIEST_YEAR || year > latest) return `must be ${dateRangeText(latest)}`;
  return null;
}

/** Options of checkedDate: the field's name in its messages ('Event date'), and the latest year (default latestYear()). */
export interface CheckedDateOptions {
  label: string;
  latest?: number;
}

/**
 * The checked date type: a string of `kind` that dateProblem finds nothing wrong with, else the
 * issue '<label> <problem>' (the 400 names the field by its path as well). Answers the text unchanged.
 * Example: checkedDate('date-time', { label: 'measuredAt' }) refuses '0000-01-01T00:00:00Z' and '2026-05-17T10:00:00+16:00'.
 */
export function checkedDate(kind: DateKind, { label, latest }: CheckedDateOptions) {
  return z.string({ error: `${label} ${FORMAT_TEXT[kind]}` }).check((ctx) => {
    const problem = dateProblem(ctx.value, kind, latest);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: `${label} ${problem}`, input: ctx.value });
  });
}

/** A calendar date 'YYYY-MM-DD' or a full ISO timestamp (only its date part is kept), 1950 … next year + 10, or null. */
export const isoDateOrNull = z
  .string({ error: 'must be an ISO date (YYYY-MM-DD) or null' })
  .check((ctx) => {
    const problem = DATE.test(ctx.value) ? dateProblem(ctx.value, 'date') : dateProblem(ctx.value, 'date-time');
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  })
  .nullable()
  .transform((v) => (v == null ? null : v.slice(0, 10)));

/** Names of the fields of stored event data that hold a date or date-time: 'date', and any name ending in 'At' or 'On'. */
const isDateFieldName = (key: string): boolean => key === 'date' || /[a-z](At|On)$/.test(key);

/**
 * The first date field of event `data` (at any depth) that the checked type refuses, as its path and
 * reason ({ path: ['details', 'startedAt'], reason: 'must have a UTC offset …' }), or null. A date
 * field is one isDateFieldName names holding a string; null means no date. For data that did not
 * come through a route: the team import.
 */
export function findBadDate(value: unknown, path: readonly (string | number)[] = []): { path: (string | number)[]; reason: string } | null {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findBadDate(item, [...path, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isDateFieldName(key) && typeof item === 'string') {
        const reason = dateProblem(item, 'date-or-time');
        if (reason !== null) return { path: [...path, key], reason };
      } else {
        const found = findBadDate(item, [...path, key]);
        if (found) return found;
      }
    }
  }
  return null;
}
