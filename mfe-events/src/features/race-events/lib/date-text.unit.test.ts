import { format, parseISO } from 'date-fns';
import { calendarDay, dateAndTimeText, dayAndTimeText, isoDayText, localDateTimeText, longDateText } from './date-text';

// The screens' dates must read as date-fns' `format` wrote them with these patterns (their visible texts).
const WRITERS: [pattern: string, write: (date: Date) => string][] = [
  ['MMMM d, yyyy', longDateText],
  ['EEE d MMM, HH:mm', dayAndTimeText],
  ['d MMM yyyy, HH:mm', dateAndTimeText],
  ['yyyy-MM-dd', isoDayText],
  ["yyyy-MM-dd'T'HH:mm", localDateTimeText],
];
const INSTANTS = ['2026-03-21T09:10:00.000Z', '2026-01-04T23:59:00.000Z', '2026-09-07T00:05:00.000Z', '2025-12-31T12:00:00.000Z', '2026-05-17T18:45:30.000Z'];

describe('the date texts', () => {
  it.each(WRITERS)("write '%s' as date-fns' format does", (pattern, write) => {
    for (const iso of INSTANTS) expect(write(new Date(iso))).toBe(format(parseISO(iso), pattern));
  });

  it('name every month and weekday as date-fns does, midnight as 00', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, 1 + month, 0, 0);
      for (const [pattern, write] of WRITERS) expect(write(date)).toBe(format(date, pattern));
    }
  });
});

describe('calendarDay', () => {
  it("is the day the date names, whatever the time zone (parseISO of its first ten characters)", () => {
    for (const iso of ['2026-03-21', '2026-03-21T00:00:00.000Z', '2026-12-01T00:00:00.000Z']) {
      expect(calendarDay(iso)).toEqual(parseISO(iso.slice(0, 10)));
    }
    expect(longDateText(calendarDay('2026-03-21T00:00:00.000Z'))).toBe('March 21, 2026');
  });
});
