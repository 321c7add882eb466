import { describe, expect, it } from 'vitest';
import { cornerWearPercent, earlierUseProblem, heatCyclesText, NewTireSetBody, PatchTireSetBody, tireSetLife, type TireSetSessionInput, type TreadDepths } from '../src/index.ts';

/** A session of `laps` laps of 100 s each at a 3.2 km track, on the set. */
const session = (sessionId: number, startedAt: string, laps: number): TireSetSessionInput => ({
  sessionId, carId: 1, raceEventId: 1, startedAt, laps, ms: laps * 100_000, km: laps * 3.2, name: `S${sessionId}`, type: 'practice', bestLapMs: null, cold: null, hot: null,
});
const even = (depth: number) => [depth, depth, depth];
const tread = (measuredAt: string, fl: number[], rest = even(8)): TreadDepths => ({ measuredAt, fl, fr: rest, rl: rest, rr: rest });
const fresh = { condition: 'new' as const, treadNewMm: 8, treadMinimumMm: 1.5, earlierHeatCycles: 0, earlierLaps: 0 };

describe('tread wear', () => {
  it('is the worst measuring point of a corner: new 8.0, minimum 1.5, points 6.2 / 5.9 / 6.4 → 32.3 %', () => {
    expect(cornerWearPercent(8, 1.5, [6.2, 5.9, 6.4])).toBeCloseTo(32.31, 2);
  });

  it("gives the set its worst corner's wear, each corner its own", () => {
    const life = tireSetLife({ ...fresh, sessions: [session(1, '2026-04-01T09:00:00Z', 60)], treads: [tread('2026-04-02T08:00:00Z', [6.2, 5.9, 6.4], [7.35, 7.35])] });
    expect(life.wearByCorner).toEqual({ fl: 32.3, fr: 10, rl: 10, rr: 10 });
    expect(life.wearPercent).toBe(32.3);
  });

  it('follows the worked example: 32.3 % after 60 laps → 0.54 % per lap → 125 laps left (rounded down)', () => {
    const life = tireSetLife({ ...fresh, sessions: [session(1, '2026-04-01T09:00:00Z', 60)], treads: [tread('2026-04-02T08:00:00Z', [6.2, 5.9, 6.4])] });
    expect([life.wearPerLap, life.lapsLeft]).toEqual([0.54, 125]);
  });

  it('takes the laps run since the measurement off the laps left', () => {
    const sessions = [session(1, '2026-04-01T09:00:00Z', 60), session(2, '2026-04-03T09:00:00Z', 20)];
    const life = tireSetLife({ ...fresh, sessions, treads: [tread('2026-04-02T08:00:00Z', [6.2, 5.9, 6.4])] });
    expect(life.lapsLeft).toBe(105);
  });

  it('uses the latest measurement by its date, whatever the order recorded', () => {
    const life = tireSetLife({ ...fresh, sessions: [], treads: [tread('2026-04-05T08:00:00Z', [4.75]), tread('2026-04-02T08:00:00Z', [6.2, 5.9, 6.4])] });
    expect(life.wearPercent).toBe(50);
    expect(life.treads.map((t) => t.wearPercent)).toEqual([32.3, 50]);
  });

  it('is unknown (null) before a measurement, and without the new or minimum depth', () => {
    expect(tireSetLife({ ...fresh, sessions: [], treads: [] })).toMatchObject({ wearPercent: null, wearByCorner: { fl: null, fr: null, rl: null, rr: null }, lapsLeft: null });
    expect(tireSetLife({ ...fresh, treadMinimumMm: null, sessions: [], treads: [tread('2026-04-02T08:00:00Z', [6])] })).toMatchObject({ wearPercent: null, lapsLeft: null });
  });

  it('has no rate (per lap, laps left) before the set has run a lap', () => {
    const life = tireSetLife({ ...fresh, sessions: [], treads: [tread('2026-04-02T08:00:00Z', [7])] });
    expect([life.wearPercent, life.wearPerLap, life.lapsLeft]).toEqual([15.4, null, null]);
  });
});

describe('heat cycles', () => {
  it('counts nothing for a session without laps', () => {
    const life = tireSetLife({ ...fresh, sessions: [session(1, '2026-04-01T09:00:00Z', 0)], treads: [] });
    expect([life.heatCycles, life.laps, life.lastUsedAt, life.sessions.length]).toEqual([0, 0, null, 1]);
  });

  it('counts one for a session of an out lap and an in lap only', () => {
    expect(tireSetLife({ ...fresh, sessions: [session(1, '2026-04-01T09:00:00Z', 2)], treads: [] }).heatCycles).toBe(1);
  });

  it('adds one per session with laps, and sums laps, km and hours of them', () => {
    const life = tireSetLife({ ...fresh, sessions: [session(2, '2026-04-01T14:00:00Z', 12), session(1, '2026-04-01T09:00:00Z', 10)], treads: [] });
    expect([life.heatCycles, life.laps, life.km, life.hours, life.lastUsedAt]).toEqual([2, 22, 70.4, 0.61, '2026-04-01T14:00:00Z']);
    expect(life.sessions.map((s) => s.sessionId)).toEqual([1, 2]);
  });

  it("makes a 'new' set 'scrubbed' after its first session with laps; other conditions stay", () => {
    expect(tireSetLife({ ...fresh, sessions: [], treads: [] }).condition).toBe('new');
    expect(tireSetLife({ ...fresh, sessions: [session(1, '2026-04-01T09:00:00Z', 3)], treads: [] }).condition).toBe('scrubbed');
    expect(tireSetLife({ ...fresh, condition: 'used', sessions: [session(1, '2026-04-01T09:00:00Z', 3)], treads: [] }).condition).toBe('used');
  });
});

