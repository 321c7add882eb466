import { z } from 'zod';
import { optionalText } from './common.ts';
import { checkedDate } from './dates.ts';
import { PART_CATEGORIES } from './values/parts.ts';

export { DUE_SOON_DAYS, DUE_SOON_SHARE, PART_CATEGORIES, PART_STATUSES } from './values/parts.ts';

/**
 * Parts life: the lifed components of a team's cars (gearbox, clutch, belts …), their limits, and
 * the usage derived from the run sheets (laps, distance, time of every session that ran with the
 * part fitted). The API speaks km, hours and laps; the web converts distance to the team's unit.
 */

type PartCategoryValue = (typeof PART_CATEGORIES)[number]['value'];
export const PartCategory = z.enum(PART_CATEGORIES.map((c) => c.value) as [PartCategoryValue, ...PartCategoryValue[]], {
  error: `category must be one of ${PART_CATEGORIES.map((c) => c.value).join(', ')}`,
});
export type PartCategory = z.infer<typeof PartCategory>;

/** A part's status (PART_STATUSES gives its words). */
export const PartStatus = z.enum(['ok', 'due-soon', 'overdue'], { error: 'status must be one of ok, due-soon, overdue' });
export type PartStatus = z.infer<typeof PartStatus>;

const positive = (unit: string) =>
  z.number({ error: `must be a number greater than 0 (${unit})` }).positive(`must be a number greater than 0 (${unit})`).max(1_000_000, `must be at most 1000000 ${unit}`);
const atLeastZero = (unit: string) =>
  z.number({ error: `must be a number of at least 0 (${unit})` }).min(0, `must be a number of at least 0 (${unit})`).max(1_000_000, `must be at most 1000000 ${unit}`);
const wholeLaps = (check: z.ZodNumber) => check.int('must be a whole number of laps');


/** Life limits: any of distance (km), running time (hours), laps, and an expiry date; null = no such limit. */
export const PartLimits = z
  .object({
    km: positive('km').nullish().transform((v) => v ?? null),
    hours: positive('hours').nullish().transform((v) => v ?? null),
    laps: wholeLaps(positive('laps')).nullish().transform((v) => v ?? null),
    expiresOn: checkedDate('date', { label: 'expiresOn' }).nullish().transform((v) => v ?? null),
  })
  .meta({ id: 'PartLimits' });
export type PartLimits = z.output<typeof PartLimits>;

/** Usage a part already had when it came into Pitwall (km, hours, laps; absent = 0). */
export const PartUsedBefore = z.object({
  km: atLeastZero('km').nullish().transform((v) => v ?? 0),
  hours: atLeastZero('hours').nullish().transform((v) => v ?? 0),
  laps: wholeLaps(atLeastZero('laps')).nullish().transform((v) => v ?? 0),
});
export type PartUsedBefore = z.output<typeof PartUsedBefore>;

const dateTime = (name: string) => checkedDate('date-time', { label: name });

/** What describes a part (everything but where it is and what it ran). */
const partFields = {
  name: z.string({ error: 'Part name is required' }).trim().min(1, 'Part name is required').max(80, 'Part name must be at most 80 characters'),
  category: PartCategory,
  partNumber: optionalText(60),
  serialNumber: optionalText(60),
  notes: optionalText(2000),
  limits: PartLimits.default({ km: null, hours: null, laps: null, expiresOn: null }),
  usedBefore: PartUsedBefore.default({ km: 0, hours: 0, laps: 0 }),
};

/** The description of a part as the domain stores it. */
const PartDetailsSchema = z.object(partFields);
export type PartDetails = z.output<typeof PartDetailsSchema>;

/** POST /api/teams/{teamId}/parts: the part, and optionally the car it is fitted to and since when (default: now). */
export const NewPartBody = PartDetailsSchema.extend({
  carId: z.number({ error: 'carId must be a car id' }).int('carId must be a car id').positive('carId must be a car id').nullish().transform((v) => v ?? null),
  fittedAt: dateTime('fittedAt').nullish().transform((v) => v ?? null),
});
export type NewPartBody = z.input<typeof NewPartBody>;

