import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AssignableRole, CarClass, ChecklistPriority, LapKind, MAINTENANCE_ITEMS, PartCategory, SETUP_SHEET_FIELDS, setupSheetFieldKind, TireSetCondition, type MaintenanceItem } from '@pitwall/contracts';

/**
 * The season file format (data/demo-season.json): what a team would enter through the /api, grouped
 * by car. Objects are strict, so a misspelled key fails with its path instead of being dropped.
 * Values stay as written (text with units, '' for blank); the server is the one that validates
 * business rules, and its message is reported if it refuses a value.
 */

const text = z.string();
const optionalText = z.string().nullish();
/** 'YYYY-MM-DD' or a full ISO timestamp. */
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be an ISO date (YYYY-MM-DD)' });

/** The team setup payload of POST /api/auth/setup-team (docs/product.md, 'Data model'). */
const SeasonSetup = z.strictObject({
  teamName: text,
  ownerName: text,
  email: text,
  username: text,
  password: text,
});

/** A member as the add-member form takes it (POST /api/teams/{teamId}/members). */
const SeasonMember = z.strictObject({
  username: text,
  password: text,
  firstName: text,
  lastName: optionalText,
  role: AssignableRole.default('member'),
  memberColor: text.optional(),
});

/** The add-car fields (POST /api/cars). */
const SeasonCarBasics = z.strictObject({
  name: text,
  makeModel: text,
  year: z.number().int(),
  engine: optionalText,
  transmission: optionalText,
  weight: optionalText,
  power: optionalText,
  color: text.optional(),
  carClass: CarClass.optional(),
});

/** One gear ratio row: ratio as text ('5.087'), speed at max rpm in kph as text. */
const SeasonGearRatio = z.strictObject({ name: text, ratio: text, speedAtMaxRpm: optionalText, notes: optionalText });

const suspensionKeys = ['front', 'rear'].flatMap((side) => ['RideHeight', 'SpringRate', 'DamperSetting', 'Camber', 'Toe', 'AntiRollBar'].map((k) => `${side}${k}`));

/** Suspension & alignment: the twelve front/rear settings and notes, all optional text ('120mm', '78 N/mm'). */
const SeasonSuspension = z.strictObject(Object.fromEntries([...suspensionKeys, 'notes'].map((k) => [k, optionalText])) as Record<string, typeof optionalText>);

/** Tire pressures: rows of a condition and four corner pressures (text with unit, 'psi' or 'bar'), and one shared note. */
const SeasonTirePressures = z.strictObject({
  items: z.array(z.strictObject({ condition: text, frontLeft: text, frontRight: text, rearLeft: text, rearRight: text, notes: optionalText })),
  notes: optionalText,
});

/** Target hot tire pressures in psi: per axle, optionally per corner (PUT /api/cars/{carId}/tire-pressure-targets). */
const SeasonTirePressureTargets = z.strictObject({
  front: z.number().nullable(),
  rear: z.number().nullable(),
  fl: z.number().nullish(),
  fr: z.number().nullish(),
  rl: z.number().nullish(),
  rr: z.number().nullish(),
});

/**
 * Strict objects nesting `paths` by their dots ('corners.fl.camberDeg' → corners: { fl: { camberDeg } }),
 * each leaf `leaf(path)` and each group optional. Answers the object's shape.
 */
function nestedShape(paths: readonly string[], leaf: (path: string) => z.ZodType, prefix = ''): z.ZodRawShape {
  const heads = [...new Set(paths.map((p) => p.split('.')[0]!))];
  return Object.fromEntries(
    heads.map((head) => {
      const below = paths.filter((p) => p.startsWith(`${head}.`)).map((p) => p.slice(head.length + 1));
      return [head, below.length === 0 ? leaf(`${prefix}${head}`) : z.strictObject(nestedShape(below, leaf, `${prefix}${head}.`)).optional()];
    }),
  );
}

/**
 * A setup sheet in the API's nested shape (PUT /api/cars/{carId}/setup-sheet, …/events/{eventId}/setup-sheet):
 * any of the fields of the sheet's field list (@pitwall/contracts SETUP_SHEET_FIELDS), numbers in
 * the sheet's units (degrees, mm, N/mm, Nm, kg, % to the front, clicks from closed), text as
 * written; a field or group left out is not recorded (a race event's: the car's, inherited). The
 * ranges are the server's to check; a misspelt key fails here with its path.
 */