describe('earlier use (a set bought scrubbed or used)', () => {
  const bought = { ...fresh, condition: 'used' as const, earlierHeatCycles: 3, earlierLaps: 40 };

  it('adds the earlier heat cycles and laps to those of the sessions; km, hours and last used come from the sessions only', () => {
    expect(tireSetLife({ ...bought, sessions: [], treads: [] })).toMatchObject({ heatCycles: 3, laps: 40, km: 0, hours: 0, lastUsedAt: null, sessions: [] });
    const life = tireSetLife({ ...bought, sessions: [session(1, '2026-04-01T09:00:00Z', 10), session(2, '2026-04-01T14:00:00Z', 0)], treads: [] });
    expect([life.heatCycles, life.laps, life.km, life.hours, life.lastUsedAt]).toEqual([4, 50, 32, 0.28, '2026-04-01T09:00:00Z']);
    expect(life.sessions.map((s) => s.laps)).toEqual([10, 0]);
  });

  it("answers a set recorded 'new' with an earlier heat cycle as 'scrubbed', as after a session; 'used' stays", () => {
    expect(tireSetLife({ ...fresh, earlierHeatCycles: 1, sessions: [], treads: [] }).condition).toBe('scrubbed');
    expect(tireSetLife({ ...bought, sessions: [], treads: [] }).condition).toBe('used');
  });

  it('counts the earlier laps as laps since new: wear per lap and laps left', () => {
    // 32.3 % after 40 earlier + 20 session laps = 60 laps → 0.54 %/lap → 125 laps left, as a set run 60 laps in Pitwall.
    const life = tireSetLife({ ...bought, sessions: [session(1, '2026-04-01T09:00:00Z', 20)], treads: [tread('2026-04-02T08:00:00Z', [6.2, 5.9, 6.4])] });
    expect(life.treads.map((t) => t.lapsSinceNew)).toEqual([60]);
    expect([life.wearPerLap, life.lapsLeft]).toEqual([0.54, 125]);
    // Measured when bought, before any session: the rate comes from the earlier laps alone.
    expect(tireSetLife({ ...bought, sessions: [], treads: [tread('2026-03-30T08:00:00Z', [4.75])] })).toMatchObject({ wearPercent: 50, wearPerLap: 1.25, lapsLeft: 40 });
  });

  it('needs an earlier heat cycle for earlier laps (laps are run on a heat cycle), naming earlierHeatCycles', () => {
    expect(earlierUseProblem({ earlierHeatCycles: 0, earlierLaps: 40 })).toEqual({ field: 'earlierHeatCycles', message: expect.stringMatching(/^must be at least 1 /) });
    expect(earlierUseProblem({ earlierHeatCycles: 2, earlierLaps: 0 })).toBeNull();
    expect(earlierUseProblem({ earlierHeatCycles: 0, earlierLaps: 0 })).toBeNull();
  });

  it('reads absent or null as 0 and refuses what is not a whole number from 0 to the maximum, naming the field', () => {
    expect(NewTireSetBody.parse({ name: 'Set 2' })).toMatchObject({ earlierHeatCycles: 0, earlierLaps: 0 });
    expect(NewTireSetBody.parse({ name: 'Set 2', earlierHeatCycles: null, earlierLaps: 35 })).toMatchObject({ earlierHeatCycles: 0, earlierLaps: 35 });
    const refused = (body: object) => NewTireSetBody.safeParse({ name: 'Set 2', ...body }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(refused({ earlierHeatCycles: -1 })).toEqual(['earlierHeatCycles: must be a whole number of heat cycles from 0 to 100']);
    expect(refused({ earlierHeatCycles: 2.5 })).toEqual(['earlierHeatCycles: must be a whole number of heat cycles from 0 to 100']);
    expect(refused({ earlierHeatCycles: 101 })).toEqual(['earlierHeatCycles: must be a whole number of heat cycles from 0 to 100']);
    expect(refused({ earlierLaps: 5001 })).toEqual(['earlierLaps: must be a whole number of laps from 0 to 5,000']);
    expect(refused({ earlierLaps: '40' })).toEqual(['earlierLaps: must be a whole number of laps from 0 to 5,000']);
    // A PATCH leaves out what it does not change.
    expect(PatchTireSetBody.parse({ earlierLaps: 12 })).toEqual({ earlierLaps: 12 });
  });
});

describe('heat cycles in words', () => {
  it("says '1 heat cycle', singular, and the plural otherwise", () => {
    expect(heatCyclesText(1)).toBe('1 heat cycle');
    expect(heatCyclesText(0)).toBe('0 heat cycles');
    expect(heatCyclesText(3)).toBe('3 heat cycles');
  });
});
