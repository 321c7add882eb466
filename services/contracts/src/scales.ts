/**
 * Scales and geometry: the figures a setup sheet derives from the four corner weights and from the
 * suspension's ride heights and spring rates. Pure functions shared by the server (the API's
 * `derived` and `geometry`) and the web (the cards and the printed sheet). Every function answers
 * null when an input is missing: a figure is never guessed.
 */

/** Which diagonal the cross weight is taken on: road racing FL + RR ('lf-rr'), oval racing RF + LR ('rf-lr'). */
export const CROSS_DIAGONALS = ['lf-rr', 'rf-lr'] as const;
/** A diagonal (zod's `CrossDiagonal` in corner-weights.ts is the same set). */
type CrossDiagonal = (typeof CROSS_DIAGONALS)[number];

/** How each diagonal is written on screens and the sheet. */
export const CROSS_DIAGONAL_LABELS: Readonly<Record<CrossDiagonal, string>> = { 'lf-rr': 'FL + RR', 'rf-lr': 'RF + LR' };

/** The four corner weights, kg (null = not weighed). */
export interface CornerKg {
  fl: number | null;
  fr: number | null;
  rl: number | null;
  rr: number | null;
}

/** What follows from four corner weights (kg, and percent of the total). */
export interface CornerWeightFigures {
  /** FL + FR + RL + RR, kg. */
  totalKg: number;
  /** (FL + FR) ÷ total × 100. */
  frontPercent: number;
  /** (FL + RL) ÷ total × 100. */
  leftPercent: number;
  /** The chosen diagonal ÷ total × 100: (FL + RR) for 'lf-rr', (FR + RL) for 'rf-lr'. */
  crossPercent: number;
  /** The chosen diagonal minus the other one, kg: (FL + RR) − (FR + RL) for 'lf-rr'. */
  wedgeKg: number;
  frontKg: number;
  rearKg: number;
  leftKg: number;
  rightKg: number;
  diagonal: CrossDiagonal;
}

/**
 * Total, front %, left %, cross weight % and wedge of four corner weights (kg), the arithmetic of
 * any set of corner scales: cross = diagonal ÷ total, wedge = diagonal − other diagonal. The
 * diagonal is FL + RR in road racing ('lf-rr') and RF + LR in oval racing ('rf-lr'). Example:
 * 360 / 350 / 340 / 350 kg, 'lf-rr' → total 1,400 kg, front 50.7 %, left 50.0 %, cross 50.7 %,
 * wedge +20 kg. Null when a corner is missing or the total is not above zero.
 */
export function cornerWeightFigures(w: CornerKg, diagonal: CrossDiagonal): CornerWeightFigures | null {
  const { fl, fr, rl, rr } = w;
  if (fl === null || fr === null || rl === null || rr === null) return null;
  const totalKg = fl + fr + rl + rr;
  if (!(totalKg > 0)) return null;
  const [mine, other] = diagonal === 'lf-rr' ? [fl + rr, fr + rl] : [fr + rl, fl + rr];
  return {
    totalKg,
    frontPercent: ((fl + fr) / totalKg) * 100,
    leftPercent: ((fl + rl) / totalKg) * 100,
    crossPercent: (mine / totalKg) * 100,
    wedgeKg: mine - other,
    frontKg: fl + fr,
    rearKg: rl + rr,
    leftKg: fl + rl,
    rightKg: fr + rr,
    diagonal,
  };
}

/** Rake, mm: rear ride height − front ride height (both mm); positive = nose down. Null when either is missing. */
export function rakeMm(frontRideHeightMm: number | null, rearRideHeightMm: number | null): number | null {
  return frontRideHeightMm === null || rearRideHeightMm === null ? null : rearRideHeightMm - frontRideHeightMm;
}

/**
 * Rake angle, degrees: atan(rake ÷ wheelbase), both mm (20 mm over 2,500 mm → 0.458°). Null when
 * either is missing or the wheelbase is not above zero.
 */
export function rakeDeg(rake: number | null, wheelbaseMm: number | null): number | null {
  if (rake === null || wheelbaseMm === null || !(wheelbaseMm > 0)) return null;
  return (Math.atan(rake / wheelbaseMm) * 180) / Math.PI;
}

/** Spring units the suspension's text is read in. */
export type SpringRateUnit = 'N/mm' | 'lbf/in';

/** A spring or wheel rate in the unit it was written in. */
export interface Rate {
  value: number;
  unit: SpringRateUnit;
}

/** N/mm in one lbf/in: 4.4482216152605 N ÷ 25.4 mm (NIST SP 811). */
export const NEWTON_PER_MM_PER_LBF_PER_IN = 4.4482216152605 / 25.4;

/**
 * Wheel rate = spring rate × motion ratio² (the spring's travel per unit of wheel travel, squared),
 * in the spring rate's unit: 50 N/mm at 0.75 → 28.1 N/mm; 400 lbf/in at 0.8 → 256 lbf/in. Null
 * when either is missing or the motion ratio is not above zero.
 */
export function wheelRate(spring: Rate | null, motionRatio: number | null): Rate | null {
  if (spring === null || motionRatio === null || !(motionRatio > 0)) return null;
  return { value: spring.value * motionRatio * motionRatio, unit: spring.unit };
}

/** A rate in N/mm, whatever unit it was written in. */
export const rateInNewtonPerMm = (rate: Rate) => (rate.unit === 'N/mm' ? rate.value : rate.value * NEWTON_PER_MM_PER_LBF_PER_IN);

