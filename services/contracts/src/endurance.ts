import { z } from 'zod';
import { bodyId, optionalText } from './common.ts';
import { MAX_PIT_STOP_MS, STINT_SPLITS } from './values/endurance-constants.ts';

/**
 * Endurance racing: the stints of a session (who drove which laps, what was added at each stop),
 * each driver's time against the race event's driving-time rules, fuel per lap as run, and the
 * race plan (laps, laps per stint, stops, fuel): the schemas here; the pure functions in
 * ./values/endurance.ts (the package entry re-exports them), the ONE implementation used by the domain (what is stored),
 * the server (what is answered) and the web (what a screen shows while offline). Units: litres (L),
 * milliseconds (ms), minutes, percent.
 */

/** Stints a session may hold (a 24-hour race with a stop every 40 minutes needs 36). */
export const MAX_STINTS = 100;
/** The longest minimum stop time a race plan takes: 60 minutes, in ms (a series' rule). */
export const MAX_MIN_STOP_MS = 60 * 60_000;

/**
 * One stint as stored and answered: the driver (a team member id), the laps driven (1-based, both
 * ends included, `fromLap` ≤ `toLap`), the fuel added at the stop that began it (L, 0 for the
 * start; null = not recorded, as for a stint taken from a timing export), how long that stop took (ms, 0 for the start), the team's tire set fitted at it (null =
 * none tracked or not changed) and notes.
 */
export const Stint = z.object({
  driverMemberId: bodyId('driverMemberId must be a team member id'),
  fromLap: z.number({ error: 'fromLap must be a lap number' }).int('fromLap must be a lap number').min(1, 'fromLap must be 1 or more'),
  toLap: z.number({ error: 'toLap must be a lap number' }).int('toLap must be a lap number').min(1, 'toLap must be 1 or more'),
  fuelAddedLitres: z.number({ error: 'fuelAddedLitres must be a number from 0 to 500 litres, or null when not recorded' }).min(0, 'fuelAddedLitres must be from 0 to 500 litres').max(500, 'fuelAddedLitres must be from 0 to 500 litres').nullable(),
  pitStopMs: z.number({ error: 'pitStopMs must be whole ms' }).int('pitStopMs must be whole ms').min(0, 'pitStopMs must be 0 or more').max(MAX_PIT_STOP_MS, 'pitStopMs must be at most 24 hours'),
  tireSetId: bodyId('tireSetId must be a tire set id').nullish().transform((v) => v ?? null),
  notes: optionalText(1000),
});
export type StintValue = z.output<typeof Stint>;

