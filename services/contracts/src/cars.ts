import { z } from 'zod';
import { bodyId, hexColor, optionalText, trimText } from './common.ts';
import { isoDateOrNull } from './dates.ts';
import { MAINTENANCE_ITEMS } from './values/setup.ts';

/** Car classes (docs/product.md, 'Constants and limits'). */
export const CarClass = z.enum(['GT3', 'GT4', 'Rally', 'Drift', 'Other']);
export type CarClass = z.infer<typeof CarClass>;

/** Default colour of a new car (docs/product.md, 'Validation'). */
export const DEFAULT_CAR_COLOR = '#0F4C81';
/** Earliest model year accepted (docs/product.md, 'Constants and limits'). */
export const MIN_CAR_YEAR = 1950;

export const MaintenanceItem = z.enum(MAINTENANCE_ITEMS.map((i) => i.field) as [MaintenanceItem, ...MaintenanceItem[]]);
export type MaintenanceItem = (typeof MAINTENANCE_ITEMS)[number]['field'];

/**
 * Model year: whole number from 1950 to next calendar year, checked at parse time (the product's car form rule). A JSON
 * number only: ' 2020 ' or [2020] is refused ('Year must be a number'); the forms send numbers.
 */
export const carYear = z
  .number({ error: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(MIN_CAR_YEAR, 'Year must be at least 1950')
  .refine((y) => y <= new Date().getFullYear() + 1, 'Year cannot be in the future');

const carName = z.string().overwrite(trimText).min(2, 'Car name must be at least 2 characters').max(100, 'Car name must be at most 100 characters');
const makeModel = z
  .string()
  .overwrite(trimText)
  .min(2, 'Make & model must be at least 2 characters')
  .max(100, 'Make & model must be at most 100 characters');

/** The basic fields shared by the add-car dialog and the whole-car PUT. Units live in the text ('1062 kg'). */
const carBasics = {
  name: carName,
  makeModel,
  year: carYear,
  engine: optionalText(),
  transmission: optionalText(),
  weight: optionalText(),
  power: optionalText(),
  color: hexColor.default(DEFAULT_CAR_COLOR),
  carClass: CarClass.default('Other'),
};

const positive = (what: string, max: number) =>
  z
    .number({ error: `must be ${what}, or null` })
    .positive(`must be ${what}`)
    .max(max, `must be ${what}`)
    .nullable();
const unsprung = z
  .number({ error: 'must be an unsprung mass from 0 to 500 kg, or null' })
  .min(0, 'must be an unsprung mass from 0 to 500 kg')
  .max(500, 'must be an unsprung mass from 0 to 500 kg')
  .nullable();

/**
 * The car's geometry (basic information, all optional): wheelbase in mm, motion ratio per axle
 * (spring travel ÷ wheel travel) and unsprung mass per corner in kg; null = not given.
 */
const carGeometry = {
  wheelbaseMm: positive('a wheelbase above 0 and at most 10,000 mm', 10_000),
  motionRatio: z.object({ front: positive('a motion ratio above 0 and at most 3', 3), rear: positive('a motion ratio above 0 and at most 3', 3) }),
  unsprungKg: z.object({ fl: unsprung, fr: unsprung, rl: unsprung, rr: unsprung }),
};

/** The car's fuel tank capacity in litres (basic information, optional): 1 to 500, or null when not given. */
const tankLitres = z
  .number({ error: 'must be a fuel tank of 1 to 500 litres, or null' })
  .min(1, 'must be a fuel tank of 1 to 500 litres')
  .max(500, 'must be a fuel tank of 1 to 500 litres')
  .nullable();

/** POST /api/cars. `teamId` picks the team for a user of several teams; otherwise their only team. */
export const NewCarBody = z.object({ ...carBasics, teamId: bodyId().optional() });
export type NewCarBody = z.input<typeof NewCarBody>;

const maintenanceFields = Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, isoDateOrNull.optional()])) as {
  [K in MaintenanceItem]: z.ZodOptional<typeof isoDateOrNull>;
};

/**
 * PUT /api/cars/{id}: the whole car object (docs/product.md, 'API'). Used for basic edits, the tuning link and one
 * maintenance date at a time. `id`, `teamId`, `teamName` and `createdAt` may be sent back as received
 * (the car as GET answers it) and are ignored (a different `id` is refused); an omitted tuning link or
 * maintenance date keeps its value, and so does each part of the geometry (`wheelbaseMm`,
 * `motionRatio`, `unsprungKg`) left out, and the fuel tank capacity (`tankLitres`) left out. Any other key is refused.
 */
export const UpdateCarBody = z.object({
  ...carBasics,
  id: z.number().int().optional(),
  teamId: z.number().int().optional(),
  teamName: z.string().optional(),
  createdAt: z.string().optional(),
  tuningFileUrl: z
    .union([z.url({ protocol: /^https?$/, error: 'tuningFileUrl must be an http(s) URL' }), z.literal('')])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  ...maintenanceFields,
  // The geometry: each left out keeps its value.
  wheelbaseMm: carGeometry.wheelbaseMm.optional(),
  motionRatio: carGeometry.motionRatio.optional(),
  unsprungKg: carGeometry.unsprungKg.optional(),
  tankLitres: tankLitres.optional(),
});
export type UpdateCarBody = z.input<typeof UpdateCarBody>;

/** A car as the query API answers it (docs/product.md, 'Data model'). Dates are 'YYYY-MM-DD' or null; createdAt ISO. */
export const Car = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    teamName: z.string(),
    name: z.string(),
    makeModel: z.string(),
    year: z.number().int(),
    engine: z.string().nullable(),
    transmission: z.string().nullable(),
    weight: z.string().nullable(),
    power: z.string().nullable(),
    color: z.string(),
    carClass: CarClass,
    tuningFileUrl: z.string().nullable(),
    lastEngineBuild: z.string().nullable(),
    lastTransmissionBuild: z.string().nullable(),
    lastEngineOilChange: z.string().nullable(),
    lastTransmissionOilChange: z.string().nullable(),
    lastDifferentialOilChange: z.string().nullable(),
    lastClutchChange: z.string().nullable(),
    wheelbaseMm: z.number().nullable(),
    motionRatio: z.object({ front: z.number().nullable(), rear: z.number().nullable() }),
    unsprungKg: z.object({ fl: z.number().nullable(), fr: z.number().nullable(), rl: z.number().nullable(), rr: z.number().nullable() }),
    /** Fuel tank capacity, litres; null when not given. */
    tankLitres: z.number().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Car' });
export type Car = z.infer<typeof Car>;
