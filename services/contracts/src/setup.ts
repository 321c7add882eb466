import { z } from 'zod';
import { bodyRaceEventId, idParam, optionalText, trimText } from './common.ts';

export * from './values/setup.ts';

/**
 * Car setup sub-resources (docs/product.md, 'Data model', 'Validation').
 * Every row may carry `eventId`: the race event's own setup. Rows without it are the car's baseline.
 * Ratios and pressures stay text because the spec keeps units in the value ('24.5 psi').
 */

/** One gear ratio row: name ('1st' … 'Final Drive'), ratio (text, e.g. '5.087'), speed at max rpm (kph). */
export const GearRatioRow = z.object({
  id: z.number().int().optional(),
  carId: z.number().int().optional(),
  eventId: bodyRaceEventId(),
  name: z.string().overwrite(trimText).min(1, 'Name is required').max(50, 'Name must be at most 50 characters'),
  ratio: z.string().overwrite(trimText).min(1, 'Ratio is required').max(50, 'Ratio must be at most 50 characters'),
  speedAtMaxRpm: optionalText(50),
  notes: optionalText(500),
});

/** PUT /api/cars/{carId}/gear-ratios: the complete list of rows, replacing the previous list. */
export const PutGearRatiosBody = z.array(GearRatioRow).max(30, 'At most 30 gear ratio rows');
export type PutGearRatiosBody = z.input<typeof PutGearRatiosBody>;

/**
 * Whether a row of a race event's effective setup is the race event's own (true) or the car's
 * baseline row it inherits (false); every row of the baseline itself is true.
 */
const own = z.boolean().describe("true: the race event's own row (or a baseline row on the baseline); false: inherited from the baseline");

/**
 * Gear ratio row as answered. With `?eventId=` the list is the race event's EFFECTIVE list: the
 * baseline rows overridden by its own rows (by name), the race event's final drive ratio in the
 * 'Final Drive' row; `eventId` is the row's origin (null: a baseline row).
 */
export const GearRatio = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  eventId: z.number().int().nullable(),
  name: z.string(),
  ratio: z.string(),
  speedAtMaxRpm: z.string().nullable(),
  notes: z.string().nullable(),
  own,
});
export type GearRatio = z.infer<typeof GearRatio>;

/** Default gear names for a car with none (docs/product.md, 'Constants and limits'). */
export const DEFAULT_GEAR_NAMES = ['1st', '2nd', '3rd', '4th', '5th', '6th', 'Final Drive'] as const;


const suspensionFields = {
  frontRideHeight: optionalText(50),
  frontSpringRate: optionalText(50),
  frontDamperSetting: optionalText(50),
  frontCamber: optionalText(50),
  frontToe: optionalText(50),
  frontAntiRollBar: optionalText(50),
  rearRideHeight: optionalText(50),
  rearSpringRate: optionalText(50),
  rearDamperSetting: optionalText(50),
  rearCamber: optionalText(50),
  rearToe: optionalText(50),
  rearAntiRollBar: optionalText(50),
  notes: optionalText(2000),
};

/** PUT /api/cars/{carId}/suspension: one object; all settings optional text (docs/product.md, 'Validation'). */
export const PutSuspensionBody = z.object({ carId: z.number().int().optional(), eventId: bodyRaceEventId(), ...suspensionFields });
export type PutSuspensionBody = z.input<typeof PutSuspensionBody>;

/** Names of the suspension fields (the twelve settings and notes), as in `ownFields`. */
export const SuspensionField = z.enum(Object.keys(suspensionFields) as [keyof typeof suspensionFields, ...(keyof typeof suspensionFields)[]]);
export type SuspensionField = z.infer<typeof SuspensionField>;

/**
 * Suspension as answered (null fields are 'Not specified'). With `?eventId=` it is the race
 * event's EFFECTIVE suspension (per field its own value, else the baseline's) and `ownFields`
 * names the race event's own fields; for the baseline every field with a value.
 */
