/**
 * A setup's corner weights as the lines of a setup comparison, free of zod so the setup history
 * loads it without the schema library; the package entry (../index.ts) exports it.
 */
import type { CornerWeights, CornerWeightsField } from '../corner-weights.ts';
import { CROSS_DIAGONAL_LABELS } from '../scales.ts';

/**
 * A setup's scales as labelled lines in kg, named as a comparison of two setups names them ('FL
 * weight' → '360 kg', 'Cross weight' → '50.7 % (FL + RR)'); every line present, value null when
 * not recorded; `own`: the race event's own value.
 */
export function cornerWeightsLines(w: Omit<CornerWeights, 'carId' | 'eventId'> | null): { field: string; value: string | null; own: boolean }[] {
  const own = (f: CornerWeightsField) => w?.ownFields.includes(f) ?? false;
  const unit = (v: number | null | undefined, u: string) => (v == null ? null : `${v} ${u}`);
  const d = w?.derived ?? null;
  return [
    { field: 'FL weight', value: unit(w?.fl, 'kg'), own: own('fl') },
    { field: 'FR weight', value: unit(w?.fr, 'kg'), own: own('fr') },
    { field: 'RL weight', value: unit(w?.rl, 'kg'), own: own('rl') },
    { field: 'RR weight', value: unit(w?.rr, 'kg'), own: own('rr') },
    { field: 'Cross weight', value: d && `${d.crossPercent.toFixed(1)} % (${CROSS_DIAGONAL_LABELS[d.diagonal]})`, own: false },
    { field: 'Weighed with', value: w?.driverIn == null ? null : w.driverIn ? 'driver in' : 'ballast for the driver', own: own('driverIn') },
    { field: 'Driver weight', value: unit(w?.driverKg, 'kg'), own: own('driverKg') },
    { field: 'Fuel when weighed', value: unit(w?.fuelLitres, 'l'), own: own('fuelLitres') },
    { field: 'Ballast', value: unit(w?.ballastKg, 'kg'), own: own('ballastKg') },
    { field: 'Ballast position', value: w?.ballastPosition ?? null, own: own('ballastPosition') },
    { field: 'Scales notes', value: w?.notes ?? null, own: own('notes') },
  ];
}
