import { lightFormat } from 'date-fns/lightFormat';

/**
 * Dates as text in the viewer's time zone for the screens that show dates before their content.
 * Neither date-fns' `format` (it brings its whole en-US locale) nor the browser's
 * `Intl.DateTimeFormat` (the page's first Intl object makes Chromium load ICU's data on the main
 * thread of a phone's first screen; bench/README.md): the month and weekday names are the en-US
 * ones below, the numeric forms date-fns' locale-free `lightFormat`. Each function writes exactly
 * what `format` wrote with its pattern (date-text.unit.test.ts compares them).
 */

/** The en-US month names ('MMMM'); their first three letters are the short names ('MMM'). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
/** The en-US short weekday names from Sunday ('EEE'), as Date#getDay numbers them. */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const monthOf = (date: Date) => MONTHS[date.getMonth()]!;

/** 'March 21, 2026' (date-fns 'MMMM d, yyyy'). */
export const longDateText = (date: Date): string => `${monthOf(date)} ${lightFormat(date, 'd, yyyy')}`;

/** 'Sat 21 Mar, 09:10' (date-fns 'EEE d MMM, HH:mm'). */
export const dayAndTimeText = (date: Date): string => `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${monthOf(date).slice(0, 3)}, ${lightFormat(date, 'HH:mm')}`;

/** '21 Mar 2026, 09:10' (date-fns 'd MMM yyyy, HH:mm'). */
export const dateAndTimeText = (date: Date): string => `${date.getDate()} ${monthOf(date).slice(0, 3)} ${lightFormat(date, 'yyyy, HH:mm')}`;

/** '2026-03-21' (a date input's value). */
export const isoDayText = (date: Date): string => lightFormat(date, 'yyyy-MM-dd');

/** '2026-03-21T09:10' (a datetime-local input's value). */
export const localDateTimeText = (date: Date): string => lightFormat(date, "yyyy-MM-dd'T'HH:mm");

/**
 * The calendar day of an ISO date or timestamp ('2026-03-21' or '2026-03-21T00:00:00.000Z') as
 * local midnight of that day: only its first ten characters count, so the day does not shift in
 * time zones west of UTC (as date-fns' `parseISO` of those characters).
 */
export function calendarDay(isoDate: string): Date {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}