export const Suspension = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  eventId: z.number().int().nullable(),
  ...Object.fromEntries(Object.keys(suspensionFields).map((k) => [k, z.string().nullable()])),
  ownFields: z.array(SuspensionField),
}) as z.ZodObject<{
  id: z.ZodNumber;
  carId: z.ZodNumber;
  eventId: z.ZodNullable<z.ZodNumber>;
  ownFields: z.ZodArray<typeof SuspensionField>;
} & { [K in keyof typeof suspensionFields]: z.ZodNullable<z.ZodString> }>;
export type Suspension = z.infer<typeof Suspension>;

const pressure = (message: string) =>
  z.string().overwrite(trimText).min(1, message).max(50, 'Pressure must be at most 50 characters');

/** One tire pressure row: a condition and the four corner pressures, each text with its unit. */
export const TirePressureRow = z.object({
  id: z.number().int().optional(),
  carId: z.number().int().optional(),
  eventId: bodyRaceEventId(),
  condition: z.string().overwrite(trimText).min(1, 'Condition is required').max(100, 'Condition must be at most 100 characters'),
  frontLeft: pressure('Front left pressure is required'),
  frontRight: pressure('Front right pressure is required'),
  rearLeft: pressure('Rear left pressure is required'),
  rearRight: pressure('Rear right pressure is required'),
  notes: optionalText(2000),
});

/** PUT /api/cars/{carId}/tire-pressures: all rows and the one shared note. */
export const PutTirePressuresBody = z.object({
  eventId: bodyRaceEventId(),
  items: z.array(TirePressureRow).max(20, 'At most 20 tire pressure rows'),
  notes: optionalText(2000),
});
export type PutTirePressuresBody = z.input<typeof PutTirePressuresBody>;

/** Tire pressure row as answered; with `?eventId=` the race event's effective rows (baseline rows overridden by its own, by condition). */
export const TirePressure = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  eventId: z.number().int().nullable(),
  condition: z.string(),
  frontLeft: z.string(),
  frontRight: z.string(),
  rearLeft: z.string(),
  rearRight: z.string(),
  notes: z.string().nullable(),
  own,
});
export type TirePressure = z.infer<typeof TirePressure>;

/** GET /api/cars/{carId}/tire-pressures answer: rows plus the shared note. */
export const TirePressures = z.object({ items: z.array(TirePressure), notes: z.string().nullable() });
export type TirePressures = z.infer<typeof TirePressures>;

/** Default tire pressure conditions for a car with none (docs/product.md, 'Constants and limits'). */
export const DEFAULT_TIRE_CONDITIONS = ['Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)'] as const;

/** Checklist priorities (docs/product.md, 'Constants and limits'). */
export const ChecklistPriority = z.enum(['low', 'medium', 'high']);
export type ChecklistPriority = z.infer<typeof ChecklistPriority>;

/** Items a car's checklist holds at most; adding one more answers 409 naming the checklist. */
export const MAX_CHECKLIST_ITEMS = 200;

/** POST /api/cars/{carId}/checklist (docs/product.md, 'Validation'). */
export const NewChecklistItemBody = z.object({
  title: z
    .string({ error: 'Missing information: Please provide a title for the checklist item' })
    .overwrite(trimText)
    .min(1, 'Missing information: Please provide a title for the checklist item')
    .max(200, 'Title must be at most 200 characters'),
  description: optionalText(2000),
  priority: ChecklistPriority.default('medium'),
});
export type NewChecklistItemBody = z.input<typeof NewChecklistItemBody>;

/** PATCH /api/cars/{carId}/checklist/{itemId}. */
export const PatchChecklistItemBody = z.object({ isCompleted: z.boolean({ error: 'isCompleted must be true or false' }) });

/**
 * Checklist item as answered. `completedBy` (the ticker's name as the team shows it) and
 * `completedAt` (ISO 8601) say who ticked a completed item and when; both null while it is open.
 */
export const ChecklistItem = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  isCompleted: z.boolean(),
  priority: ChecklistPriority,
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;

/** `?eventId=` on setup GETs: absent means the car's baseline. */
export const SetupQuery = z.object({ eventId: idParam('eventId').optional() });
