import { describe, expect, it } from 'vitest';
import { bopWarnings, PutBopBody } from '../src/index.ts';

const bop = { ballastKg: 15, minWeightKg: 1250 };

describe('bopWarnings', () => {
  it('warns when the setup ballast is below the BoP ballast, and when the corner-weight total is below the minimum weight', () => {
    expect(bopWarnings({ bop, setupBallastKg: 10, cornerWeightTotalKg: 1230 })).toEqual([
      { kind: 'ballast', message: 'Setup ballast 10 kg is below the BoP ballast of 15 kg' },
      { kind: 'minWeight', message: 'Corner-weight total 1,230 kg is below the BoP minimum weight of 1,250 kg' },
    ]);
    expect(bopWarnings({ bop: { ballastKg: 12.5, minWeightKg: null }, setupBallastKg: 12.25, cornerWeightTotalKg: 900 })).toEqual([
      { kind: 'ballast', message: 'Setup ballast 12.3 kg is below the BoP ballast of 12.5 kg' },
    ]);
  });

  it('gives none at or above the BoP, and none for null inputs', () => {
    expect(bopWarnings({ bop, setupBallastKg: 15, cornerWeightTotalKg: 1250 })).toEqual([]);
    expect(bopWarnings({ bop, setupBallastKg: 40, cornerWeightTotalKg: 1400.5 })).toEqual([]);
    expect(bopWarnings({ bop, setupBallastKg: null, cornerWeightTotalKg: null })).toEqual([]);
    expect(bopWarnings({ bop: null, setupBallastKg: 0, cornerWeightTotalKg: 0 })).toEqual([]);
  });
});

describe('PutBopBody', () => {
  it('takes ballast, restrictor and minimum weight in their ranges, nulls and blank notes', () => {
    expect(PutBopBody.parse({ ballastKg: 0, restrictorMm: null, minWeightKg: null, notes: '  ' })).toEqual({ ballastKg: 0, restrictorMm: null, minWeightKg: null, notes: null });
    expect(PutBopBody.parse({ ballastKg: 200, restrictorMm: 36.5, minWeightKg: 2500 })).toEqual({ ballastKg: 200, restrictorMm: 36.5, minWeightKg: 2500, notes: null });
  });

  it('refuses values out of range with a message naming the field', () => {
    const messages = (body: unknown) => PutBopBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ ballastKg: 201, restrictorMm: 9, minWeightKg: 499 })).toEqual([
      'ballastKg: ballastKg must be a number from 0 to 200 kg',
      'restrictorMm: restrictorMm must be a number from 10 to 100 mm',
      'minWeightKg: minWeightKg must be a number from 500 to 2500 kg',
    ]);
    expect(messages({ ballastKg: '15', restrictorMm: null, minWeightKg: null })).toEqual(['ballastKg: ballastKg must be a number from 0 to 200 kg']);
    expect(messages({ ballastKg: 1, restrictorMm: null, minWeightKg: null, notes: 'x'.repeat(2001) })).toEqual(['notes: must be at most 2000 characters']);
  });
});
