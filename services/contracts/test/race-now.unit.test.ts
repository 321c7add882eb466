import { describe, expect, it } from 'vitest';
import { RacePlanInput, RaceNowQuery, raceNow, raceNowProblem, type RaceNowInput } from '../src/index.ts';

/**
 * The worked example, by hand: the 6 Hours of Spa-Francorchamps (7.004 km), started 12:00:00 UTC.
 * Plan: 360 min, lap 2:22.000 (142 000 ms), 3.1 L/lap, 100 L tank, 5 % margin, no minimum stop;
 * drivers Aiko (2), Ben (3), Chloé (4); rules: minimum 90 min, maximum 150 min, stint at most 65 min.
 *   planRace: lapsPerStint = floor(100 ÷ (3.1 × 1.05)) = floor(100 ÷ 3.255) = floor(30.72) = 30;
 *   race laps = ceil(21 600 000 ÷ 142 000) = ceil(152.11) = 153.
 * Logged: Aiko laps 1–27; stop after lap 27 of 70 s, 80 L added, Ben laps 28–54; stop after lap 54 of
 * 75 s, 85 L added, Chloé from lap 55 (logged to lap 60, the last lap entered). No fuel at start
 * recorded: a full tank.
 *
 * At 14:20:13 (8 413 000 ms after the start):
 *   on track = 8 413 000 − 70 000 − 75 000 = 8 268 000 ms; ÷ 142 000 = 58.225 laps → lap 58 completed.
 *   Chloé's stint: 8 268 000 − 54 × 142 000 = 600 000 ms = 10 min.
 *   Aiko 27 × 142 000 = 3 834 000 ms = 63.9 min; Ben the same; Chloé 10 min.
 *   minimum: Aiko 90 − 63.9 = 26.1 to go; maximum 150 − 63.9 = 86.1 left. Chloé 80 and 140.
 *   fuel: 100 − 27 × 3.1 (83.7) = 16.3; + 80 = 96.3; − 83.7 = 12.6; + 85 = 97.6 (fits the 100 L);
 *   − 4 laps (55–58) × 3.1 = 12.4 → 85.2 L.
 *   window closes: the stint began at lap 54 with 97.6 L → floor(97.6 ÷ 3.255) = floor(29.98) = 29
 *   laps → lap 54 + 29 = 83. Opens: 153 − 83 = 70 laps left → ceil(70 ÷ 30) = 3 stints → 153 − 3 × 30
 *   = lap 63 (stopping after lap 62 would leave 91 laps: 4 stints, an extra stop). Window 63–83.
 * At 15:11:13 (51 min later): on track 8 268 000 + 3 060 000 = 11 328 000 ms → 79.77 → lap 79;
 *   Chloé's stint 61 min: the 65 min stint maximum in 4 min; fuel 97.6 − 25 × 3.1 = 20.1 L; the
 *   reserve at lap 83 is 4 laps away (≤ 5): runs below it on lap 84; window max(80, 63)–83 = 80–83.
 */
const START = Date.parse('2026-05-09T12:00:00Z');
const plan = RacePlanInput.parse({
  raceMinutes: 360, lapTimeMs: 142_000, fuelPerLapLitres: 3.1, tankLitres: 100, marginPercent: 5, driverMemberIds: [2, 3, 4], rules: { minDriverMinutes: 90, maxDriverMinutes: 150, maxStintMinutes: 65 },
}) as RacePlanInput & { lapTimeMs: number };
const stints = [
  { driverMemberId: 2, fromLap: 1, toLap: 27, fuelAddedLitres: 0, pitStopMs: 0 },
  { driverMemberId: 3, fromLap: 28, toLap: 54, fuelAddedLitres: 80, pitStopMs: 70_000 },
  { driverMemberId: 4, fromLap: 55, toLap: 60, fuelAddedLitres: 85, pitStopMs: 75_000 },
];
const spa = (at: string, overrides: Partial<RaceNowInput> = {}): RaceNowInput => ({ nowMs: Date.parse(at), startedAtMs: START, stints, startDriverMemberId: 2, fuelAtStartLitres: null, plan, correction: null, ...overrides });