export const SeasonSetupSheet = z.strictObject(nestedShape(SETUP_SHEET_FIELDS, (path) => (setupSheetFieldKind(path as (typeof SETUP_SHEET_FIELDS)[number]) === 'number' ? z.number() : text).nullish()));
export type SeasonSetupSheet = z.output<typeof SeasonSetupSheet>;

/** Maintenance dates by car field (lastEngineBuild, …); a missing field is not recorded, null clears it. */
const SeasonMaintenance = z.strictObject(
  Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, isoDate.nullable().optional()])) as Record<MaintenanceItem, z.ZodOptional<z.ZodNullable<typeof isoDate>>>,
);

/** A checklist item (POST /api/cars/{carId}/checklist). */
const SeasonChecklistItem = z.strictObject({ title: text, description: optionalText, priority: ChecklistPriority.default('medium') });

/** An issue, tool or part need of a race event (POST /api/cars/{carId}/issues); values as in docs/product.md, 'Constants and limits'. */
const SeasonIssue = z.strictObject({
  title: text,
  description: text,
  type: z.enum(['issue', 'tool', 'part', 'note']).default('issue'),
  priority: z.enum(['high', 'medium', 'low', 'future']).default('medium'),
  status: z.enum(['open', 'in-progress', 'resolved']).default('open'),
});

/** Four corner pressures in psi; cold ones carry the temperature (°C) when they were set. */
const corners = { fl: z.number(), fr: z.number(), rl: z.number(), rr: z.number() };

/**
 * A session (run sheet) of a race event as the Sessions tab takes it: the details (POST), its laps
 * (PUT …/laps, API shape) and tire pressures (PUT …/tire-pressures). `driver` is a member's
 * username. `setupBefore.suspension`: the race event's own suspension values set just before the
 * session is added (PUT /api/cars/{carId}/suspension?eventId=), so 'Changes since' has something to show.
 */
export const SeasonSession = z.strictObject({
  name: text,
  type: z.enum(['test', 'practice', 'qualifying', 'race']),
  startedAt: z.iso.datetime({ offset: true }),
  driver: optionalText,
  airTempC: z.number().nullish(),
  trackTempC: z.number().nullish(),
  weather: optionalText,
  tireSet: optionalText,
  /** The name of one of the car's tire sets (`tireSets` of the car) it ran on. */
  tireSetName: optionalText,
  fuelLitres: z.number().nullish(),
  notes: optionalText,
  feedbackTags: z.array(text).default([]),
  feedbackText: optionalText,
  setupBefore: z.strictObject({ suspension: z.record(z.string(), text) }).optional(),
  tirePressures: z.strictObject({ cold: z.strictObject({ ...corners, tempC: z.number() }).nullable(), hot: z.strictObject(corners).nullable() }).nullable().default(null),
  laps: z.array(z.strictObject({ time: text, kind: LapKind })).default([]),
});
export type SeasonSession = z.output<typeof SeasonSession>;

/**
 * A race event with its optional final drive (PATCH after creation), its own setup sheet (what it
 * changes from the car's, set before its sessions), its sessions and its issues.
 */
const SeasonRaceEvent = z.strictObject({
  name: text,
  location: text,
  date: isoDate,
  trackLength: optionalText,
  weather: optionalText,
  notes: optionalText,
  finalDriveRatio: optionalText,
  finalDriveNotes: optionalText,
  setupSheet: SeasonSetupSheet.optional(),
  sessions: z.array(SeasonSession).default([]),
  issues: z.array(SeasonIssue).default([]),
});

/**
 * A lifed part fitted to the car (POST /api/teams/{teamId}/parts with the car): limits in km, hours,
 * laps and/or an expiry date, the usage it had before (km, hours, laps), and since when it is on the
 * car (`fittedAt`, before the sessions that wear it).
 */
const SeasonPart = z.strictObject({
  name: text,
  category: PartCategory,
  partNumber: optionalText,
  serialNumber: optionalText,
  notes: optionalText,
  limits: z.strictObject({ km: z.number().nullish(), hours: z.number().nullish(), laps: z.number().int().nullish(), expiresOn: z.iso.date().nullish() }).default({}),
  usedBefore: z.strictObject({ km: z.number().nullish(), hours: z.number().nullish(), laps: z.number().int().nullish() }).default({}),
  fittedAt: z.iso.datetime({ offset: true }),
});

/** Depths measured on a tire set at `measuredAt`: 1 to 4 points per corner, mm (POST …/tire-sets/{setId}/tread). */
const depths = z.array(z.number());
const SeasonTreadMeasurement = z.strictObject({ measuredAt: z.iso.datetime({ offset: true }), fl: depths, fr: depths, rl: depths, rr: depths });

