import { lapGroups, lapGroupSummary } from './lap-groups';

describe('lapGroups', () => {
  it('shows a short session whole', () => {
    expect(lapGroups(40, [])).toEqual([]);
  });

  it('groups a race by stint, splits a long stint in fifties and groups laps no stint covers', () => {
    const stints = [
      { fromLap: 11, toLap: 30, driverMemberId: 2 },
      { fromLap: 31, toLap: 95, driverMemberId: 4 },
    ];
    expect(lapGroups(100, stints)).toEqual([
      { fromLap: 1, toLap: 10, driverMemberId: null },
      { fromLap: 11, toLap: 30, driverMemberId: 2 },
      { fromLap: 31, toLap: 80, driverMemberId: 4 },
      { fromLap: 81, toLap: 95, driverMemberId: 4 },
      { fromLap: 96, toLap: 100, driverMemberId: null },
    ]);
  });

  it('covers 5,000 laps without stints in groups of 50, every lap once', () => {
    const groups = lapGroups(5_000, []);
    expect(groups).toHaveLength(100);
    expect(groups.reduce((n, g) => n + g.toLap - g.fromLap + 1, 0)).toBe(5_000);
  });
});

describe('lapGroupSummary', () => {
  it('names the laps, their count and the best timed lap', () => {
    const laps = [{ lapTimeMs: 150_000, kind: 'out' as const }, { lapTimeMs: 138_200, kind: 'timed' as const }, { lapTimeMs: 137_900, kind: 'invalid' as const }];
    expect(lapGroupSummary({ fromLap: 1, toLap: 3, driverMemberId: null }, laps, (ms) => `${ms} ms`)).toBe('Laps 1–3 · 3 laps · best 138200 ms');
    expect(lapGroupSummary({ fromLap: 4, toLap: 4, driverMemberId: null }, [{ kind: 'in' }], String)).toBe('Laps 4–4 · 1 lap');
  });
});