/**
 * Ride (natural) frequency of a corner, Hz: 1 ÷ (2π) · √(k ÷ m), k the wheel rate in N/m and m
 * the sprung corner mass in kg (undamped single-mass spring; 28.1 N/mm with 350 kg → 1.43 Hz).
 * Null when either is missing or not above zero.
 */
export function rideFrequencyHz(rate: Rate | null, sprungCornerKg: number | null): number | null {
  if (rate === null || sprungCornerKg === null || !(sprungCornerKg > 0) || !(rate.value > 0)) return null;
  return Math.sqrt((rateInNewtonPerMm(rate) * 1000) / sprungCornerKg) / (2 * Math.PI);
}

/**
 * Sprung mass of a corner of one axle, kg: the mean of the axle's two corner weights less the mean
 * of their unsprung masses (none when the car has no unsprung masses recorded). Null when a corner
 * weight is missing.
 */
export function sprungCornerKg(left: number | null, right: number | null, unsprungLeft: number | null, unsprungRight: number | null): number | null {
  if (left === null || right === null) return null;
  const unsprung = unsprungLeft !== null && unsprungRight !== null ? (unsprungLeft + unsprungRight) / 2 : 0;
  return (left + right) / 2 - unsprung;
}

/** The first number of a text (a decimal comma reads as a point). */
const NUMBER = String.raw`([-+]?\d+(?:[.,]\d+)?)`;
const numberOf = (text: string) => Number(text.replace(',', '.'));

/**
 * A length as written in a ride height field, in mm: '85mm', '85 mm', '8.5 cm', '3.35 in' / '3.35"'.
 * Null when the text has no number with one of those units: a bare '85' is not guessed.
 */
export function parseLengthMm(text: string | null): number | null {
  if (text === null) return null;
  const match = new RegExp(`${NUMBER}\\s*(mm|cm|in(?:ch(?:es)?)?\\b|")`, 'i').exec(text);
  if (!match) return null;
  const value = numberOf(match[1]!);
  const unit = match[2]!.toLowerCase();
  if (unit === 'mm') return value;
  if (unit === 'cm') return value * 10;
  return value * 25.4;
}

/**
 * A spring rate as written in the suspension's field: '180 N/mm', '180N/mm' → N/mm; '400 lb/in',
 * '400 lbf/in', '400 lbs/in' → lbf/in. Null for a bare number or any other unit (never a guess).
 */
export function parseSpringRate(text: string | null): Rate | null {
  if (text === null) return null;
  const match = new RegExp(`${NUMBER}\\s*(n\\s*/\\s*mm|lb[fs]?\\s*/\\s*in)`, 'i').exec(text);
  if (!match) return null;
  const value = numberOf(match[1]!);
  if (!(value > 0)) return null;
  return { value, unit: match[2]!.toLowerCase().startsWith('n') ? 'N/mm' : 'lbf/in' };
}

/** Per axle, front and rear. */
export interface PerAxle<T> {
  front: T;
  rear: T;
}

/** What the car's basic information holds for the geometry (all optional). */
export interface CarGeometryInputs {
  wheelbaseMm: number | null;
  motionRatio: PerAxle<number | null>;
  unsprungKg: CornerKg;
}

/** Derived geometry of a setup; every figure null where its inputs are missing. */
export interface GeometryFigures {
  rakeMm: number | null;
  rakeDeg: number | null;
  wheelRate: PerAxle<Rate | null>;
  rideFrequencyHz: PerAxle<number | null>;
}

/**
 * The geometry of a setup: rake and its angle from the ride heights ('85mm') and the wheelbase;
 * per axle the wheel rate from the spring rate ('180 N/mm') and the motion ratio, and the ride
 * frequency from the wheel rate and the axle's sprung corner mass (corner weights less unsprung
 * masses). Texts that do not parse give null figures.
 */
export function setupGeometry(
  suspension: { frontRideHeight: string | null; rearRideHeight: string | null; frontSpringRate: string | null; rearSpringRate: string | null } | null,
  corners: CornerKg | null,
  car: CarGeometryInputs,
): GeometryFigures {
  const rake = rakeMm(parseLengthMm(suspension?.frontRideHeight ?? null), parseLengthMm(suspension?.rearRideHeight ?? null));
  const front = wheelRate(parseSpringRate(suspension?.frontSpringRate ?? null), car.motionRatio.front);
  const rear = wheelRate(parseSpringRate(suspension?.rearSpringRate ?? null), car.motionRatio.rear);
  const u = car.unsprungKg;
  return {
    rakeMm: rake,
    rakeDeg: rakeDeg(rake, car.wheelbaseMm),
    wheelRate: { front, rear },
    rideFrequencyHz: {
      front: rideFrequencyHz(front, sprungCornerKg(corners?.fl ?? null, corners?.fr ?? null, u.fl, u.fr)),
      rear: rideFrequencyHz(rear, sprungCornerKg(corners?.rl ?? null, corners?.rr ?? null, u.rl, u.rr)),
    },
  };
}

/** Mass units a team can choose; the API speaks kg. */
export const MASS_UNITS = ['kg', 'lb'] as const;
type MassUnit = (typeof MASS_UNITS)[number];

/** kg in one pound (avoirdupois, exact by definition). */
export const KG_PER_LB = 0.45359237;

/** A mass in kg shown in `unit`. */
export const massFromKg = (kg: number, unit: MassUnit) => (unit === 'kg' ? kg : kg / KG_PER_LB);
/** A mass entered in `unit`, in kg. */
export const massToKg = (value: number, unit: MassUnit) => (unit === 'kg' ? value : value * KG_PER_LB);
