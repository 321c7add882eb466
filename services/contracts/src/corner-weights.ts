import { z } from 'zod';
import { bodyRaceEventId, optionalText } from './common.ts';
import { CROSS_DIAGONALS } from './scales.ts';

/** The heaviest corner weight, driver, or ballast the API takes, kg. */
export const MAX_CORNER_KG = 2000;

const kg = (what: string) =>
  z
    .number({ error: `must be ${what} from 0 to 2,000 kg, or null` })
    .min(0, `must be ${what} from 0 to 2,000 kg`)
    .max(MAX_CORNER_KG, `must be ${what} from 0 to 2,000 kg`)
    .nullish()
    .transform((v) => v ?? null);

const cornerWeightsFields = {
  fl: kg('a weight'),
  fr: kg('a weight'),
  rl: kg('a weight'),
  rr: kg('a weight'),
  driverIn: z.boolean({ error: 'must be true (driver in), false (ballast for the driver) or null' }).nullish().transform((v) => v ?? null),
  driverKg: kg("the driver's weight"),
  fuelLitres: z
    .number({ error: 'must be litres from 0 to 500, or null' })
    .min(0, 'must be litres from 0 to 500')
    .max(500, 'must be litres from 0 to 500')
    .nullish()
    .transform((v) => v ?? null),
  ballastKg: kg('ballast'),
  ballastPosition: optionalText(200),
  notes: optionalText(2000),
};

/**
 * PUT /api/cars/{carId}/corner-weights[?eventId=]: the scales of the baseline or of a race event.
 * Weights in kg (each 0–2,000; null = not weighed), fuel in litres; for a race event the complete
 * values the form showed (null fields inherit the baseline's).
 */
export const PutCornerWeightsBody = z.object({ eventId: bodyRaceEventId(), ...cornerWeightsFields });
export type PutCornerWeightsBody = z.input<typeof PutCornerWeightsBody>;

/** Names of the corner weights fields, as in `ownFields`. */
export const CornerWeightsField = z.enum(Object.keys(cornerWeightsFields) as [keyof typeof cornerWeightsFields, ...(keyof typeof cornerWeightsFields)[]]);
export type CornerWeightsField = z.infer<typeof CornerWeightsField>;

/** The diagonal the cross weight is taken on: FL + RR (road racing) or RF + LR (oval racing). */
export const CrossDiagonal = z.enum(CROSS_DIAGONALS, { error: "must be 'lf-rr' or 'rf-lr'" });
export type CrossDiagonal = z.infer<typeof CrossDiagonal>;

/** What follows from the four corner weights; null when a corner is missing. */
export const CornerWeightsDerived = z.object({
  totalKg: z.number(),
  frontPercent: z.number(),
  leftPercent: z.number(),
  crossPercent: z.number(),
  wedgeKg: z.number(),
  diagonal: CrossDiagonal,
});

/**
 * GET|PUT /api/cars/{carId}/corner-weights answer. With `?eventId=` the race event's EFFECTIVE
 * scales (per field its own value, else the baseline's) and `ownFields` naming its own; for the
 * baseline every field with a value. Null fields were not recorded. Percentages unrounded.
 */
export const CornerWeights = z
  .object({
    carId: z.number().int(),
    eventId: z.number().int().nullable(),
    fl: z.number().nullable(),
    fr: z.number().nullable(),
    rl: z.number().nullable(),
    rr: z.number().nullable(),
    driverIn: z.boolean().nullable(),
    driverKg: z.number().nullable(),
    fuelLitres: z.number().nullable(),
    ballastKg: z.number().nullable(),
    ballastPosition: z.string().nullable(),
    notes: z.string().nullable(),
    derived: CornerWeightsDerived.nullable(),
    ownFields: z.array(CornerWeightsField),
  })
  .meta({ id: 'CornerWeights' });
export type CornerWeights = z.infer<typeof CornerWeights>;

const percent = z
  .number({ error: 'must be a percentage from 0 to 100, or null' })
  .min(0, 'must be a percentage from 0 to 100')
  .max(100, 'must be a percentage from 0 to 100')
  .nullish()
  .transform((v) => v ?? null);

/** PUT /api/cars/{carId}/setup-targets: target cross weight and front weight, percent (left out or null = no target). */
export const PutSetupTargetsBody = z.object({ crossPercent: percent, frontPercent: percent });
export type PutSetupTargetsBody = z.input<typeof PutSetupTargetsBody>;

/** GET|PUT /api/cars/{carId}/setup-targets answer: both keys, percent, null = no target. */
export const SetupTargets = z.object({ crossPercent: z.number().nullable(), frontPercent: z.number().nullable() }).meta({ id: 'SetupTargets' });
export type SetupTargets = z.infer<typeof SetupTargets>;

const rate = z.object({ value: z.number(), unit: z.enum(['N/mm', 'lbf/in']) }).nullable();

/**
 * Derived geometry of a setup (null where the inputs are missing or the suspension's text does not
 * parse): rake (mm, rear − front ride height) and its angle (degrees, needs the wheelbase), per
 * axle the wheel rate (in the spring rate's unit) and the ride frequency (Hz, needs the corner
 * weights and the motion ratio).
 */
export const Geometry = z
  .object({
    rakeMm: z.number().nullable(),
    rakeDeg: z.number().nullable(),
    wheelRate: z.object({ front: rate, rear: rate }),
    rideFrequencyHz: z.object({ front: z.number().nullable(), rear: z.number().nullable() }),
  })
  .meta({ id: 'Geometry' });
export type Geometry = z.infer<typeof Geometry>;
