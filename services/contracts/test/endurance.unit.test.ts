import { describe, expect, it } from 'vitest';
import { DEFAULT_RACE_PLAN_INPUT, driverTimes, fuelPerLapAsRun, planRace, PutStintsBody, RacePlanInput, stintsProblem, sumDriverTimes, usableRacePlanInput, type RacePlanBody } from '../src/index.ts';

/** A plan's inputs with no rules and no drivers unless given. */
const plan = (body: Partial<RacePlanBody>) => planRace(RacePlanInput.parse({ marginPercent: 0, driverMemberIds: [], rules: {}, ...body }));

describe('planRace', () => {
  it('50 laps at 2.5 L/lap with a 5 % margin need 131.25 L in all', () => {
    expect(plan({ raceLaps: 50, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5 }).fuelTotalLitres).toBe(131.25);
  });

  it('an 80 L tank at 2.5 L/lap with a 5 % margin runs 30 laps a stint, so 50 laps need 1 stop', () => {
    const answers = plan({ raceLaps: 50, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5 });
    expect([answers.lapsPerStint, answers.stops]).toEqual([30, 1]);
  });

  it('6 hours at 2:00.000 a lap is 180 laps, 5 stops with 30 laps a stint', () => {
    const answers = plan({ raceMinutes: 360, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5 });
    expect([answers.laps, answers.stops]).toEqual([180, 5]);
  });

  it('a timed race counts the lap under way at the flag', () => {
    expect(plan({ raceMinutes: 60, lapTimeMs: 110_000 }).laps).toBe(33);
  });

  it('a race shorter than one stint has no stop and one stint carrying all its fuel', () => {
    const answers = plan({ raceLaps: 12, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [7] });
    expect(answers).toMatchObject({ stops: 0, stints: [{ driverMemberId: 7, fromLap: 1, toLap: 12, fuelLitres: 31.5 }] });
  });

  it('a margin of 0 fills the tank to the last lap: 75 L at 2.5 L/lap is 30 laps, 60 laps need 1 stop and 150 L', () => {
    const answers = plan({ raceLaps: 60, fuelPerLapLitres: 2.5, tankLitres: 75, marginPercent: 0 });
    expect([answers.lapsPerStint, answers.stops, answers.fuelTotalLitres]).toEqual([30, 1, 150]);
  });

  it('runs full tanks by default, the last stint short, and rotates the drivers in order', () => {
    // 60 L ÷ 2.5 L/lap = 24 laps a tank: 24 + 24 + 13 = 61.
    const answers = plan({ raceLaps: 61, fuelPerLapLitres: 2.5, tankLitres: 60, driverMemberIds: [1, 2] });
    expect(answers.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap, s.fuelLitres])).toEqual([[1, 1, 24, 60], [2, 25, 48, 60], [1, 49, 61, 32.5]]);
  });

  it('spreads the laps evenly over the stints when asked', () => {
    const answers = plan({ raceLaps: 61, fuelPerLapLitres: 2.5, tankLitres: 60, driverMemberIds: [1, 2], stintSplit: 'even' });
    expect(answers.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap])).toEqual([[1, 1, 21], [2, 22, 41], [1, 42, 61]]);
  });

  it('takes the minimum stop time of each stop off a timed race: a GT4 6 hours at Spa by hand', () => {
    // 6 h = 21 600 s at 2:41.500 (161.5 s), 3.4 L/lap, 5 % margin, 72 L tank: 72 ÷ 3.57 = 20.17 → 20 laps a tank.
    // Without stops: ceil(21 600 ÷ 161.5) = 134 laps → ceil(134 ÷ 20) − 1 = 6 stops.
    // Six stops of 90 s: ceil((21 600 − 540) ÷ 161.5) = ceil(130.40) = 131 laps → still 6 stops. Fuel 131 × 3.57 = 467.67 L.
    const input = { raceMinutes: 360, lapTimeMs: 161_500, fuelPerLapLitres: 3.4, tankLitres: 72, marginPercent: 5, driverMemberIds: [1, 2, 3] };
    expect(plan(input)).toMatchObject({ laps: 134, stops: 6 });
    const answers = plan({ ...input, minStopMs: 90_000 });
    expect([answers.laps, answers.lapsPerStint, answers.stops, answers.fuelTotalLitres]).toEqual([131, 20, 6, 467.67]);
    // Full tanks: six stints of 20 laps (71.4 L) and a last one of 11 (39.27 L); 20 laps × 161.5 s = 53.8 min.
    expect(answers.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap, s.fuelLitres, s.minutes])).toEqual([
      [1, 1, 20, 71.4, 53.8], [2, 21, 40, 71.4, 53.8], [3, 41, 60, 71.4, 53.8], [1, 61, 80, 71.4, 53.8], [2, 81, 100, 71.4, 53.8], [3, 101, 120, 71.4, 53.8], [1, 121, 131, 39.27, 29.6],
    ]);
  });

  it('counts the stops again when the stop time costs a stint: 41 laps of 30 a tank, one 6-minute stop leaves 40 laps and still a stop', () => {
    // 82 min at 2:00 = 41 laps → 1 stop; minus 6 min: ceil(4 560 ÷ 120) = 38 laps, still 1 stop.
    expect(plan({ raceMinutes: 82, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 75, minStopMs: 360_000 })).toMatchObject({ laps: 38, stops: 1 });
    // 62 min = 31 laps → 1 stop; with the stop, ceil(3 360 ÷ 120) = 28 laps, which one tank covers: the fewest stops covering their laps is then 1, and the 28 laps need none.
    expect(plan({ raceMinutes: 62, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 75, minStopMs: 360_000 })).toMatchObject({ laps: 28, stops: 0 });
  });

  it('the stints carry the total fuel between them', () => {
    const answers = plan({ raceMinutes: 360, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5 });
    expect(answers.stints.reduce((a, s) => a + s.fuelLitres, 0)).toBeCloseTo(answers.fuelTotalLitres!, 6);
  });

  it('warns when a driver is planned over the maximum driving time', () => {
    // 2 hours, 2 drivers, 3 stints of 40 min: driver 1 drives 80 min.
    const answers = plan({ raceMinutes: 120, lapTimeMs: 120_000, fuelPerLapLitres: 3, tankLitres: 60, driverMemberIds: [1, 2], rules: { maxDriverMinutes: 70 } });
    expect(answers.warnings).toEqual([{ driverMemberId: 1, message: 'drives 80 min, over the maximum of 70 min' }]);
  });

  it('warns when a listed driver gets no stint and so stays under the minimum', () => {
    const answers = plan({ raceLaps: 20, lapTimeMs: 120_000, fuelPerLapLitres: 2, tankLitres: 80, driverMemberIds: [1, 2], rules: { minDriverMinutes: 20 } });
    expect(answers.warnings).toEqual([{ driverMemberId: 2, message: 'drives 0 min, under the minimum of 20 min' }]);
  });

  it('warns about a stint longer than the maximum continuous stint', () => {
    const answers = plan({ raceLaps: 30, lapTimeMs: 120_000, fuelPerLapLitres: 2, tankLitres: 80, driverMemberIds: [4], rules: { maxStintMinutes: 45 } });
    expect(answers.warnings).toEqual([{ driverMemberId: 4, message: 'stint 1 lasts 60 min, over the maximum stint of 45 min' }]);
  });

  it('names the missing inputs and answers null instead of guessing', () => {
    const answers = plan({ raceMinutes: 120 });
    expect(answers).toMatchObject({ laps: null, lapsPerStint: null, stops: null, fuelTotalLitres: null, stints: [] });
    expect(answers.warnings.map((w) => w.message)).toEqual([
      'Set the race length in laps, or in minutes with the expected lap time',
      'Set the fuel per lap to plan the stints and the fuel',
      'Set the tank capacity to plan the stints',
    ]);
  });

  it('warns when the tank does not hold one lap of fuel with the margin', () => {
    expect(plan({ raceLaps: 10, fuelPerLapLitres: 5, tankLitres: 5, marginPercent: 10 }).warnings).toEqual([{ message: 'The tank does not hold the fuel for one lap with this margin' }]);
  });

  it('refuses a driver listed twice', () => {
    expect(RacePlanInput.safeParse({ marginPercent: 5, driverMemberIds: [3, 3], rules: {} }).error?.issues[0]?.path).toEqual(['driverMemberIds']);
  });
});

