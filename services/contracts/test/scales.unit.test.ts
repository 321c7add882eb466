import { describe, expect, it } from 'vitest';
import { cornerWeightFigures, massFromKg, massToKg, parseLengthMm, parseSpringRate, rakeDeg, rakeMm, rideFrequencyHz, setupGeometry, wheelRate } from '../src/index.ts';

const noCarGeometry = { wheelbaseMm: null, motionRatio: { front: null, rear: null }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } };

describe('cornerWeightFigures', () => {
  const scales = { fl: 360, fr: 350, rl: 340, rr: 350 };

  it('answers 360 / 350 / 340 / 350 kg as 1,400 kg, front 50.7 %, left 50.0 %, cross 50.7 %, wedge +20 kg', () => {
    const f = cornerWeightFigures(scales, 'lf-rr')!;
    expect(f.totalKg).toBe(1400);
    expect(f.frontPercent.toFixed(1)).toBe('50.7');
    expect(f.leftPercent.toFixed(1)).toBe('50.0');
    expect(f.crossPercent.toFixed(1)).toBe('50.7');
    expect(f.wedgeKg).toBe(20);
  });

  it('gives the axle and side totals', () => {
    expect(cornerWeightFigures(scales, 'lf-rr')).toMatchObject({ frontKg: 710, rearKg: 690, leftKg: 700, rightKg: 700 });
  });

  it('takes the oval diagonal RF + LR when chosen', () => {
    const f = cornerWeightFigures(scales, 'rf-lr')!;
    expect(f.crossPercent.toFixed(1)).toBe('49.3');
    expect(f.wedgeKg).toBe(-20);
    expect(f.diagonal).toBe('rf-lr');
  });

  it('answers null when a corner is missing', () => {
    expect(cornerWeightFigures({ ...scales, rl: null }, 'lf-rr')).toBeNull();
  });

  it('answers null for four zero corners (no total to divide by)', () => {
    expect(cornerWeightFigures({ fl: 0, fr: 0, rl: 0, rr: 0 }, 'lf-rr')).toBeNull();
  });
});

describe('rake', () => {
  it('is rear minus front ride height', () => {
    expect(rakeMm(65, 85)).toBe(20);
  });

  it('is 0.458° for 20 mm over a 2,500 mm wheelbase', () => {
    expect(rakeDeg(20, 2500)!.toFixed(3)).toBe('0.458');
  });

  it('has no angle without a wheelbase', () => {
    expect(rakeDeg(20, null)).toBeNull();
  });

  it('is null without a ride height', () => {
    expect(rakeMm(null, 85)).toBeNull();
  });
});

describe('wheelRate', () => {
  it('is 28.1 N/mm for a 50 N/mm spring at a motion ratio of 0.75', () => {
    const rate = wheelRate({ value: 50, unit: 'N/mm' }, 0.75)!;
    expect(rate.value.toFixed(1)).toBe('28.1');
    expect(rate.unit).toBe('N/mm');
  });

  it('is 256 lbf/in for a 400 lbf/in spring at 0.8', () => {
    expect(wheelRate({ value: 400, unit: 'lbf/in' }, 0.8)).toEqual({ value: expect.closeTo(256, 9), unit: 'lbf/in' });
  });

  it('is null without a motion ratio', () => {
    expect(wheelRate({ value: 50, unit: 'N/mm' }, null)).toBeNull();
  });
});

describe('rideFrequencyHz', () => {
  it('is 1.43 Hz for 28.1 N/mm on 350 kg', () => {
    expect(rideFrequencyHz({ value: 28.1, unit: 'N/mm' }, 350)!.toFixed(2)).toBe('1.43');
  });

  it('reads a rate in lbf/in in N/mm (160.5 lbf/in ≈ 28.1 N/mm → 1.43 Hz)', () => {
    expect(rideFrequencyHz({ value: 160.5, unit: 'lbf/in' }, 350)!.toFixed(2)).toBe('1.43');
  });

  it('is null without a sprung mass', () => {
    expect(rideFrequencyHz({ value: 28.1, unit: 'N/mm' }, null)).toBeNull();
  });
});

describe('reading the suspension text', () => {
  it.each([['85mm', 85], ['85 mm', 85], ['8.5 cm', 85], ['1 in', 25.4], ['62,5 mm', 62.5]])('reads ride height %j as %f mm', (text, mm) => {
    expect(parseLengthMm(text)).toBeCloseTo(mm, 9);
  });

  it.each(['85', 'low', '', null])('reads no ride height from %j', (text) => {
    expect(parseLengthMm(text)).toBeNull();
  });

  it.each([['180 N/mm', { value: 180, unit: 'N/mm' }], ['400 lb/in', { value: 400, unit: 'lbf/in' }], ['400lbf/in', { value: 400, unit: 'lbf/in' }], ['170 n/mm (soft)', { value: 170, unit: 'N/mm' }]])('reads spring rate %j', (text, rate) => {
    expect(parseSpringRate(text)).toEqual(rate);
  });

  it.each(['180', '8 kg/mm', 'stiff', null])('reads no spring rate from %j', (text) => {
    expect(parseSpringRate(text)).toBeNull();
  });
});

describe('setupGeometry', () => {
  const suspension = { frontRideHeight: '65mm', rearRideHeight: '85 mm', frontSpringRate: '50 N/mm', rearSpringRate: 'medium' };
  const car = { wheelbaseMm: 2500, motionRatio: { front: 0.75, rear: 0.75 }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } };

  it('derives rake, rake angle, wheel rate and ride frequency where the inputs parse', () => {
    const g = setupGeometry(suspension, { fl: 350, fr: 350, rl: 340, rr: 350 }, car);
    expect(g.rakeMm).toBe(20);
    expect(g.rakeDeg!.toFixed(3)).toBe('0.458');
    expect(g.wheelRate.front!.value.toFixed(1)).toBe('28.1');
    expect(g.rideFrequencyHz.front!.toFixed(2)).toBe('1.43');
  });

  it('leaves the figures of a spring rate that does not parse null', () => {
    const g = setupGeometry(suspension, { fl: 350, fr: 350, rl: 340, rr: 350 }, car);
    expect([g.wheelRate.rear, g.rideFrequencyHz.rear]).toEqual([null, null]);
  });

  it('takes the unsprung mass off the corner weight for the ride frequency', () => {
    const g = setupGeometry(suspension, { fl: 385, fr: 385, rl: 340, rr: 350 }, { ...car, unsprungKg: { fl: 35, fr: 35, rl: 30, rr: 30 } });
    expect(g.rideFrequencyHz.front!.toFixed(2)).toBe('1.43');
  });

  it('has only the rake without the car basic information', () => {
    expect(setupGeometry(suspension, null, noCarGeometry)).toEqual({ rakeMm: 20, rakeDeg: null, wheelRate: { front: null, rear: null }, rideFrequencyHz: { front: null, rear: null } });
  });

  it('is all null without a suspension', () => {
    expect(setupGeometry(null, null, noCarGeometry)).toEqual({ rakeMm: null, rakeDeg: null, wheelRate: { front: null, rear: null }, rideFrequencyHz: { front: null, rear: null } });
  });
});

describe('mass units', () => {
  it('shows 100 kg as 220.5 lb and back', () => {
    expect(massFromKg(100, 'lb').toFixed(1)).toBe('220.5');
    expect(massToKg(massFromKg(100, 'lb'), 'lb')).toBeCloseTo(100, 9);
  });
});
