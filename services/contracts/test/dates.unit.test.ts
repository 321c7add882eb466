import { describe, expect, it } from 'vitest';
import { checkedDate, dateProblem, findBadDate, isoDateOrNull, latestYear } from '../src/dates.ts';

describe('the checked date type', () => {
  const latest = latestYear();
  const range = `must be from 1950-01-01 to ${latest}-12-31`;

  it.each([
    ['0000-01-01T10:00:00Z', range],
    ['1949-12-31T23:59:59Z', range],
    [`${latest + 1}-01-01T00:00:00Z`, range],
    ['2026-05-17T10:00:00+16:00', 'must have a UTC offset from -14:00 to +14:00'],
    ['2026-05-17T10:00:00-14:01', 'must have a UTC offset from -14:00 to +14:00'],
    ['2026-05-17T10:00:00+99:00', 'must have a UTC offset from -14:00 to +14:00'],
    ['2026-02-30T10:00:00Z', 'must be a valid date'],
    ['2026-05-17T25:00:00Z', 'must be a valid date'],
    ['2026-05-17T10:00:00', 'must be an ISO date-time such as 2026-05-17T14:30:00Z'],
    ['2026-05-17', 'must be an ISO date-time such as 2026-05-17T14:30:00Z'],
  ])('refuses the date-time %s: %s', (text, reason) => {
    expect(dateProblem(text, 'date-time')).toBe(reason);
  });

  it.each(['1950-01-01T00:00:00Z', `${latest}-12-31T23:59:59.999Z`, '2026-05-17T10:00:00+14:00', '2026-05-17T10:00:00-14:00', '2026-05-17T10:00+05:30'])('takes the date-time %s', (text) => {
    expect(dateProblem(text, 'date-time')).toBeNull();
  });

  it('takes a date only as YYYY-MM-DD, on the calendar and in range', () => {
    expect(dateProblem('2028-02-29', 'date')).toBeNull();
    expect(dateProblem('2026-02-29', 'date')).toBe('must be a valid date');
    expect(dateProblem('0000-01-01', 'date')).toBe(range);
    expect(dateProblem('2026-05-17T10:00:00Z', 'date')).toBe('must be a date (YYYY-MM-DD)');
  });

  it('takes either form where a field allows both, with the offset checked', () => {
    expect(dateProblem('2026-03-21', 'date-or-time')).toBeNull();
    expect(dateProblem('2026-03-21 09:00', 'date-or-time')).toBeNull();
    expect(dateProblem('2026-03-21T09:00:00+9900', 'date-or-time')).toBe('must have a UTC offset from -14:00 to +14:00');
    expect(dateProblem('next week', 'date-or-time')).toBe('must be a date (YYYY-MM-DD) or an ISO date-time');
  });

  it('names the field in the issue and keeps the text as sent', () => {
    const measuredAt = checkedDate('date-time', { label: 'measuredAt' });
    expect(measuredAt.parse('2026-05-17T10:00:00+02:00')).toBe('2026-05-17T10:00:00+02:00');
    expect(measuredAt.safeParse('2026-05-17T10:00:00+16:00').error?.issues[0]?.message).toBe('measuredAt must have a UTC offset from -14:00 to +14:00');
    expect(measuredAt.safeParse(17).error?.issues[0]?.message).toBe('measuredAt must be an ISO date-time such as 2026-05-17T14:30:00Z');
    expect(checkedDate('date-or-time', { label: 'asOf', latest: 9999 }).safeParse('9999-12-31').success).toBe(true);
  });

  it('keeps the date part of a maintenance date and refuses one out of range', () => {
    expect(isoDateOrNull.parse('2026-05-17T10:00:00Z')).toBe('2026-05-17');
    expect(isoDateOrNull.parse(null)).toBeNull();
    expect(isoDateOrNull.safeParse('0000-01-01').error?.issues[0]?.message).toBe(range);
  });

  it('finds the first bad date of event data at any depth, and only in date fields', () => {
    expect(findBadDate({ partId: 1, details: { limits: { expiresOn: '2027-01-01' } }, at: '2026-05-17T10:00:00Z' })).toBeNull();
    expect(findBadDate({ partId: 1, details: { limits: { expiresOn: '0000-01-01' } } })).toEqual({ path: ['details', 'limits', 'expiresOn'], reason: range });
    expect(findBadDate({ laps: [{ startedAt: '2026-05-17T10:00:00+16:00' }] })?.path).toEqual(['laps', 0, 'startedAt']);
    expect(findBadDate({ name: '0000-01-01', date: null })).toBeNull();
  });
});
