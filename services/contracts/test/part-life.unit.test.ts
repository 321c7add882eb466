import { describe, expect, it } from 'vitest';
import { partLife, partUsedPercent, type PartChange, type SessionUsage } from '../src/index.ts';

const noLimits = { km: null, hours: null, laps: null, expiresOn: null };
const nothingBefore = { km: 0, hours: 0, laps: 0 };
const fit = (carId: number, at: string): PartChange => ({ at, kind: 'fitted', carId, notes: null, resetsLife: false });
/** A session of `laps` laps of 100 s each at a 3.2 km track. */
const session = (sessionId: number, carId: number, startedAt: string, laps: number, km: number | null = laps * 3.2): SessionUsage => ({
  sessionId, carId, raceEventId: 1, startedAt, laps, ms: laps * 100_000, km,
});
const today = '2026-05-01';

describe('partLife', () => {
  it('follows the worked example: 1,000 km limit, 850 km before, 25-lap sessions at 3.2 km, a move and a rebuild', () => {
    const limits = { ...noLimits, km: 1000 };
    const usedBefore = { km: 850, hours: 0, laps: 0 };
    const changes = [fit(1, '2026-04-01T08:00:00Z')];
    const first = session(1, 1, '2026-04-01T09:00:00Z', 25);
    const one = partLife({ limits, usedBefore, changes, sessions: [first], today });
    expect([one.used.km, one.remaining.km, one.status]).toEqual([930, 70, 'due-soon']);

    const second = session(2, 1, '2026-04-01T14:00:00Z', 25);
    const two = partLife({ limits, usedBefore, changes, sessions: [first, second], today });
    expect([two.used.km, two.remaining.km, two.status]).toEqual([1010, -10, 'overdue']);

    // Moved to car 2: car 1's later sessions no longer count, car 2's do.
    const moved = [...changes, fit(2, '2026-04-02T08:00:00Z')];
    const laterOnA = session(3, 1, '2026-04-02T09:00:00Z', 10);
    const onB = session(4, 2, '2026-04-02T10:00:00Z', 5);
    const three = partLife({ limits, usedBefore, changes: moved, sessions: [first, second, laterOnA, onB], today });
    expect([three.carId, three.used.km, three.used.laps]).toEqual([2, 1026, 55]);

    // Rebuilt: used starts again at zero (plus what runs after), sinceNew keeps everything.
    const rebuilt = [...moved, { at: '2026-04-03T08:00:00Z', kind: 'serviced' as const, carId: 2, notes: 'Rebuilt', resetsLife: true }];
    const afterRebuild = session(5, 2, '2026-04-03T09:00:00Z', 10);
    const four = partLife({ limits, usedBefore, changes: rebuilt, sessions: [first, second, laterOnA, onB, afterRebuild], today });
    expect(four.used).toEqual({ km: 32, hours: 0.28, laps: 10 });
    expect(four.sinceNew).toEqual({ km: 1058, hours: 1.81, laps: 65 });
    expect([four.remaining.km, four.status, four.lastServicedAt]).toEqual([968, 'ok', '2026-04-03T08:00:00Z']);
    expect(four.life.map((e) => `${e.kind}:${e.sessionId ?? e.carId}`)).toEqual(['fitted:1', 'session:1', 'session:2', 'fitted:2', 'session:4', 'serviced:2', 'session:5']);
  });

  it('is due soon at exactly 20 % remaining, ok just above, and overdue at exactly the limit', () => {
    const status = (laps: number) => partLife({ limits: { ...noLimits, laps: 100 }, usedBefore: { ...nothingBefore, laps }, changes: [], sessions: [], today }).status;
    expect([status(79), status(80), status(99), status(100), status(101)]).toEqual(['ok', 'due-soon', 'due-soon', 'overdue', 'overdue']);
    const hours = (h: number) => partLife({ limits: { ...noLimits, hours: 40 }, usedBefore: { ...nothingBefore, hours: h }, changes: [], sessions: [], today });
    expect([hours(31.99).status, hours(32).status, hours(40).status]).toEqual(['ok', 'due-soon', 'overdue']);
    expect(hours(32).remaining.hours).toBe(8);
  });

  it('is overdue on the expiry date and after it, due soon within 30 days, ok beyond', () => {
    const on = (expiresOn: string) => partLife({ limits: { ...noLimits, expiresOn }, usedBefore: nothingBefore, changes: [], sessions: [], today });
    expect([on('2026-04-30').status, on('2026-05-01').status, on('2026-05-31').status, on('2026-06-01').status]).toEqual(['overdue', 'overdue', 'due-soon', 'ok']);
    expect([on('2026-05-01').remaining.days, on('2026-06-01').remaining.days]).toEqual([0, 31]);
  });

  it('counts a session when fitted at its start (not after a removal at that moment), and counts laps and time but no distance while the track length is unknown', () => {
    const changes: PartChange[] = [fit(1, '2026-04-01T09:00:00Z'), { at: '2026-04-01T12:00:00Z', kind: 'removed', carId: 1, notes: null, resetsLife: false }];
    const sessions = [session(1, 1, '2026-04-01T09:00:00Z', 10, null), session(2, 1, '2026-04-01T12:00:00Z', 10), session(3, 1, '2026-04-01T08:59:59Z', 10)];
    const life = partLife({ limits: noLimits, usedBefore: nothingBefore, changes, sessions, today });
    expect(life.used).toEqual({ km: 0, hours: 0.28, laps: 10 });
    expect([life.carId, life.status, life.remaining]).toEqual([null, 'ok', { km: null, hours: null, laps: null, days: null }]);
    expect(life.life.find((e) => e.kind === 'session')).toMatchObject({ sessionId: 1, km: null, laps: 10, hours: 0.28 });
  });
});

describe('partUsedPercent', () => {
  it('answers the most used limit in whole per cent, null without a usage limit', () => {
    expect(partUsedPercent({ limits: { km: 2500, hours: 40, laps: null }, used: { km: 2300, hours: 10, laps: 3 } })).toBe(92);
    expect(partUsedPercent({ limits: { km: null, hours: null, laps: null }, used: { km: 2300, hours: 10, laps: 3 } })).toBeNull();
  });
});