describe('raceNow, the worked example of the 6 Hours of Spa', () => {
  it('at 14:20:13: lap 58, Chloé 10 min into her stint from lap 55, 85.2 L, the stop window laps 63–83', () => {
    expect(raceNow(spa('2026-05-09T14:20:13Z'))).toEqual({
      at: '2026-05-09T14:20:13.000Z',
      estimatedLap: 58,
      stint: { driverMemberId: 4, fromLap: 55, minutes: 10 },
      fuelRemainingLitres: 85.2,
      nextStop: { fromLap: 63, toLap: 83 },
      drivers: [
        { driverMemberId: 2, minutes: 63.9, minutesToMinimum: 26.1, minutesToMaximum: 86.1 },
        { driverMemberId: 3, minutes: 63.9, minutesToMinimum: 26.1, minutesToMaximum: 86.1 },
        { driverMemberId: 4, minutes: 10, minutesToMinimum: 80, minutesToMaximum: 140 },
      ],
      warnings: [],
    });
  });

  it('at 15:11:13: lap 79, the stint maximum in 4 min, the fuel below the reserve on lap 84, the window laps 80–83', () => {
    const now = raceNow(spa('2026-05-09T15:11:13Z'));
    expect([now.estimatedLap, now.stint, now.fuelRemainingLitres, now.nextStop]).toEqual([79, { driverMemberId: 4, fromLap: 55, minutes: 61 }, 20.1, { fromLap: 80, toLap: 83 }]);
    expect(now.warnings).toEqual([
      { message: 'Fuel runs below the reserve on lap 84: stop by the end of lap 83' },
      { driverMemberId: 4, message: 'reaches the maximum stint of 65 min in 4 min' },
    ]);
  });

  it("announces the running driver's maximum 10 min ahead, and a driver over it", () => {
    const tight = { ...plan, rules: { minDriverMinutes: null, maxDriverMinutes: 65, maxStintMinutes: null } };
    const now = raceNow(spa('2026-05-09T15:11:13Z', { plan: tight, stints: [stints[0]!, stints[1]!, { ...stints[2]!, driverMemberId: 2 }] }));
    // Aiko: 63.9 + 61 = 124.9 min; Ben 63.9 (1.1 left, but not driving); nobody else.
    expect(now.warnings).toContainEqual({ driverMemberId: 2, message: 'is 59.9 min over the maximum of 65 min' });
    const running = raceNow(spa('2026-05-09T15:11:13Z', { plan: tight, stints: [stints[0]!, { ...stints[1]!, toLap: 54 }, { ...stints[2]!, driverMemberId: 3 }] }));
    expect(running.warnings.filter((w) => w.driverMemberId === 2)).toEqual([]);
    expect(running.warnings).toContainEqual({ driverMemberId: 3, message: 'is 59.9 min over the maximum of 65 min' });
    const early = raceNow(spa('2026-05-09T14:20:13Z', { plan: { ...tight, rules: { ...tight.rules, maxDriverMinutes: 14 } } }));
    expect(early.warnings).toContainEqual({ driverMemberId: 4, message: 'reaches the maximum of 14 min in 4 min' });
  });

  it('counts a stop whose litres are not recorded as filled to full, and says so', () => {
    const now = raceNow(spa('2026-05-09T14:20:13Z', { stints: [stints[0]!, stints[1]!, { ...stints[2]!, fuelAddedLitres: null }] }));
    // 100 L after lap 54: − 4 × 3.1 = 87.6 L; floor(100 ÷ 3.255) = 30 laps → lap 84; 153 − 84 = 69 left → 3 stints → opens 153 − 90 = 63.
    expect([now.fuelRemainingLitres, now.nextStop]).toEqual([87.6, { fromLap: 63, toLap: 84 }]);
    expect(now.warnings).toEqual([{ message: 'The fuel added at the stop after lap 54 is not recorded: counted as filled to the full 100 L' }]);
  });

  it('starts from the fuel at start when the session records it, and never fills past the tank', () => {
    const now = raceNow(spa('2026-05-09T14:20:13Z', { fuelAtStartLitres: 90, stints: [stints[0]!, stints[1]!, { ...stints[2]!, fuelAddedLitres: 95 }] }));
    // 90 L at the start: 90 − 83.7 = 6.3; + 80 = 86.3; − 83.7 = 2.6; + 95 = 97.6 (fits); − 12.4 = 85.2. From a full tank 12.6 + 120 fills only to 100: − 12.4 = 87.6.
    expect(now.fuelRemainingLitres).toBe(85.2);
    expect(raceNow(spa('2026-05-09T14:20:13Z', { stints: [stints[0]!, stints[1]!, { ...stints[2]!, fuelAddedLitres: 120 }] })).fuelRemainingLitres).toBe(87.6);
  });

  it('runs on from the pit wall’s lap count: 60 laps at 14:20:13 is lap 61 one lap time later', () => {
    const correction = { laps: 60, atMs: Date.parse('2026-05-09T14:20:13Z') };
    expect(raceNow(spa('2026-05-09T14:20:13Z', { correction })).estimatedLap).toBe(60);
    const later = raceNow(spa('2026-05-09T14:22:35Z', { correction }));
    // 60 + 142 s ÷ 142 s = 61 laps; Chloé's stint (60 + 1 − 54) × 142 000 ms = 16.567 min.
    expect([later.estimatedLap, later.stint?.minutes]).toEqual([61, 16.567]);
  });

  it('before the start: lap 0, the start driver on lap 1 at 0 min, and the minutes to the start', () => {
    const now = raceNow(spa('2026-05-09T11:55:00Z', { stints: [] }));
    expect([now.estimatedLap, now.stint, now.fuelRemainingLitres]).toEqual([0, { driverMemberId: 2, fromLap: 1, minutes: 0 }, 100]);
    expect(now.warnings[0]).toEqual({ message: 'The race starts in 5 min' });
  });

  it('no stop window once the fuel lasts to the flag; the stop at once when below the reserve', () => {
    expect(raceNow(spa('2026-05-09T14:20:13Z', { plan: { ...plan, raceMinutes: 180 } })).nextStop).toBeNull();
    const dry = raceNow(spa('2026-05-09T15:30:00Z'));
    expect(dry.nextStop).toEqual({ fromLap: dry.estimatedLap + 1, toLap: dry.estimatedLap + 1 });
    expect(dry.warnings).toContainEqual({ message: `Fuel is below the reserve: stop at the end of lap ${dry.estimatedLap + 1}` });
  });

  it('warns a driver whose missing minimum is as long as the race left', () => {
    const now = raceNow(spa('2026-05-09T17:40:00Z', { plan: { ...plan, tankLitres: 500 } }));
    // 20 min of the 360 left; Aiko and Ben 26.1 min short of 90.
    expect(now.warnings).toContainEqual({ driverMemberId: 2, message: 'needs 26.1 min more to reach the minimum of 90 min, with 20 min of the race left' });
  });

  it('without the fuel per lap or tank: no fuel, no window, and a warning naming what to set', () => {
    const now = raceNow(spa('2026-05-09T14:20:13Z', { plan: { ...plan, tankLitres: null } }));
    expect([now.fuelRemainingLitres, now.nextStop, now.warnings]).toEqual([null, null, [{ message: 'Set the fuel per lap and the tank capacity in the race plan to follow the fuel' }]]);
  });
});

