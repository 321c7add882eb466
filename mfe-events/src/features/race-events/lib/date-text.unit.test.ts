import { format, parseISO } from 'date-fns';
import { calendarDay, formatLocal } from './date-text';

// The screens' patterns must read as date-fns' `format` wrote them before (their visible texts).
const PATTERNS = ['MMMM d, yyyy', 'EEE d MMM, HH:mm', 'd MMM yyyy, HH:mm', 'yyyy-MM-dd', "yyyy-MM-dd'T'HH:mm"];
const INSTANTS = ['2026-03-21T09:10:00.000Z', '2026-01-04T23:59:00.000Z', '2026-09-07T00:05:00.000Z', '2025-12-31T12:00:00.000Z', '2026-05-17T18:45:30.000Z'];

describe('formatLocal', () => {
  it.each(PATTERNS)("writes '%s' as date-fns' format does", (pattern) => {
    for (const iso of INSTANTS) expect(formatLocal(new Date(iso), pattern)).toBe(format(parseISO(iso), pattern));
  });

  it('names every month and weekday in English', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, 1 + month);
      expect(formatLocal(date, 'EEE MMMM MMM')).toBe(format(date, 'EEE MMMM MMM'));
    }
  });
});

describe('calendarDay', () => {
  it("is the day the date names, whatever the time zone (parseISO of its first ten characters)", () => {
    for (const iso of ['2026-03-21', '2026-03-21T00:00:00.000Z', '2026-12-01T00:00:00.000Z']) {
      expect(calendarDay(iso)).toEqual(parseISO(iso.slice(0, 10)));
    }
    expect(formatLocal(calendarDay('2026-03-21T00:00:00.000Z'), 'MMMM d, yyyy')).toBe('March 21, 2026');
  });
});
