import { z } from 'zod';
import { bodyId, optionalText } from './common.ts';
import { checkedDate } from './dates.ts';
import { MAX_PIT_STOP_MS } from './values/endurance.ts';

export { PIT_STOP_FIELDS, stintsFromPitStops, stintsOfSession, timingFileStops, type PitStopValue, type TimingFileDifference, type TimingFileStops } from './values/pit-stops.ts';

/**
 * Pit stops logged as they happen (docs/product.md, 'Run sheets'): the pit wall writes each stop of
 * a session on race day, with or without the session's laps; the session's stints are derived from
 * them (stintsFromPitStops in ./values/pit-stops.ts). The schemas of POST/PATCH
 * …/sessions/{sessionId}/pit-stops[/{stopId}] and of a stop as answered. Units: laps (1-based),
 * milliseconds (ms), litres (L); `at` an ISO timestamp.
 */

/** The most pit stops a session holds (as many as stints, less the start). */
export const MAX_PIT_STOPS = 99;

const inLap = z.number({ error: 'inLap must be a lap number' }).int('inLap must be a whole lap number').min(1, 'inLap must be 1 or more').max(100_000, 'inLap must be at most 100000');
const stopMs = z.number({ error: 'stopMs must be whole ms' }).int('stopMs must be whole ms').min(0, 'stopMs must be 0 or more').max(MAX_PIT_STOP_MS, 'stopMs must be at most 24 hours');
const fuelAddedLitres = z.number({ error: 'fuelAddedLitres must be a number from 0 to 500 litres' }).min(0, 'fuelAddedLitres must be from 0 to 500 litres').max(500, 'fuelAddedLitres must be from 0 to 500 litres');
const tireSetId = bodyId('tireSetId must be a tire set id');
const driverMemberId = bodyId('driverMemberId must be a team member id');
const at = checkedDate('date-time', { label: 'at' });

/**
 * POST …/sessions/{sessionId}/pit-stops: one stop. `inLap` the lap the car came in on (≥ 1; its out
 * lap, inLap + 1, begins the next stint); optional, null or left out = not recorded: `stopMs` how
 * long the car stood (ms), `fuelAddedLitres` (L), `tireSetId` the team's tire set fitted (none: the
 * tires were not changed), `driverMemberId` the driver going out (none: the same driver stays in),
 * `at` when it happened (ISO), `notes`.
 */
export const PostPitStopBody = z.object({
  inLap,
  stopMs: stopMs.nullish().transform((v) => v ?? null),
  fuelAddedLitres: fuelAddedLitres.nullish().transform((v) => v ?? null),
  tireSetId: tireSetId.nullish().transform((v) => v ?? null),
  driverMemberId: driverMemberId.nullish().transform((v) => v ?? null),
  at: at.nullish().transform((v) => v ?? null),
  notes: optionalText(1000),
});
export type PostPitStopBody = z.input<typeof PostPitStopBody>;

/** PATCH …/pit-stops/{stopId}: the fields given change (null: not recorded any more), the others keep their value. */
export const PatchPitStopBody = z.object({
  inLap: inLap.optional(),
  stopMs: stopMs.nullable().optional(),
  fuelAddedLitres: fuelAddedLitres.nullable().optional(),
  tireSetId: tireSetId.nullable().optional(),
  driverMemberId: driverMemberId.nullable().optional(),
  at: at.nullable().optional(),
  notes: z.string().max(1000, 'must be at most 1000 characters').nullable().optional().transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v)),
});
export type PatchPitStopBody = z.input<typeof PatchPitStopBody>;

/** A logged pit stop as answered on its session (`pitStops`, in lap order); null = not recorded. */
export const PitStopAnswer = z
  .object({
    stopId: z.number().int(),
    inLap: z.number().int(),
    stopMs: z.number().int().nullable(),
    fuelAddedLitres: z.number().nullable(),
    tireSetId: z.number().int().nullable(),
    driverMemberId: z.number().int().nullable(),
    at: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'PitStop' });
export type PitStopAnswer = z.infer<typeof PitStopAnswer>;
