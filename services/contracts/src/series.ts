import { z } from 'zod';
import { Role } from './auth.ts';
import { bodyId, optionalText, trimText } from './common.ts';
import { checkedDate } from './dates.ts';

/**
 * Series: an organiser's championship with rounds, classes and join codes; teams enter
 * with a code and enter cars, each car sharing only its technical passport; the organiser records
 * scrutineering per round and car.
 */

/** A class of a series: free text chosen by the organiser ('GT4', 'Cup'), 1–40 characters. */
const seriesClass = z.string().overwrite(trimText).min(1, 'A class name is required').max(40, 'A class name must be at most 40 characters');

/** POST /api/series: name, season ('2026'), and 1–10 distinct classes. The caller becomes the organiser. */
export const NewSeriesBody = z.object({
  name: z.string().overwrite(trimText).min(2, 'Series name must be at least 2 characters').max(100, 'Series name must be at most 100 characters'),
  season: z.string().overwrite(trimText).min(1, 'Season is required').max(20, 'Season must be at most 20 characters'),
  classes: z
    .array(seriesClass, { error: 'classes must be a list of class names' })
    .min(1, 'At least one class is required')
    .max(10, 'At most 10 classes')
    .refine((cs) => new Set(cs.map((c) => c.toLowerCase())).size === cs.length, 'Each class may be named only once'),
});
export type NewSeriesBody = z.input<typeof NewSeriesBody>;

/** The most days a round spans (a 24-hour race week with test days). */
export const MAX_ROUND_DAYS = 14;

/**
 * POST /api/series/{seriesId}/rounds: a round's name, location, first day `date` and last day
 * `endsOn` ('YYYY-MM-DD'; absent: the same day), at most MAX_ROUND_DAYS days.
 */
export const NewRoundBody = z
  .object({
    name: z.string().overwrite(trimText).min(2, 'Round name must be at least 2 characters').max(120, 'Round name must be at most 120 characters'),
    location: z.string().overwrite(trimText).min(2, 'Location must be at least 2 characters').max(120, 'Location must be at most 120 characters'),
    date: checkedDate('date', { label: 'Date' }),
    endsOn: checkedDate('date', { label: 'End date' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.endsOn === undefined) return;
    const days = (Date.parse(b.endsOn) - Date.parse(b.date)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date must not be before the date' });
    else if (days > MAX_ROUND_DAYS) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `A round spans at most ${MAX_ROUND_DAYS} days` });
  });
export type NewRoundBody = z.input<typeof NewRoundBody>;

/** A round of a series; `date` is its first day and `endsOn` its last, 'YYYY-MM-DD' (the same for a one-day round). */
export const SeriesRound = z.object({ id: z.number().int(), name: z.string(), location: z.string(), date: z.string(), endsOn: z.string() }).meta({ id: 'SeriesRound' });
export type SeriesRound = z.infer<typeof SeriesRound>;

/** One checklist item of the series' scrutineering, e.g. 'Seat FIA label valid'. */
export const ScrutineeringItem = z.object({ id: z.number().int(), title: z.string() }).meta({ id: 'ScrutineeringItem' });
export type ScrutineeringItem = z.infer<typeof ScrutineeringItem>;

/**
 * PUT /api/series/{seriesId}/scrutineering-items (organiser): the complete list in order. An item
 * with an `id` keeps it (its title may change); one without gets a new id; an item left out is
 * removed from future sheets (results already recorded against it stay).
 */
export const PutScrutineeringItemsBody = z.object({
  items: z
    .array(
      z.object({
        id: bodyId().optional(),
        title: z.string().overwrite(trimText).min(2, 'Item title must be at least 2 characters').max(120, 'Item title must be at most 120 characters'),
      }),
    )
    .max(60, 'At most 60 items'),
});
export type PutScrutineeringItemsBody = z.input<typeof PutScrutineeringItemsBody>;

/** How the caller takes part in a series: its organiser, or a member of an entered team. */
export const SeriesRole = z.enum(['organiser', 'entrant']);
export type SeriesRole = z.infer<typeof SeriesRole>;

/** A join code: 8 characters of A–Z and 2–9 without I, O, 0 and 1, answered as 'XXXX-XXXX'; `expiresAt` ISO (30 days). */
export const JoinCode = z.object({ code: z.string(), expiresAt: z.string() }).meta({ id: 'JoinCode' });
export type JoinCode = z.infer<typeof JoinCode>;

/** A team of the caller entered in the series. */
export const EnteredTeam = z.object({ teamId: z.number().int(), teamName: z.string(), myRole: Role });
export type EnteredTeam = z.infer<typeof EnteredTeam>;

/**
 * A series as answered to a participant: `role` is the caller's, `myTeams` the caller's teams that
 * are entered, `joinCodes` only for the organiser (empty for entrants).
 */