describe('stintsProblem', () => {
  it('accepts stints that share no lap and lie within the laps, in any order', () => {
    expect(stintsProblem([{ fromLap: 21, toLap: 40 }, { fromLap: 1, toLap: 20 }], 40)).toBeNull();
  });

  it('names the later stint of two that overlap', () => {
    expect(stintsProblem([{ fromLap: 1, toLap: 20 }, { fromLap: 20, toLap: 40 }], 40)).toBe('stints[1]: laps 20–40 overlap stints[0] (laps 1–20)');
  });

  it('names a stint beyond the last lap of the session', () => {
    expect(stintsProblem([{ fromLap: 1, toLap: 20 }, { fromLap: 21, toLap: 41 }], 40)).toBe("stints[1]: laps 21–41 lie outside the session's 40 laps");
  });

  it('names a stint that ends before it starts', () => {
    expect(stintsProblem([{ fromLap: 9, toLap: 3 }], 40)).toBe('stints[0]: fromLap 9 is after toLap 3');
  });
});

describe('driverTimes', () => {
  const laps = [100_000, 101_000, 102_000, 103_000, 104_000];

  it('adds up the lap times and laps of each driver over their stints, in driving order', () => {
    const stints = [{ driverMemberId: 2, fromLap: 3, toLap: 3 }, { driverMemberId: 1, fromLap: 1, toLap: 2 }, { driverMemberId: 1, fromLap: 4, toLap: 5 }];
    expect(driverTimes(stints, laps)).toEqual([{ driverMemberId: 1, ms: 408_000, laps: 4 }, { driverMemberId: 2, ms: 102_000, laps: 1 }]);
  });

  it('adds up the driver times of the sessions of a race event', () => {
    expect(sumDriverTimes([[{ driverMemberId: 1, ms: 10, laps: 1 }], [{ driverMemberId: 2, ms: 5, laps: 1 }, { driverMemberId: 1, ms: 20, laps: 2 }]])).toEqual([
      { driverMemberId: 1, ms: 30, laps: 3 },
      { driverMemberId: 2, ms: 5, laps: 1 },
    ]);
  });
});

