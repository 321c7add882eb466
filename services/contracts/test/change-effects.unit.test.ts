import { describe, expect, it } from 'vitest';
import { changeEffect, lapTimeNoiseMs, setupChanges, type RunFacts, type SetupValues } from '../src/index.ts';

const timed = (...ms: number[]) => ms.map((lapTimeMs) => ({ lapTimeMs, kind: 'timed' as const, sectorsMs: [] }));
const run = (name: string, laps: RunFacts['laps'], over: Partial<RunFacts> = {}): RunFacts => ({
  name, driverMemberId: 7, tireSetLaps: 10, trackTempC: 30, fuelLitres: 40, laps, ...over,
});
const ids = { sessionId: 2, previousSessionId: 1 };

describe('lapTimeNoiseMs', () => {
  it('is twice the pooled SD of both best threes over √3 (hand-computed)', () => {
    // Both runs: SD 100 ms → pooled 100 ms → 2 × 100 / √3 = 115.47 ms.
    expect(lapTimeNoiseMs([90_000, 90_100, 90_200], [89_600, 89_700, 89_800])).toBeCloseTo(115.47, 2);
    // SDs 100 and 750 ms → pooled √((100² + 750²) / 2) = 535.03 → 617.80 ms.
    expect(lapTimeNoiseMs([90_000, 90_100, 90_200], [89_600, 90_350, 91_100])).toBeCloseTo(617.8, 1);
  });
});

describe('changeEffect', () => {
  it("calls a 0.4 s gain with tight laps 'faster'", () => {
    const effect = changeEffect(ids, run('FP1', timed(90_000, 90_100, 90_200, 92_000)), run('FP2', timed(89_600, 89_700, 89_800)), []);
    expect(effect.lapTimes.averageBestThreeDeltaMs).toBe(-400);
    expect(effect.lapTimes.bestDeltaMs).toBe(-400);
    expect(effect.verdict).toBe('faster');
    expect(effect.because).toBe('The average of the best three is 0.400 s quicker; a repeat of the same run would differ by up to 0.115 s');
  });

  it("calls the same gain with laps spread over 1.5 s 'within noise'", () => {
    // Each run's best three span 1.5 s: SD 750 ms, noise 2 × 750 / √3 = 866 ms > 400 ms.
    const effect = changeEffect(ids, run('FP1', timed(90_000, 90_750, 91_500)), run('FP2', timed(89_600, 90_350, 91_100)), []);
    expect(effect.lapTimes.averageBestThreeDeltaMs).toBe(-400);
    expect(effect.verdict).toBe('within noise');
    expect(effect.because).toContain('0.866 s');
  });

  it("calls a 0.4 s loss with tight laps 'slower'", () => {
    expect(changeEffect(ids, run('FP1', timed(89_600, 89_700, 89_800)), run('FP2', timed(90_000, 90_100, 90_200)), []).verdict).toBe('slower');
  });

  it("calls a driver change 'not comparable', whatever the laps", () => {
    const effect = changeEffect(ids, run('FP1', timed(90_000, 90_100, 90_200)), run('FP2', timed(89_600, 89_700, 89_800), { driverMemberId: 8 }), []);
    expect(effect.verdict).toBe('not comparable');
    expect(effect.because).toBe('The driver changed');
    expect(effect.conditions.sameDriver).toBe(false);
  });

  it('says every reason: tire age and track temperature beyond the thresholds, too few timed laps', () => {
    const before = run('FP1', [...timed(90_000, 90_100), { lapTimeMs: 88_000, kind: 'invalid', sectorsMs: [] }], { tireSetLaps: 0, trackTempC: 24 });
    const after = run('FP2', timed(89_600, 89_700, 89_800), { tireSetLaps: 9, trackTempC: 33 });
    const effect = changeEffect(ids, before, after, []);
    expect(effect.verdict).toBe('not comparable');
    expect(effect.because).toBe(
      'The tires had 0 laps before FP1 and 9 before FP2 (more than 8 laps apart); FP1 has 2 timed laps; three are needed; Track temperature went from 24 °C to 33 °C (more than 8 °C apart)',
    );
    expect(effect.conditions).toEqual({ sameDriver: true, tireSetLapsBefore: 0, tireSetLapsAfter: 9, trackTempC: [24, 33], fuelLitres: [40, 40] });
  });

  it('keeps to the team thresholds: 8 laps and 8 °C apart are still comparable, a tighter team says not', () => {
    const before = run('FP1', timed(90_000, 90_100, 90_200), { tireSetLaps: 0, trackTempC: 24 });
    const after = run('FP2', timed(89_600, 89_700, 89_800), { tireSetLaps: 8, trackTempC: 32 });
    expect(changeEffect(ids, before, after, []).verdict).toBe('faster');
    expect(changeEffect(ids, before, after, [], { tireLaps: 5, trackTempC: 8 }).because).toContain('more than 5 laps apart');
  });

  it('gives sector and theoretical best deltas when both runs have the same sectors', () => {
    const lap = (s1: number, s2: number) => ({ lapTimeMs: s1 + s2, kind: 'timed' as const, sectorsMs: [s1, s2] });
    const effect = changeEffect(ids, run('FP1', [lap(40_000, 50_000), lap(40_100, 50_100), lap(40_200, 49_900)]), run('FP2', [lap(39_800, 50_000), lap(40_000, 49_800), lap(40_000, 50_000)]), []);
    expect(effect.lapTimes.sectorDeltasMs).toEqual([-200, -100]);
    expect(effect.lapTimes.theoreticalBestDeltaMs).toBe(-300);
  });
});

describe('setupChanges', () => {
  const setup = (camber: string, thirdRatio: string, coldFl: string): SetupValues =>
    ({
      gearRatios: [{ name: '3rd', ratio: thirdRatio, speedAtMaxRpm: null, notes: null, own: true }],
      suspension: { frontCamber: camber, rearCamber: '-2.0', ownFields: ['frontCamber'] },
      tirePressures: { items: [{ condition: 'Dry (Cold)', frontLeft: coldFl, frontRight: '26', rearLeft: '25', rearRight: '25', own: true }], notes: null },
      cornerWeights: null,
      geometry: { rakeMm: camber },
    }) as unknown as SetupValues;

  it('lists each value that differs by the API field name, rows by their name, derived values left out', () => {
    expect(setupChanges(setup('-3.5', '1.50', '26'), setup('-3.8', '1.52', '26'))).toEqual([
      { section: 'gearRatios', field: '3rd.ratio', from: '1.50', to: '1.52' },
      { section: 'suspension', field: 'frontCamber', from: '-3.5', to: '-3.8' },
    ]);
    expect(setupChanges(setup('-3.5', '1.50', '26'), setup('-3.5', '1.50', '27.5'))).toEqual([{ section: 'tirePressures', field: 'Dry (Cold).frontLeft', from: '26', to: '27.5' }]);
  });

  it('picks up a section it was never told about', () => {
    const withCorners = (v: string) => ({ ...setup('-3.5', '1.50', '26'), cornerSetup: { fl: { bumpClicks: v } } }) as unknown as SetupValues;
    expect(setupChanges(withCorners('4'), withCorners('6'))).toEqual([{ section: 'cornerSetup', field: 'fl.bumpClicks', from: '4', to: '6' }]);
  });
});
