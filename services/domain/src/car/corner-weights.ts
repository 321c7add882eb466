/**
 * Corner weights (the scales): a setup section of the car, per baseline and per race event, with
 * the same per-field inheritance as the suspension (a null field of a race event inherits the
 * baseline's). Weights and masses in kg, fuel in litres.
 */

/** One setup's scales: the four corner weights and how the car was weighed. */
export interface CornerWeightsValue {
  /** Corner weights, kg (0–2,000). */
  fl: number | null;
  fr: number | null;
  rl: number | null;
  rr: number | null;
  /** true: weighed with the driver in; false: with ballast for the driver instead (`driverKg`). */
  driverIn: boolean | null;
  /** The driver's weight, kg (in the seat, or as ballast). */
  driverKg: number | null;
  /** Fuel on board when weighed, litres. */
  fuelLitres: number | null;
  /** Ballast on board, kg, and where it sits ('passenger floor'). */
  ballastKg: number | null;
  ballastPosition: string | null;
  notes: string | null;
}

/** The corner weights fields in display order. */
export const CORNER_WEIGHTS_FIELDS = ['fl', 'fr', 'rl', 'rr', 'driverIn', 'driverKg', 'fuelLitres', 'ballastKg', 'ballastPosition', 'notes'] as const satisfies readonly (keyof CornerWeightsValue)[];
export type CornerWeightsField = (typeof CORNER_WEIGHTS_FIELDS)[number];

/** Scales with nothing recorded. */
export const blankCornerWeights = (): CornerWeightsValue => ({
  fl: null, fr: null, rl: null, rr: null, driverIn: null, driverKg: null, fuelLitres: null, ballastKg: null, ballastPosition: null, notes: null,
});

/** True when every field of `a` equals that of `b` (key order does not matter). */
export const sameCornerWeights = (a: CornerWeightsValue, b: CornerWeightsValue) => CORNER_WEIGHTS_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

/** The car's setup targets: cross weight and front weight, percent of the total (null = no target). */
export interface SetupTargetsValue {
  crossPercent: number | null;
  frontPercent: number | null;
}

/**
 * The car's geometry in its basic information, all optional: wheelbase (mm), motion ratio per axle
 * (spring travel ÷ wheel travel) and unsprung mass per corner (kg).
 */
export interface CarGeometryValue {
  wheelbaseMm: number | null;
  motionRatio: { front: number | null; rear: number | null };
  unsprungKg: { fl: number | null; fr: number | null; rl: number | null; rr: number | null };
}

/** A car with no geometry recorded. */
export const NO_CAR_GEOMETRY: CarGeometryValue = { wheelbaseMm: null, motionRatio: { front: null, rear: null }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } };
