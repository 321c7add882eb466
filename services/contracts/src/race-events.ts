import { z } from 'zod';
import { optionalText, trimText } from './common.ts';
import { checkedDate } from './dates.ts';
import { isAllowedImageUrl } from './image-url.ts';
import { parseTrackLengthKm } from './track-length.ts';

/**
 * Race events (docs/product.md, 'Race events', 'Data model'). In code "race event"
 * is used where "event" could mean a domain event; the API keeps the spec's paths and field
 * names (`/events`, `eventId`).
 */

/** An image URL: one answered by POST /api/upload ('/api/images/…') or an absolute https: URL (isAllowedImageUrl). */
export const imageUrl = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .refine(isAllowedImageUrl, 'must be an uploaded image path (/api/images/…) or an https: URL');

/** An optional image URL; null and absent both mean none. */
export const optionalImageUrl = imageUrl.nullish().transform((v) => v ?? null);

/**
 * A race event date: 'YYYY-MM-DD' or an ISO timestamp that exists on the calendar ('2026-02-30' is
 * refused, not read as March 2), from 1950-01-01 to the end of next year + 10; answered as an ISO timestamp.
 */
const raceEventDate = z
  .string({ error: 'Event date is required' })
  .min(1, 'Event date is required')
  .pipe(checkedDate('date-or-time', { label: 'Event date' }));

/** The most days a race event spans (a test week, a 24-hour race week). */
export const MAX_RACE_EVENT_DAYS = 14;

/** The fields of a new race event (docs/product.md, 'Validation'); `endsOn` ('YYYY-MM-DD', optional) the last day of a race event over several days. */
export const NewRaceEventFields = z.object({
  carId: z.number().int().optional(),
  name: z.string().overwrite(trimText).min(2, 'Event name must be at least 2 characters').max(120, 'Event name must be at most 120 characters'),
  location: z.string().overwrite(trimText).min(2, 'Location must be at least 2 characters').max(120, 'Location must be at most 120 characters'),
  date: raceEventDate,
  endsOn: checkedDate('date', { label: 'End date' }).nullish(),
  trackLength: optionalText(50),
  weather: optionalText(100),
  notes: optionalText(4000),
  profileImageUrl: optionalImageUrl,
  timetableImageUrl: optionalImageUrl,
});

/** POST /api/cars/{carId}/events: NewRaceEventFields, the last day not before the first and at most MAX_RACE_EVENT_DAYS days. */
export const NewRaceEventBody = NewRaceEventFields.superRefine((b, ctx) => {
  if (b.endsOn === undefined || b.endsOn === null) return;
  const days = (Date.parse(b.endsOn) - Date.parse(b.date.slice(0, 10))) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date must not be before the event date' });
  else if (days > MAX_RACE_EVENT_DAYS) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: `A race event spans at most ${MAX_RACE_EVENT_DAYS} days` });
});
export type NewRaceEventBody = z.input<typeof NewRaceEventBody>;

/** A final drive ratio: required, and must parse as a number (docs/product.md, 'Validation'). */
export const finalDriveRatio = z
  .string({ error: 'Final drive ratio is required' })
  .overwrite(trimText)
  .min(1, 'Final drive ratio is required')
  .max(20, 'Final drive ratio must be a valid number')
  .refine((v) => /^[+]?(\d+\.?\d*|\.\d+)$/.test(v) && Number(v) > 0, 'Final drive ratio must be a valid number');

/** Final drive form (full-page form of the race event). */
export const FinalDriveBody = z.object({ finalDriveRatio, finalDriveNotes: optionalText(2000) });
export type FinalDriveBody = z.input<typeof FinalDriveBody>;

/**
 * PATCH /api/cars/{carId}/events/{eventId}: the final drive (ratio + optional notes) and/or the
 * race event's images (profile, timetable; null removes one), as docs/product.md, 'API' has it. At least one of
 * finalDriveRatio, profileImageUrl, timetableImageUrl must be sent.
 */
export const PatchRaceEventBody = z
  .object({
    finalDriveRatio: finalDriveRatio.optional(),
    finalDriveNotes: optionalText(2000).optional(),
    profileImageUrl: optionalImageUrl.optional(),
    timetableImageUrl: optionalImageUrl.optional(),
    trackLength: optionalText(50)
      .refine((v) => v === null || parseTrackLengthKm(v) !== null, "Track length must be a distance such as '3.2 km', '2.43 mi' or '4574 m'")
      .optional(),
  })
  .strict()
  .refine((v) => v.finalDriveRatio !== undefined || v.profileImageUrl !== undefined || v.timetableImageUrl !== undefined || v.trackLength !== undefined, {
    message: 'send finalDriveRatio, profileImageUrl, timetableImageUrl or trackLength',
  })
  .refine((v) => v.finalDriveNotes === undefined || v.finalDriveRatio !== undefined, { message: 'Final drive ratio is required', path: ['finalDriveRatio'] });
export type PatchRaceEventBody = z.input<typeof PatchRaceEventBody>;

/**
 * A race event as answered. `date` and `createdAt` are ISO timestamps; `endsOn` its last day
 * ('YYYY-MM-DD', null: one day); `trackLengthKm` the track length read as km (null when it cannot be
 * read); `round` the series round it races (null: the team's own), its timetable at GET …/round.
 */
export const RaceEvent = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    name: z.string(),
    location: z.string(),
    date: z.string(),
    endsOn: z.string().nullable(),
    trackLength: z.string().nullable(),
    trackLengthKm: z.number().nullable(),
    weather: z.string().nullable(),
    notes: z.string().nullable(),
    finalDriveRatio: z.string().nullable(),
    finalDriveNotes: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    timetableImageUrl: z.string().nullable(),
    round: z.object({ seriesId: z.number().int(), roundId: z.number().int(), entryId: z.number().int() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RaceEvent' });
export type RaceEvent = z.infer<typeof RaceEvent>;