export const Series = z
  .object({
    id: z.number().int(),
    name: z.string(),
    season: z.string(),
    classes: z.array(z.string()),
    role: SeriesRole,
    myTeams: z.array(EnteredTeam),
    rounds: z.array(SeriesRound),
    scrutineeringItems: z.array(ScrutineeringItem),
    joinCodes: z.array(JoinCode),
    createdAt: z.string(),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof Series>;

/** POST /api/teams/{teamId}/series (owner or admin): a join code, with or without the dash, any case. */
export const EnterSeriesBody = z.object({
  code: z
    .string({ error: 'Join code is required' })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-HJ-NP-Z2-9]{8}$/, 'Join code must be 8 letters and digits, e.g. K7QX-2M9P')),
});
export type EnterSeriesBody = z.input<typeof EnterSeriesBody>;

/** The entry of a team in a series (answer of POST /api/teams/{teamId}/series). */
export const TeamSeriesEntry = z
  .object({ id: z.number().int(), seriesId: z.number().int(), seriesName: z.string(), teamId: z.number().int(), enteredAt: z.string() })
  .meta({ id: 'TeamSeriesEntry' });
export type TeamSeriesEntry = z.infer<typeof TeamSeriesEntry>;

/**
 * Entry numbers are text, as the entry list and the timing sheet print them: 1 to 3 digits, not
 * all zeros. Leading zeros count, so `"007"` and `"7"` are different numbers.
 */
export const entryNumber = z
  .string({ error: 'Number must be a whole number from 1 to 999' })
  .trim()
  .regex(/^(?!0+$)\d{1,3}$/, 'Number must be a whole number from 1 to 999');

/** POST /api/series/{seriesId}/entries (owner or admin of the car's team): the car, a class of the series, its number. */
export const NewEntryBody = z.object({
  carId: bodyId('carId is required'),
  class: seriesClass,
  number: entryNumber,
});
export type NewEntryBody = z.input<typeof NewEntryBody>;

/**
 * The technical passport a team shares per entered car: exactly these fields of the
 * car's record, read at request time; dates 'YYYY-MM-DD' or null. Nothing else of the car.
 */
export const Passport = z
  .object({
    name: z.string(),
    makeModel: z.string(),
    year: z.number().int(),
    carClass: z.string(),
    color: z.string(),
    engine: z.string().nullable(),
    transmission: z.string().nullable(),
    weight: z.string().nullable(),
    power: z.string().nullable(),
    lastEngineBuild: z.string().nullable(),
    lastTransmissionBuild: z.string().nullable(),
  })
  .meta({ id: 'Passport' });
export type Passport = z.infer<typeof Passport>;

/** A car's entry with its team's name and passport (GET /api/series/{seriesId}/entries). */
export const SeriesEntry = z
  .object({ id: z.number().int(), number: z.string(), class: z.string(), teamName: z.string(), passport: Passport })
  .meta({ id: 'SeriesEntry' });
export type SeriesEntry = z.infer<typeof SeriesEntry>;

/** A scrutineering verdict on one item. */
export const ScrutineeringStatus = z.enum(['pass', 'fail', 'reinspect'], { error: "status must be 'pass', 'fail' or 'reinspect'" });
export type ScrutineeringStatus = z.infer<typeof ScrutineeringStatus>;

/** PUT /api/series/{seriesId}/rounds/{roundId}/scrutineering/{entryId} (organiser): verdicts per item; items not sent keep theirs. */
export const PutScrutineeringBody = z.object({
  results: z
    .array(z.object({ itemId: bodyId(), status: ScrutineeringStatus, notes: optionalText(2000) }))
    .max(60, 'At most 60 results')
    .refine((rs) => new Set(rs.map((r) => r.itemId)).size === rs.length, 'Each item may have only one result'),
});
export type PutScrutineeringBody = z.input<typeof PutScrutineeringBody>;

/** One item's recorded verdict, with who recorded it (display name or username) and when (ISO). */
export const ScrutineeringResult = z.object({
  itemId: z.number().int(),
  title: z.string(),
  status: ScrutineeringStatus,
  notes: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type ScrutineeringResult = z.infer<typeof ScrutineeringResult>;

/**
 * A car's scrutineering sheet for a round. `withdrawn` entries name only number and class
 * (`teamName` and `carName` null); the organiser keeps them as records.
 */
export const ScrutineeringSheet = z
  .object({
    roundId: z.number().int(),
    entryId: z.number().int(),
    number: z.string(),
    class: z.string(),
    withdrawn: z.boolean(),
    teamName: z.string().nullable(),
    carName: z.string().nullable(),
    results: z.array(ScrutineeringResult),
  })
  .meta({ id: 'ScrutineeringSheet' });
export type ScrutineeringSheet = z.infer<typeof ScrutineeringSheet>;
