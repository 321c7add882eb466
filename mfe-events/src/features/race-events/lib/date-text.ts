/**
 * Dates as text in the viewer's time zone, with the English names of date-fns' en-US locale
 * ('March', 'Mar', 'Sat'), for the screens that show dates before their content: date-fns' `format`
 * brings its whole locale (~20 kB minified), which those screens do without. Same patterns, same text.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The tokens `formatLocal` knows, as date-fns' `format` reads them, and quoted literal text. */
const TOKEN = /yyyy|MMMM|MMM|MM|dd|d|EEE|HH|mm|'[^']*'/g;

/**
 * `date` (local time) as `pattern` reads it, a subset of date-fns' `format` patterns: yyyy (2026),
 * MMMM (March), MMM (Mar), MM (03), dd (07), d (7), EEE (Sat), HH (09, 24-hour), mm (05), and
 * 'quoted' literal text; any other character is written as it is.
 */
export function formatLocal(date: Date, pattern: string): string {
  return pattern.replace(TOKEN, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(date.getFullYear(), 4);
      case 'MMMM':
        return MONTHS[date.getMonth()]!;
      case 'MMM':
        return MONTHS[date.getMonth()]!.slice(0, 3);
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'dd':
        return pad(date.getDate());
      case 'd':
        return String(date.getDate());
      case 'EEE':
        return WEEKDAYS[date.getDay()]!;
      case 'HH':
        return pad(date.getHours());
      case 'mm':
        return pad(date.getMinutes());
      default:
        return token.slice(1, -1);
    }
  });
}

/**
 * The calendar day of an ISO date or timestamp ('2026-03-21' or '2026-03-21T00:00:00.000Z') as
 * local midnight of that day: only its first ten characters count, so the day does not shift in
 * time zones west of UTC (as date-fns' `parseISO` of those characters).
 */
export function calendarDay(isoDate: string): Date {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}