/** A stint as answered (the stored values, in lap order). */
export const StintAnswer = z
  .object({
    driverMemberId: z.number().int(),
    fromLap: z.number().int(),
    toLap: z.number().int(),
    fuelAddedLitres: z.number().nullable(),
    pitStopMs: z.number().int(),
    tireSetId: z.number().int().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Stint' });

/** PUT …/sessions/{sessionId}/stints: the whole list of stints (any order; answered in lap order). */
export const PutStintsBody = z.object({
  stints: z.array(Stint).max(MAX_STINTS, `stints: a session holds at most ${MAX_STINTS} stints`),
});
export type PutStintsBody = z.input<typeof PutStintsBody>;

/** PUT …/sessions/{sessionId}/fuel-at-end: the fuel in the tank after the session (L); null = not measured. */
export const PutFuelAtEndBody = z.object({
  fuelAtEndLitres: z
    .number({ error: 'fuelAtEndLitres must be a number from 0 to 500 litres' })
    .min(0, 'fuelAtEndLitres must be from 0 to 500 litres')
    .max(500, 'fuelAtEndLitres must be from 0 to 500 litres')
    .nullable(),
});
export type PutFuelAtEndBody = z.input<typeof PutFuelAtEndBody>;

/** One driver's time: ms on track (the sum of the lap times of their stints' laps) and laps driven. */
export const DriverTime = z.object({ driverMemberId: z.number().int(), ms: z.number().int(), laps: z.number().int() }).meta({ id: 'DriverTime' });
export type DriverTime = z.infer<typeof DriverTime>;

/** A race event's driving-time rules, minutes; null = no such rule. */
export const DrivingRules = z.object({
  minDriverMinutes: z.number({ error: 'minDriverMinutes must be minutes' }).min(0, 'minDriverMinutes must be 0 or more').max(2880, 'minDriverMinutes must be at most 2880').nullish().transform((v) => v ?? null),
  maxDriverMinutes: z.number({ error: 'maxDriverMinutes must be minutes' }).min(1, 'maxDriverMinutes must be 1 or more').max(2880, 'maxDriverMinutes must be at most 2880').nullish().transform((v) => v ?? null),
  maxStintMinutes: z.number({ error: 'maxStintMinutes must be minutes' }).min(1, 'maxStintMinutes must be 1 or more').max(2880, 'maxStintMinutes must be at most 2880').nullish().transform((v) => v ?? null),
});
export type DrivingRules = z.output<typeof DrivingRules>;

/** A broken rule or a missing input, as a sentence for the pit box; `driverMemberId` when it concerns one driver. */
export const PlanWarning = z.object({ driverMemberId: z.number().int().optional(), message: z.string() }).meta({ id: 'PlanWarning' });
export type PlanWarning = z.infer<typeof PlanWarning>;

/** The fields of a race plan's inputs (RacePlanInput); null = not known. */
const racePlanFields = {
  raceMinutes: z.number({ error: 'raceMinutes must be minutes' }).min(1, 'raceMinutes must be from 1 to 2880').max(2880, 'raceMinutes must be from 1 to 2880').nullish().transform((v) => v ?? null),
  raceLaps: z.number({ error: 'raceLaps must be a number of laps' }).int('raceLaps must be a whole number of laps').min(1, 'raceLaps must be from 1 to 5000').max(5000, 'raceLaps must be from 1 to 5000').nullish().transform((v) => v ?? null),
  lapTimeMs: z.number({ error: 'lapTimeMs must be whole ms' }).int('lapTimeMs must be whole ms').min(10_000, 'lapTimeMs must be from 10 s to 30 min').max(30 * 60_000, 'lapTimeMs must be from 10 s to 30 min').nullish().transform((v) => v ?? null),
  fuelPerLapLitres: z.number({ error: 'fuelPerLapLitres must be litres' }).min(0.1, 'fuelPerLapLitres must be from 0.1 to 100 litres').max(100, 'fuelPerLapLitres must be from 0.1 to 100 litres').nullish().transform((v) => v ?? null),
  tankLitres: z.number({ error: 'tankLitres must be litres' }).min(1, 'tankLitres must be from 1 to 500 litres').max(500, 'tankLitres must be from 1 to 500 litres').nullish().transform((v) => v ?? null),
  marginPercent: z.number({ error: 'marginPercent must be a percentage' }).min(0, 'marginPercent must be from 0 to 100').max(100, 'marginPercent must be from 0 to 100'),
  minStopMs: z.number({ error: 'minStopMs must be whole ms' }).int('minStopMs must be whole ms').min(0, 'minStopMs must be 0 or more').max(MAX_MIN_STOP_MS, 'minStopMs must be at most 60 minutes').nullish().transform((v) => v ?? null),
  stintSplit: z.enum(STINT_SPLITS, { error: 'stintSplit must be full-tanks or even' }).default('full-tanks'),
  driverMemberIds: z.array(bodyId('driverMemberIds must be team member ids')).max(20, 'driverMemberIds: at most 20 drivers'),
  rules: DrivingRules,
};

/**
 * The inputs of a race plan (PUT …/race-plan and POST …/race-plan/preview): race length in minutes
 * or laps (laps win), expected lap time (ms), fuel per lap (L), tank capacity (L), reserve margin
 * (%), minimum stop time (ms), how the laps are split into stints ('full-tanks', the default: every
 * stint as long as a tank lasts and the last one short; 'even': the laps spread evenly), the drivers
 * in driving order (each once) and the driving-time rules.
 */
export const RacePlanInput = z
  .object(racePlanFields)
  .refine((p) => new Set(p.driverMemberIds).size === p.driverMemberIds.length, { message: 'a driver is listed twice', path: ['driverMemberIds'] });
export type RacePlanInput = z.output<typeof RacePlanInput>;
export type RacePlanBody = z.input<typeof RacePlanInput>;

/** A planned stint: its driver (null when no drivers are listed), laps (1-based, inclusive), the fuel it carries (L) and its length (minutes). */
export const PlannedStint = z.object({ driverMemberId: z.number().int().nullable(), fromLap: z.number().int(), toLap: z.number().int(), fuelLitres: z.number(), minutes: z.number() }).meta({ id: 'PlannedStint' });
export type PlannedStint = z.infer<typeof PlannedStint>;

/** The answers of a race plan; null where an input they need is missing (a warning names it). */
export const RacePlanAnswers = z.object({
  laps: z.number().int().nullable(),
  lapsPerStint: z.number().int().nullable(),
  stops: z.number().int().nullable(),
  fuelTotalLitres: z.number().nullable(),
  stints: z.array(PlannedStint),
  warnings: z.array(PlanWarning),
});
export type RacePlanAnswers = z.infer<typeof RacePlanAnswers>;

/** A stint as run, for plan vs actual: its session, driver, laps (1-based in its session), fuel added (L) and minutes on track. */
export const RunStint = z
  .object({ sessionId: z.number().int(), driverMemberId: z.number().int(), fromLap: z.number().int(), toLap: z.number().int(), laps: z.number().int(), fuelAddedLitres: z.number().nullable(), minutes: z.number() })
  .meta({ id: 'RunStint' });
export type RunStint = z.infer<typeof RunStint>;

/** What was run at a race event: its race sessions' stints in order, each driver's time, and the rule warnings of what was run. */
export const RaceAsRun = z.object({ stints: z.array(RunStint), driverTime: z.array(DriverTime), warnings: z.array(PlanWarning) }).meta({ id: 'RaceAsRun' });
export type RaceAsRun = z.infer<typeof RaceAsRun>;

/** What the car's past sessions at this track offer the planner: the expected lap time (ms) and fuel per lap (L); null = nothing to go on. */
export const RacePlanSuggestions = z.object({ lapTimeMs: z.number().int().nullable(), fuelPerLapLitres: z.number().nullable() });
export type RacePlanSuggestions = z.infer<typeof RacePlanSuggestions>;

/**
 * GET/PUT …/race-plan and POST …/race-plan/preview: the plan's inputs (`saved` false: none saved
 * yet, the inputs are DEFAULT_RACE_PLAN_INPUT) and its answers (planRace). The race as run
 * (raceAsRun) and the suggestions (racePlanSuggestions) are computed from the sessions the client
 * already holds, so they stay right offline and the plan's ETag is its race event's alone.
 */
export const RacePlan = RacePlanAnswers.extend({
  saved: z.boolean(),
  raceMinutes: z.number().nullable(),
  raceLaps: z.number().int().nullable(),
  lapTimeMs: z.number().int().nullable(),
  fuelPerLapLitres: z.number().nullable(),
  tankLitres: z.number().nullable(),
  marginPercent: z.number(),
  minStopMs: z.number().int().nullable(),
  stintSplit: z.enum(STINT_SPLITS),
  driverMemberIds: z.array(z.number().int()),
  rules: z.object({ minDriverMinutes: z.number().nullable(), maxDriverMinutes: z.number().nullable(), maxStintMinutes: z.number().nullable() }),
}).meta({ id: 'RacePlan' });
export type RacePlan = z.infer<typeof RacePlan>;

/**
 * A stored race plan's inputs as the planner can use them: a value today's ranges refuse (stored
 * before they were checked, such as fuelPerLapLitres 1e-300 L, which made the plan's stints
 * unbounded) reads as its default (not known; rules: none), so GET …/race-plan answers, with a
 * warning naming the missing input, instead of failing until the plan is saved again.
 */
export function usableRacePlanInput(stored: RacePlanInput): RacePlanInput {
  const usable: Record<string, unknown> = { ...stored };
  for (const [key, field] of Object.entries(racePlanFields)) {
    const read = field.safeParse(usable[key]);
    usable[key] = read.success ? read.data : DEFAULT_RACE_PLAN_INPUT[key as keyof RacePlanInput];
  }
  return usable as RacePlanInput;
}

/** The inputs of a race event without a saved plan: nothing known but a 5 % reserve, no drivers, no rules. */
export const DEFAULT_RACE_PLAN_INPUT: RacePlanInput = {
  raceMinutes: null, raceLaps: null, lapTimeMs: null, fuelPerLapLitres: null, tankLitres: null, marginPercent: 5, minStopMs: null, stintSplit: 'full-tanks', driverMemberIds: [],
  rules: { minDriverMinutes: null, maxDriverMinutes: null, maxStintMinutes: null },
};

