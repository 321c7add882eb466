import { z } from 'zod';
import { wholeNumberText } from './common.ts';
import { AMBIENT_MAX_C, AMBIENT_MIN_C } from './values/tire-pressure-constants.ts';

/**
 * The tire pressure assistant: a car's target HOT pressures, and the cold pressures to
 * set now so the tires reach them, worked out from a session where the team set cold pressures and
 * measured hot ones. The API speaks psi and °C; screens show the team's units.
 */

/** Standard atmosphere, psi: gauge + P0 = absolute (ISO 2533; 101.325 kPa / 6.894 757 kPa per psi, NIST SP 811 App. B.8). */
export const STANDARD_ATMOSPHERE_PSI = 14.696;
/** °C + 273.15 = K (the kelvin's definition, SI Brochure 9th ed. §2.3.1). */
export const KELVIN_AT_ZERO_CELSIUS = 273.15;

/** The cold/hot pair of one corner in a reference session: cold gauge psi set at `coldTempC` °C, hot gauge psi measured after the run. */
export interface PressureReference {
  coldPsi: number;
  coldTempC: number;
  hotPsi: number;
}

/**
 * The cold gauge pressure (psi) to set at ambient temperature `ambientC` (°C) so the tire reaches
 * `targetHotPsi` (gauge psi), from a reference run of the same tire: `reference.coldPsi` set at
 * `reference.coldTempC`, `reference.hotPsi` measured after the run.
 *
 * Model: ideal gas at fixed volume (Gay-Lussac's law, p/T constant for a fixed amount of gas) on
 * ABSOLUTE pressure (gauge + P0, P0 = 14.696 psi standard atmosphere) and ABSOLUTE temperature
 * (K = °C + 273.15), assuming the tire reaches the same hot temperature as in the reference run:
 *
 *     Pc_new = (Pt + P0) × (Pc + P0) / (Ph + P0) × (Ta + 273.15) / (Tc + 273.15) − P0
 *
 * The hot/cold ratio of the reference scales the target back to a cold pressure at the reference's
 * temperature, and Gay-Lussac moves that amount of air to today's temperature. Sources: Gay-Lussac's
 * law as in any physics text (e.g. Halliday, Resnick & Walker, Fundamentals of Physics, ch. 19 "The
 * Kinetic Theory of Gases"); the gauge/absolute and °C/K relations of NIST SP 811; the formula is the
 * one of docs/product.md, 'Target hot pressures'. Check: 20 psi set at 70 °F holds the air that reads 23.9 psi at 130 °F.
 *
 * Answers psi unrounded (round with {@link roundPsi} for the API), or null when any input is
 * missing or not a finite number, or when an absolute value would be zero or below (no such tire).
 */
export function coldPressureForTarget(targetHotPsi: number | null, reference: PressureReference | null, ambientC: number | null): number | null {
  if (targetHotPsi === null || reference === null || ambientC === null) return null;
  const { coldPsi, coldTempC, hotPsi } = reference;
  if (![targetHotPsi, coldPsi, coldTempC, hotPsi, ambientC].every(Number.isFinite)) return null;
  const P0 = STANDARD_ATMOSPHERE_PSI;
  const [hotAbs, coldAbs, targetAbs] = [hotPsi + P0, coldPsi + P0, targetHotPsi + P0];
  const [coldK, ambientK] = [coldTempC + KELVIN_AT_ZERO_CELSIUS, ambientC + KELVIN_AT_ZERO_CELSIUS];
  if (hotAbs <= 0 || coldAbs <= 0 || targetAbs <= 0 || coldK <= 0 || ambientK <= 0) return null;
  return ((targetAbs * coldAbs) / hotAbs) * (ambientK / coldK) - P0;
}

/** psi as the API answers it: two decimals (25.7497 → 25.75). */
export const roundPsi = (psi: number): number => Math.round(psi * 100) / 100;


const targetPsi = z
  .number({ error: 'must be a pressure from 0 to 100 psi, or null' })
  .min(0, 'must be from 0 to 100 psi')
  .max(100, 'must be from 0 to 100 psi')
  .nullable();


const cornerPsi = targetPsi.optional().transform((v) => v ?? null);

