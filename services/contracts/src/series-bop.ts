import { z } from 'zod';
import { optionalText } from './common.ts';

/**
 * Balance of performance (BoP): per round and entered car, the ballast (kg) the organiser adds,
 * the air restrictor (mm, or none) and the minimum weight (kg, or none) the car must keep. The
 * organiser sets it; the car's team reads its own. `bopWarnings` holds it against the team's setup.
 */

/** A number in [min, max] of `unit`, with one message naming the field for every refusal. */
const measure = (field: string, min: number, max: number, unit: string) => {
  const message = `${field} must be a number from ${min} to ${max} ${unit}`;
  return z.number({ error: message }).min(min, message).max(max, message);
};

/** Most ballast a BoP may add: 200 kg. */
export const BOP_MAX_BALLAST_KG = 200;

/**
 * PUT /api/series/{seriesId}/rounds/{roundId}/entries/{entryId}/bop (organiser): the whole BoP of
 * one car at one round. `ballastKg` 0–200 kg; `restrictorMm` 10–100 mm or null (no restrictor);
 * `minWeightKg` 500–2500 kg or null (no minimum); `notes` optional text, at most 2000 characters.
 */
export const PutBopBody = z.object({
  ballastKg: measure('ballastKg', 0, BOP_MAX_BALLAST_KG, 'kg'),
  restrictorMm: measure('restrictorMm', 10, 100, 'mm').nullable(),
  minWeightKg: measure('minWeightKg', 500, 2500, 'kg').nullable(),
  notes: optionalText(2000),
});
export type PutBopBody = z.input<typeof PutBopBody>;

/**
 * One car's BoP at a round as answered: the entry's number and class, ballast (kg), restrictor (mm,
 * null: none), minimum weight (kg, null: none), notes (null: none, and null for a caller who is
 * neither the organiser nor the car's team), who set it last (display name, else username) and when (ISO).
 */
export const Bop = z
  .object({
    roundId: z.number().int(),
    entryId: z.number().int(),
    number: z.string(),
    class: z.string(),
    ballastKg: z.number(),
    restrictorMm: z.number().nullable(),
    minWeightKg: z.number().nullable(),
    notes: z.string().nullable(),
    setBy: z.string(),
    setAt: z.string(),
  })
  .meta({ id: 'Bop' });
export type Bop = z.infer<typeof Bop>;

/** A setup that does not meet the BoP: too little ballast, or a car lighter than the minimum weight. */
export interface BopWarning {
  kind: 'ballast' | 'minWeight';
  message: string;
}

/** Kilograms as the warnings print them: thousands separated, at most one decimal ('1,230', '12.5'). */
const kg = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * The ways a team's setup falls short of its BoP (pure). `setupBallastKg`: ballast in the car's
 * setup (kg); `cornerWeightTotalKg`: the sum of the four corner weights from the scales (kg). A
 * warning when the setup ballast is below the BoP ballast, and when the corner-weight total is below
 * the BoP minimum weight; a null BoP, a null input or a BoP without a minimum weight gives none.
 * Example: bop ballast 15 kg, setup 10 kg → 'Setup ballast 10 kg is below the BoP ballast of 15 kg'.
 */
export function bopWarnings({ bop, setupBallastKg, cornerWeightTotalKg }: {
  bop: Pick<Bop, 'ballastKg' | 'minWeightKg'> | null;
  setupBallastKg: number | null;
  cornerWeightTotalKg: number | null;
}): BopWarning[] {
  if (!bop) return [];
  const warnings: BopWarning[] = [];
  if (setupBallastKg !== null && setupBallastKg < bop.ballastKg) {
    warnings.push({ kind: 'ballast', message: `Setup ballast ${kg(setupBallastKg)} kg is below the BoP ballast of ${kg(bop.ballastKg)} kg` });
  }
  if (cornerWeightTotalKg !== null && bop.minWeightKg !== null && cornerWeightTotalKg < bop.minWeightKg) {
    warnings.push({ kind: 'minWeight', message: `Corner-weight total ${kg(cornerWeightTotalKg)} kg is below the BoP minimum weight of ${kg(bop.minWeightKg)} kg` });
  }
  return warnings;
}
