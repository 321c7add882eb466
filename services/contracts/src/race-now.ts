import { z } from 'zod';
import { wholeNumberText } from './common.ts';
import { checkedDate } from './dates.ts';
import { PlanWarning } from './endurance.ts';
import { MAX_LAPS } from './values/sessions.ts';

/**
 * Race now (GET …/sessions/{sessionId}/race-now): the race running at the instant asked, for the pit
 * wall. The schemas here; the arithmetic in ./values/race-now.ts (raceNow, its rules in the module's
 * docstring), the ONE implementation the server answers and the run sheet's panel computes offline.
 */

/**
 * GET …/race-now's query: the pit wall's lap count, optional — `lapCorrection` laps completed
 * (0 … MAX_LAPS) counted at `correctedAt` (ISO 8601 date-time with offset); both or neither.
 */
export const RaceNowQuery = z
  .object({
    lapCorrection: wholeNumberText(`lapCorrection must be the laps completed, a whole number from 0 to ${MAX_LAPS}`, 0, MAX_LAPS).optional(),
    correctedAt: checkedDate('date-time', { label: 'correctedAt' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.lapCorrection !== undefined && q.correctedAt === undefined) ctx.addIssue({ code: 'custom', path: ['correctedAt'], message: 'correctedAt is required with lapCorrection: when the laps were counted (ISO date-time)' });
    if (q.correctedAt !== undefined && q.lapCorrection === undefined) ctx.addIssue({ code: 'custom', path: ['lapCorrection'], message: 'lapCorrection is required with correctedAt: the laps completed then' });
  });
export type RaceNowQuery = z.input<typeof RaceNowQuery>;

/** A driver's time now: minutes on track, minutes still missing to the minimum (0: reached) and left to the maximum (negative: over by); null without the rule. */
export const RaceNowDriver = z
  .object({ driverMemberId: z.number().int(), minutes: z.number(), minutesToMinimum: z.number().nullable(), minutesToMaximum: z.number().nullable() })
  .meta({ id: 'RaceNowDriver' });

/**
 * The race at instant `at` (ISO): `estimatedLap` = laps completed (the car is on the next one);
 * the running stint (driver, first lap, minutes so far; null while no stint is logged and the
 * session names no driver); the fuel left (L) and the next stop's window (the laps to come in at
 * the end of, first to last; null when the fuel lasts to the flag), both null without the plan's
 * fuel per lap and tank; each driver's minutes against the rules; warnings as sentences (a
 * driver's begins after their name).
 */
export const RaceNow = z
  .object({
    at: z.string(),
    estimatedLap: z.number().int(),
    stint: z.object({ driverMemberId: z.number().int(), fromLap: z.number().int(), minutes: z.number() }).nullable(),
    fuelRemainingLitres: z.number().nullable(),
    nextStop: z.object({ fromLap: z.number().int(), toLap: z.number().int() }).nullable(),
    drivers: z.array(RaceNowDriver),
    warnings: z.array(PlanWarning),
  })
  .meta({ id: 'RaceNow' });
export type RaceNow = z.infer<typeof RaceNow>;