/**
 * PUT /api/cars/{carId}/tire-pressure-targets: target HOT gauge pressures in psi, per axle
 * (`front`, `rear`; null = none) and optionally per corner (`fl` … `rr`; null or left out = the
 * axle's). A corner's target is its own, else its axle's.
 */
export const PutTirePressureTargetsBody = z.object({ front: targetPsi, rear: targetPsi, fl: cornerPsi, fr: cornerPsi, rl: cornerPsi, rr: cornerPsi });
export type PutTirePressureTargetsBody = z.input<typeof PutTirePressureTargetsBody>;

/** GET|PUT /api/cars/{carId}/tire-pressure-targets answer: every key present, psi, null = not set. */
export const TirePressureTargets = z
  .object({
    front: z.number().nullable(),
    rear: z.number().nullable(),
    fl: z.number().nullable(),
    fr: z.number().nullable(),
    rl: z.number().nullable(),
    rr: z.number().nullable(),
  })
  .meta({ id: 'TirePressureTargets' });
/** Targets as stored and answered. */
export type TirePressureTargets = z.infer<typeof TirePressureTargets>;

/** A car without targets. */
export const NO_TIRE_PRESSURE_TARGETS: TirePressureTargets = { front: null, rear: null, fl: null, fr: null, rl: null, rr: null };


/** GET …/tire-pressure-suggestion query: the ambient temperature now (°C) and optionally the reference session. Messages without the field's name: the server's 400 puts it first ('ambientC: …'). */
export const TirePressureSuggestionQuery = z.object({
  ambientC: z
    .string({ error: `the temperature now is required, in °C from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C}` })
    .trim()
    .min(1, `the temperature now is required, in °C from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C}`)
    .pipe(
      z.coerce
        .number<string>({ error: `must be a temperature in °C from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C}` })
        .min(AMBIENT_MIN_C, `must be from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C} °C`)
        .max(AMBIENT_MAX_C, `must be from ${AMBIENT_MIN_C} to ${AMBIENT_MAX_C} °C`),
    ),
  sessionId: wholeNumberText('must be a positive whole number').optional(),
  /** Only sessions that ran on this tire set of the team may be references. */
  tireSetId: wholeNumberText('must be a positive whole number').optional(),
});

/** A session the suggestion may work from: one of the car's with cold and hot pressures. `atThisTrack`: at the race event's location. */
export const PressureReferenceSession = z
  .object({
    sessionId: z.number().int(),
    sessionName: z.string(),
    raceEventId: z.number().int(),
    raceEventName: z.string(),
    location: z.string(),
    startedAt: z.string(),
    atThisTrack: z.boolean(),
  })
  .meta({ id: 'PressureReferenceSession' });
export type PressureReferenceSession = z.infer<typeof PressureReferenceSession>;

/** One corner's proposal: the cold psi to set (two decimals), its target hot psi, and the reference pair it comes from. */
export const CornerSuggestion = z.object({
  coldPsi: z.number(),
  targetHotPsi: z.number(),
  reference: z.object({ sessionId: z.number().int(), coldPsi: z.number(), coldTempC: z.number(), hotPsi: z.number() }),
});
export type CornerSuggestion = z.infer<typeof CornerSuggestion>;

/**
 * GET /api/cars/{carId}/events/{eventId}/tire-pressure-suggestion answer: per corner the proposal
 * or null (no target, or no reference), `explanation` in plain words (psi, °C): first what the
 * suggestion rests on, then one line per corner starting 'FL: ' … 'RR: '. `references`: the
 * sessions the engineer may pick instead (`?sessionId=`), newest first — those at this track, or,
 * when there are none, the car's latest elsewhere.
 */
export const TirePressureSuggestion = z
  .object({
    corners: z.object({ fl: CornerSuggestion.nullable(), fr: CornerSuggestion.nullable(), rl: CornerSuggestion.nullable(), rr: CornerSuggestion.nullable() }),
    explanation: z.array(z.string()),
    references: z.array(PressureReferenceSession),
  })
  .meta({ id: 'TirePressureSuggestion' });
export type TirePressureSuggestion = z.infer<typeof TirePressureSuggestion>;