/**
 * A tire set of the car (POST /api/teams/{teamId}/tire-sets; `inStore`: in the team's store, not on
 * the car), made before the race events so their sessions can name it (`tireSetName`), and its tread
 * measurements. A set bought scrubbed or used carries what it ran before (`earlierHeatCycles`,
 * `earlierLaps`, whole numbers; absent = 0).
 */
const SeasonTireSet = z.strictObject({
  name: text,
  manufacturer: optionalText,
  compound: optionalText,
  size: optionalText,
  dotCodes: z.strictObject({ fl: optionalText, fr: optionalText, rl: optionalText, rr: optionalText }).optional(),
  condition: TireSetCondition.optional(),
  earlierHeatCycles: z.number().int().nullish(),
  earlierLaps: z.number().int().nullish(),
  treadNewMm: z.number().nullish(),
  treadMinimumMm: z.number().nullish(),
  inStore: z.boolean().default(false),
  notes: optionalText,
  treadMeasurements: z.array(SeasonTreadMeasurement).default([]),
});

/** One car and everything recorded for it. */
export const SeasonCar = z.strictObject({
  car: SeasonCarBasics,
  gearRatios: z.array(SeasonGearRatio).default([]),
  suspension: SeasonSuspension.nullable().default(null),
  tirePressures: SeasonTirePressures.nullable().default(null),
  tirePressureTargets: SeasonTirePressureTargets.nullable().default(null),
  /** The car's (baseline) setup sheet. */
  setupSheet: SeasonSetupSheet.optional(),
  maintenance: SeasonMaintenance.default({}),
  checklist: z.array(SeasonChecklistItem).default([]),
  events: z.array(SeasonRaceEvent).default([]),
  parts: z.array(SeasonPart).default([]),
  tireSets: z.array(SeasonTireSet).default([]),
});

/**
 * A car's entry in a series: the car by its name in the season file, a class of the series, its
 * number as text (`"007"`), or a whole number as earlier season files wrote it.
 */
const SeasonSeriesEntry = z.strictObject({ car: text, class: text, number: z.union([z.string(), z.number().int()]).transform(String) });
/**
 * A series the team races in: its organiser's account (set up like a team, or signed in
 * when the username exists), the series, its rounds and scrutineering checklist, and the team's
 * entries, made with a join code the organiser makes.
 */
export const SeasonSeries = z.strictObject({
  organiser: SeasonSetup,
  name: text,
  season: text,
  classes: z.array(text),
  rounds: z.array(z.strictObject({ name: text, location: text, date: isoDate })).default([]),
  scrutineeringItems: z.array(text).default([]),
  entries: z.array(SeasonSeriesEntry).default([]),
});

/** The whole season file. `about` is free text for people reading the file. */
export const SeasonFile = z.strictObject({
  about: z.string().optional(),
  setup: SeasonSetup,
  members: z.array(SeasonMember).default([]),
  cars: z.array(SeasonCar).default([]),
  series: z.array(SeasonSeries).default([]),
});
export type SeasonSeries = z.output<typeof SeasonSeries>;
export type SeasonFile = z.output<typeof SeasonFile>;
export type SeasonCar = z.output<typeof SeasonCar>;

/** A season file that cannot be read or does not match the format; the message names each bad field path. */
export class SeasonFileError extends Error {
  override name = 'SeasonFileError';
}

/** 'cars[2].car.year' from zod's path ['cars', 2, 'car', 'year']. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '') || '(top level)';
}

/**
 * Validates parsed JSON against the season format.
 * @throws SeasonFileError listing every problem as `path: message` (e.g. `cars[0].car.year: expected number`).
 */
export function parseSeason(json: unknown, source = 'season file'): SeasonFile {
  const result = SeasonFile.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${formatPath(i.path)}: ${i.message}`);
    throw new SeasonFileError(`${source} does not match the season format:\n${problems.join('\n')}`);
  }
  return result.data;
}

/**
 * Reads and validates a season file from disk.
 * @throws SeasonFileError when the file is missing, is not JSON, or does not match the format.
 */
export async function loadSeasonFile(filePath: string): Promise<SeasonFile> {
  let raw: string;
  try {
    raw = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new SeasonFileError(`Cannot read ${filePath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new SeasonFileError(`${filePath} is not valid JSON: ${(error as Error).message}`);
  }
  return parseSeason(json, filePath);
}