/** PATCH /api/teams/{teamId}/parts/{partId}: any of the details; fields left out keep their value. */
export const PatchPartBody = z
  .object(Object.fromEntries(Object.entries(partFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof partFields]: z.ZodOptional<(typeof partFields)[K]> })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'send at least one field to change' });
export type PatchPartBody = z.input<typeof PatchPartBody>;

/** POST …/parts/{partId}/fit: fit the part to a car of the team (moving it off any other car) at `at`. */
export const FitPartBody = z.object({
  carId: z.number({ error: 'carId must be a car id' }).int('carId must be a car id').positive('carId must be a car id'),
  at: dateTime('at'),
});
export type FitPartBody = z.input<typeof FitPartBody>;

/** PATCH …/parts/{partId}/fit: correct the date of the part's current fit to `at` (ISO date-time). */
export const CorrectFitDateBody = z.object({ at: dateTime('at') });
export type CorrectFitDateBody = z.input<typeof CorrectFitDateBody>;

/** POST …/parts/{partId}/remove: take the part off its car, to the shelf, at `at`. */
export const RemovePartBody = z.object({ at: dateTime('at') });
export type RemovePartBody = z.input<typeof RemovePartBody>;

/** POST …/parts/{partId}/service: a dated service with notes; `resetsLife` (a rebuild) starts the life count again at zero. */
export const ServicePartBody = z.object({
  at: dateTime('at'),
  notes: z.string({ error: 'Service notes are required' }).trim().min(1, 'Service notes are required').max(2000, 'must be at most 2000 characters'),
  resetsLife: z.boolean({ error: 'resetsLife must be true or false' }).default(false),
});
export type ServicePartBody = z.input<typeof ServicePartBody>;

/** GET /api/teams/{teamId}/parts filters: fitted to a car, by status, by category. */
export const PartsQuery = z.object({
  carId: z.coerce.number({ error: 'carId must be a positive whole number' }).int('carId must be a positive whole number').positive('carId must be a positive whole number').optional(),
  status: PartStatus.optional(),
  category: PartCategory.optional(),
});
export type PartsQuery = z.infer<typeof PartsQuery>;

/** Usage figures: km (one decimal), hours (two decimals), laps (whole). */
export const PartUsage = z.object({ km: z.number(), hours: z.number(), laps: z.number().int() });
export type PartUsage = z.infer<typeof PartUsage>;

/** A part as answered; `remaining` figures are null where there is no such limit (negative once exceeded). */
export const Part = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    name: z.string(),
    category: PartCategory,
    partNumber: z.string().nullable(),
    serialNumber: z.string().nullable(),
    notes: z.string().nullable(),
    carId: z.number().int().nullable(),
    limits: z.object({ km: z.number().nullable(), hours: z.number().nullable(), laps: z.number().int().nullable(), expiresOn: z.string().nullable() }),
    usedBefore: PartUsage,
    used: PartUsage,
    sinceNew: PartUsage,
    remaining: z.object({ km: z.number().nullable(), hours: z.number().nullable(), laps: z.number().int().nullable(), days: z.number().int().nullable() }),
    status: PartStatus,
    lastServicedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Part' });
export type Part = z.infer<typeof Part>;

/** One line of a part's life, oldest first: a fit, a removal, a service, or a session that counted. */
export const PartLifeEntry = z
  .object({
    at: z.string(),
    kind: z.enum(['fitted', 'removed', 'serviced', 'session']),
    carId: z.number().int().nullable(),
    raceEventId: z.number().int().optional(),
    sessionId: z.number().int().optional(),
    laps: z.number().int().optional(),
    km: z.number().nullable().optional(),
    hours: z.number().optional(),
    notes: z.string().nullable().optional(),
    resetsLife: z.boolean().optional(),
  })
  .meta({ id: 'PartLifeEntry' });
export type PartLifeEntry = z.infer<typeof PartLifeEntry>;
