import { expect } from 'vitest';

/**
 * The answers of the 0.1 upgrade fixture gain, by design, the scales and the geometry: the car its
 * `wheelbaseMm`, `motionRatio`, `unsprungKg` and (the car answer) its fuel tank `tankLitres` (all null: 0.1 had none), the whole setup its
 * `setupTargets` (none), and each setup its `cornerWeights` (null: never weighed) and `geometry`,
 * where only the rake can follow from 0.1 data (rear − front ride height when both read as mm;
 * the angle, wheel rates and ride frequencies need the car's wheelbase and motion ratios). Written
 * out here independently of the implementation. Each setup also gains its per-corner `setupSheet`
 * (null, or every value null: 0.1 had no sheet) and each session its `tireTemperatures` (none).
 * `withoutScales` checks those and answers the answer without them, for the comparison with 0.1's.
 */

type Json = Record<string, unknown>;
const mm = (text: unknown) => {
  const match = typeof text === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*mm\s*$/i.exec(text) : null;
  return match ? Number(match[1]) : null;
};
/** Every leaf of `value` is null or an empty list (an object of objects of nulls; a race event's `ownFields: []`). */
const allNull = (value: unknown): boolean =>
  value === null || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.values(value as Json).every(allNull));

export function withoutScales(value: unknown, url: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutScales(v, url));
  if (!value || typeof value !== 'object') return value;
  const rest: Json = { ...(value as Json) };
  if ('geometry' in rest && 'cornerWeights' in rest) {
    const s = rest.suspension as Json | null;
    const [front, rear] = [mm(s?.frontRideHeight), mm(s?.rearRideHeight)];
    expect(rest.cornerWeights, url).toBeNull();
    expect(rest.geometry, url).toEqual({ rakeMm: front === null || rear === null ? null : rear - front, rakeDeg: null, wheelRate: { front: null, rear: null }, rideFrequencyHz: { front: null, rear: null } });
    delete rest.cornerWeights;
    delete rest.geometry;
  }
  if ('setupTargets' in rest) {
    expect(rest.setupTargets, url).toEqual({ crossPercent: null, frontPercent: null });
    delete rest.setupTargets;
  }
  if ('wheelbaseMm' in rest) {
    expect([rest.wheelbaseMm, rest.motionRatio, rest.unsprungKg], url).toEqual([null, { front: null, rear: null }, { fl: null, fr: null, rl: null, rr: null }]);
    delete rest.wheelbaseMm;
    delete rest.motionRatio;
    delete rest.unsprungKg;
  }
  if ('setupSheet' in rest) {
    expect(allNull(rest.setupSheet), url).toBe(true);
    delete rest.setupSheet;
  }
  if ('tireTemperatures' in rest) {
    expect(rest.tireTemperatures, url).toEqual([]);
    delete rest.tireTemperatures;
  }
  if ('tankLitres' in rest) {
    expect(rest.tankLitres, url).toBeNull();
    delete rest.tankLitres;
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, withoutScales(v, url)]));
}
