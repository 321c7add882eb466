import { lightFormat } from 'date-fns/lightFormat';

/**
 * Dates as text in the viewer's time zone for the screens that show dates before their content.
 * date-fns' `format` brings its whole en-US locale (~20 kB minified) for the month and weekday
 * names; here the names come from the browser's `Intl.DateTimeFormat` (en-US: 'March', 'Mar',
 * 'Sat', the same words as date-fns' en-US locale) and the numeric forms from date-fns'
 * locale-free `lightFormat`. Each function writes exactly what `format` wrote with its pattern.
 */

type Part = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute';

/** en-US, 24-hour, two-digit hours and minutes: only the parts asked for are filled. */
const formatterOf = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { hourCycle: 'h23', ...options });
const LONG_DATE = formatterOf({ month: 'long', day: 'numeric', year: 'numeric' });
const DAY_AND_TIME = formatterOf({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const DATE_AND_TIME = formatterOf({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The named parts of `date` as `formatter` writes them. */
function partsOf(formatter: Intl.DateTimeFormat, date: Date): Record<Part, string> {
  return Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value])) as Record<Part, string>;
}

/** 'March 21, 2026' (date-fns 'MMMM d, yyyy'). */
export const longDateText = (date: Date): string => LONG_DATE.format(date);

/** 'Sat 21 Mar, 09:10' (date-fns 'EEE d MMM, HH:mm'). */
export function dayAndTimeText(date: Date): string {
  const p = partsOf(DAY_AND_TIME, date);
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute}`;
}

/** '21 Mar 2026, 09:10' (date-fns 'd MMM yyyy, HH:mm'). */
export function dateAndTimeText(date: Date): string {
  const p = partsOf(DATE_AND_TIME, date);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

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