describe('raceNowProblem', () => {
  it('names a session that is not a race, one without a start time and a plan without a lap time', () => {
    expect(raceNowProblem({ name: 'FP1', type: 'practice', startedAt: '2026-05-09T09:00:00Z' }, plan)).toBe('FP1 is a practice session: race now follows a race');
    expect(raceNowProblem({ name: 'Race', type: 'race', startedAt: '' }, plan)).toBe('Race has no start time: set when the race started');
    expect(raceNowProblem({ name: 'Race', type: 'race', startedAt: '2026-05-09T12:00:00Z' }, { lapTimeMs: null })).toBe('The race plan has no lap time: set the expected lap time on the Race Plan tab');
  });
});

describe('RaceNowQuery', () => {
  it('takes a lap count with its instant, or none; refuses either alone naming the missing field', () => {
    expect(RaceNowQuery.parse({ lapCorrection: '60', correctedAt: '2026-05-09T14:20:13Z' })).toEqual({ lapCorrection: 60, correctedAt: '2026-05-09T14:20:13Z' });
    expect(RaceNowQuery.parse({})).toEqual({});
    expect(RaceNowQuery.safeParse({ lapCorrection: '60' }).error?.issues[0]).toMatchObject({ path: ['correctedAt'] });
    expect(RaceNowQuery.safeParse({ lapCorrection: '-1', correctedAt: '2026-05-09T14:20:13Z' }).error?.issues[0]).toMatchObject({ path: ['lapCorrection'] });
  });
});