describe('fuelPerLapAsRun', () => {
  it('is (at start + added − at end) ÷ laps: 60 + 40 + 35 − 15 over 48 laps is 2.5 L/lap', () => {
    expect(fuelPerLapAsRun(60, [40, 35], 15, 48)).toBe(2.5);
  });

  it('is unknown without the fuel at the end', () => {
    expect(fuelPerLapAsRun(60, [40], null, 30)).toBeNull();
  });

  it('is unknown while a stop\'s litres are not recorded, not the unknown counted as none (60 + 0 − 0 over 130 laps would read 0.46)', () => {
    expect(fuelPerLapAsRun(60, [0, null, 70], 10, 130)).toBeNull();
  });

  it('takes a stint whose fuel added is not recorded (null) and refuses a negative one naming it', () => {
    const stint = { driverMemberId: 2, fromLap: 1, toLap: 20, pitStopMs: 0 };
    expect(PutStintsBody.safeParse({ stints: [{ ...stint, fuelAddedLitres: null }] }).success).toBe(true);
    const refused = PutStintsBody.safeParse({ stints: [{ ...stint, fuelAddedLitres: -1 }] });
    expect(refused.success ? [] : refused.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['stints.0.fuelAddedLitres: fuelAddedLitres must be from 0 to 500 litres']);
  });
});

describe('PutStintsBody', () => {
  it('refuses a negative fuel amount naming fuelAddedLitres', () => {
    const result = PutStintsBody.safeParse({ stints: [{ driverMemberId: 1, fromLap: 1, toLap: 5, fuelAddedLitres: -1, pitStopMs: 0 }] });
    expect(result.error?.issues[0]?.path).toEqual(['stints', 0, 'fuelAddedLitres']);
  });
});

describe('race plan ranges', () => {
  const plan = { ...DEFAULT_RACE_PLAN_INPUT, raceMinutes: 120, lapTimeMs: 100_000, fuelPerLapLitres: 2.5, tankLitres: 60 };

  it.each([
    [{ fuelPerLapLitres: 1e-300 }, 'fuelPerLapLitres must be from 0.1 to 100 litres'],
    [{ fuelPerLapLitres: 101 }, 'fuelPerLapLitres must be from 0.1 to 100 litres'],
    [{ tankLitres: 1e-300 }, 'tankLitres must be from 1 to 500 litres'],
    [{ raceMinutes: 1e300 }, 'raceMinutes must be from 1 to 2880'],
  ])('refuses %j naming the field', (override, message) => {
    const issue = RacePlanInput.safeParse({ ...plan, ...override }).error?.issues[0];
    expect([issue?.path[0], issue?.message]).toEqual([Object.keys(override)[0], message]);
  });

  it('reads a stored absurd value as not known, so the plan answers with a warning instead of failing', () => {
    const usable = usableRacePlanInput({ ...plan, fuelPerLapLitres: 1e-300, marginPercent: -1 });
    expect(usable).toEqual({ ...plan, fuelPerLapLitres: null, marginPercent: 5 });
    const answers = planRace(usable);
    expect(answers.stints).toEqual([]);
    expect(answers.warnings.length).toBeGreaterThan(0);
    expect(usableRacePlanInput(plan)).toEqual(plan);
  });
});
