import { describe, expect, it } from 'vitest';
import { stretchUsage, tireSetStretches } from '../src/tire-set-stints.ts';

const stint = (fromLap: number, tireSetId: number | null) => ({ fromLap, tireSetId });

describe('tireSetStretches: which set ran which laps of a session', () => {
  it('starts on the session set, changes at a stint naming a set (from its out lap), keeps the set at a stint naming none', () => {
    expect(tireSetStretches(1, [stint(1, null), stint(23, 2), stint(46, null)], 130)).toEqual([{ tireSetId: 1, fromLap: 1, toLap: 22 }, { tireSetId: 2, fromLap: 23, toLap: 130 }]);
  });

  it('gives a set taken off and fitted again a stretch for each spell, and joins a set fitted again at once', () => {
    expect(tireSetStretches(1, [stint(11, 2), stint(21, 1), stint(31, 1)], 40)).toEqual([{ tireSetId: 1, fromLap: 1, toLap: 10 }, { tireSetId: 2, fromLap: 11, toLap: 20 }, { tireSetId: 1, fromLap: 21, toLap: 40 }]);
  });

  it('leaves out laps on no known set, and stints beyond the laps recorded so far', () => {
    expect(tireSetStretches(null, [stint(5, 3), stint(60, 4)], 30)).toEqual([{ tireSetId: 3, fromLap: 5, toLap: 30 }]);
    expect(tireSetStretches(null, [], 30)).toEqual([]);
    expect(tireSetStretches(7, [], 0)).toEqual([]);
  });

  it('lets a set fitted for the first stint replace the session set from lap 1', () => {
    expect(tireSetStretches(1, [stint(1, 2), stint(10, null)], 20)).toEqual([{ tireSetId: 2, fromLap: 1, toLap: 20 }]);
  });
});

describe('stretchUsage: what the stretches put on their set', () => {
  it('counts their laps, time, distance by the session km per lap and best timed lap', () => {
    const laps = [{ lapTimeMs: 160_000, kind: 'out' as const }, { lapTimeMs: 140_000, kind: 'timed' as const }, { lapTimeMs: 139_000, kind: 'timed' as const }, { lapTimeMs: 160_000, kind: 'in' as const }];
    const usage = { sessionId: 9, carId: 1, raceEventId: 2, startedAt: '2026-05-09T13:00:00.000Z', laps: 4, ms: 599_000, km: 28.016 };
    expect(stretchUsage(usage, laps, [{ fromLap: 3, toLap: 4 }])).toEqual({ ...usage, laps: 2, ms: 299_000, km: 14.008, bestLapMs: 139_000 });
    expect(stretchUsage({ ...usage, km: null }, laps, [{ fromLap: 1, toLap: 1 }, { fromLap: 4, toLap: 4 }])).toMatchObject({ laps: 2, ms: 320_000, km: null, bestLapMs: null });
  });
});
