import { describe, expect, it } from 'vitest';
import { coldPressureForTarget, cornerSentence, PSI_AND_CELSIUS, roundPsi, TirePressureSuggestionQuery, PutTirePressureTargetsBody } from '../src/index.ts';

/** °F → °C, exact (NIST SP 811 App. B.9), done here so the textbook check stays in the units it is quoted in. */
const celsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;

describe('coldPressureForTarget (ideal gas, Gay-Lussac on absolute pressure and temperature)', () => {
  it('textbook: 20 psi set at 70 °F is the air that reads 23.9 psi at 130 °F', () => {
    // Target = the reference's own hot reading: the answer is the same amount of air at the new temperature.
    const reference = { coldPsi: 20, coldTempC: celsius(70), hotPsi: 31 };
    const at130F = coldPressureForTarget(31, reference, celsius(130))!;
    expect(at130F).toBeCloseTo(23.93, 2);
    expect(at130F.toFixed(1)).toBe('23.9');
  });

  it('an unchanged temperature reduces to the pressure ratio: (Pc + P0) / (Ph + P0) = (Pnew + P0) / (Pt + P0)', () => {
    const reference = { coldPsi: 26, coldTempC: 18, hotPsi: 31.2 };
    const cold = coldPressureForTarget(30, reference, 18)!;
    expect((cold + 14.696) / (30 + 14.696)).toBeCloseTo((26 + 14.696) / (31.2 + 14.696), 12);
    // Aiming for the hot pressure the reference reached gives back its cold pressure.
    expect(coldPressureForTarget(31.2, reference, 18)).toBeCloseTo(26, 12);
  });

  it("the issue's example (26.0 psi at 18 °C came in at 31.2; target 30.0; now 24 °C) gives 25.75 psi, not the illustrative 25.4", () => {
    expect(roundPsi(coldPressureForTarget(30, { coldPsi: 26, coldTempC: 18, hotPsi: 31.2 }, 24)!)).toBe(25.75);
  });

  it('the same air reads higher on a warmer day: setting it warmer asks for a higher cold reading, cooler for a lower one', () => {
    const reference = { coldPsi: 27.5, coldTempC: 19, hotPsi: 34 };
    expect(coldPressureForTarget(34, reference, 25)!).toBeGreaterThan(27.5);
    expect(coldPressureForTarget(34, reference, 10)!).toBeLessThan(27.5);
  });

  it.each([
    ['no target', null, { coldPsi: 26, coldTempC: 18, hotPsi: 31.2 }, 24],
    ['no reference', 30, null, 24],
    ['no temperature now', 30, { coldPsi: 26, coldTempC: 18, hotPsi: 31.2 }, null],
    ['a reading that is not a number', 30, { coldPsi: Number.NaN, coldTempC: 18, hotPsi: 31.2 }, 24],
    ['a hot reading below vacuum', 30, { coldPsi: 26, coldTempC: 18, hotPsi: -20 }, 24],
  ])('answers null with missing data: %s', (_, target, reference, ambient) => {
    expect(coldPressureForTarget(target, reference, ambient)).toBeNull();
  });
});

describe('rounding', () => {
  it('the API answers psi with two decimals', () => {
    expect(roundPsi(25.74967)).toBe(25.75);
    expect(roundPsi(23.9349)).toBe(23.93);
    expect(roundPsi(28)).toBe(28);
  });
  it("sentences show psi to 0.1 ('26.0 psi') and temperatures as entered ('18 °C')", () => {
    const corner = { coldPsi: 25.75, targetHotPsi: 30, reference: { sessionId: 1, coldPsi: 26, coldTempC: 18, hotPsi: 31.2 } };
    expect(cornerSentence('FL', 'last run here', corner, 24, PSI_AND_CELSIUS)).toBe('FL: last run here set 26.0 psi at 18 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi');
  });
});

describe('schemas', () => {
  it('targets: per-corner values are optional and answered as null', () => {
    expect(PutTirePressureTargetsBody.parse({ front: 34, rear: null })).toEqual({ front: 34, rear: null, fl: null, fr: null, rl: null, rr: null });
    expect(PutTirePressureTargetsBody.safeParse({ front: 134, rear: 33 }).error?.issues[0]?.path).toEqual(['front']);
  });
  it('the suggestion query refuses ambientC when it is missing or outside −30..80 °C', () => {
    for (const query of [{}, { ambientC: '' }, { ambientC: '81' }, { ambientC: '-31' }, { ambientC: 'warm' }]) {
      const result = TirePressureSuggestionQuery.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual(['ambientC']);
      expect(result.error!.issues[0]!.message).toMatch(/-30 to 80/);
    }
    expect(TirePressureSuggestionQuery.parse({ ambientC: '24', sessionId: '7' })).toEqual({ ambientC: 24, sessionId: 7 });
  });
});
