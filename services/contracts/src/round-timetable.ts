import { z } from 'zod';
import { bodyId, trimText } from './common.ts';
import { checkedDate } from './dates.ts';
import { Bop } from './series-bop.ts';
import { SessionType } from './sessions.ts';

/**
 * A series round's timetable: the organiser's sessions over the round's days (FP1, FP2, Qualifying,
 * Race), delivered to every entered car as its race event's run sheets at their times.
 */

/** The longest session a timetable holds, in minutes (a 24-hour race plus its formation lap). */
export const MAX_TIMETABLE_SESSION_MINUTES = 25 * 60;

/**
 * One session of PUT …/timetable: `id` keeps a session already published (its time, name or type may
 * change and every team's run sheet follows); without one it is a new session. `startsAt` ISO
 * timestamp with its offset, on a day of the round; `durationMinutes` 1 … 1500.
 */
export const TimetableSessionInput = z.object({
  id: bodyId('id must be a timetable session id').optional(),
  name: z.string({ error: 'Session name is required' }).overwrite(trimText).min(1, 'Session name is required').max(60, 'Session name must be at most 60 characters'),
  type: SessionType,
  startsAt: checkedDate('date-time', { label: 'startsAt' }),
  durationMinutes: z
    .number({ error: `durationMinutes must be a whole number of minutes from 1 to ${MAX_TIMETABLE_SESSION_MINUTES}` })
    .int(`durationMinutes must be a whole number of minutes from 1 to ${MAX_TIMETABLE_SESSION_MINUTES}`)
    .min(1, `durationMinutes must be a whole number of minutes from 1 to ${MAX_TIMETABLE_SESSION_MINUTES}`)
    .max(MAX_TIMETABLE_SESSION_MINUTES, `durationMinutes must be a whole number of minutes from 1 to ${MAX_TIMETABLE_SESSION_MINUTES}`),
});
export type TimetableSessionInput = z.input<typeof TimetableSessionInput>;

/** PUT /api/series/{seriesId}/rounds/{roundId}/timetable (organiser): the complete timetable, 0–40 sessions, each id once, names unique. */
export const PutTimetableBody = z.object({
  sessions: z
    .array(TimetableSessionInput, { error: 'sessions must be a list of sessions' })
    .max(40, 'At most 40 sessions')
    .superRefine((sessions, ctx) => {
      const ids = new Set<number>();
      const names = new Set<string>();
      sessions.forEach((s, i) => {
        if (s.id !== undefined && ids.has(s.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Session ${s.id} appears twice` });
        if (s.id !== undefined) ids.add(s.id);
        const key = s.name.toLowerCase();
        if (names.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Session name '${s.name}' appears twice` });
        names.add(key);
      });
    }),
});
export type PutTimetableBody = z.input<typeof PutTimetableBody>;

/** A published timetable session: id, name, type, start (ISO) and length in minutes. */
export const TimetableSession = z
  .object({ id: z.number().int(), name: z.string(), type: SessionType, startsAt: z.string(), durationMinutes: z.number().int() })
  .meta({ id: 'TimetableSession' });
export type TimetableSession = z.infer<typeof TimetableSession>;

/**
 * One change of a timetable against the one published before: a session added, removed, moved (its
 * start), lengthened or shortened, renamed or retyped. `from`/`to`: the start (ISO) for 'moved', the
 * minutes for 'resized', the name for 'renamed', the type for 'retyped'; null where not used.
 */
export const TimetableChange = z
  .object({
    kind: z.enum(['added', 'removed', 'moved', 'resized', 'renamed', 'retyped']),
    sessionId: z.number().int(),
    name: z.string(),
    from: z.union([z.string(), z.number()]).nullable(),
    to: z.union([z.string(), z.number()]).nullable(),
  })
  .meta({ id: 'TimetableChange' });
export type TimetableChange = z.infer<typeof TimetableChange>;

/** A publication of the timetable: when (ISO) and what changed against the one before (the first: every session 'added'). */
export const TimetableRevision = z.object({ publishedAt: z.string(), changes: z.array(TimetableChange) }).meta({ id: 'TimetableRevision' });
export type TimetableRevision = z.infer<typeof TimetableRevision>;

/** A round's timetable as answered: the round's days ('YYYY-MM-DD'), its sessions by start, its publications newest first. */
export const RoundTimetable = z
  .object({
    seriesId: z.number().int(),
    roundId: z.number().int(),
    startsOn: z.string(),
    endsOn: z.string(),
    sessions: z.array(TimetableSession),
    revisions: z.array(TimetableRevision),
  })
  .meta({ id: 'RoundTimetable' });
export type RoundTimetable = z.infer<typeof RoundTimetable>;

/**
 * The changes from timetable `before` to `after` (sessions matched by id), in the order of `after`
 * with the removed ones last. Pure; used by the series aggregate when a timetable is published.
 */
export function timetableChanges(before: readonly TimetableSession[], after: readonly TimetableSession[]): TimetableChange[] {
  const old = new Map(before.map((s) => [s.id, s]));
  const changes: TimetableChange[] = [];
  for (const s of after) {
    const was = old.get(s.id);
    if (!was) {
      changes.push({ kind: 'added', sessionId: s.id, name: s.name, from: null, to: s.startsAt });
      continue;
    }
    if (was.name !== s.name) changes.push({ kind: 'renamed', sessionId: s.id, name: s.name, from: was.name, to: s.name });
    if (was.type !== s.type) changes.push({ kind: 'retyped', sessionId: s.id, name: s.name, from: was.type, to: s.type });
    if (Date.parse(was.startsAt) !== Date.parse(s.startsAt)) changes.push({ kind: 'moved', sessionId: s.id, name: s.name, from: was.startsAt, to: s.startsAt });
    if (was.durationMinutes !== s.durationMinutes) changes.push({ kind: 'resized', sessionId: s.id, name: s.name, from: was.durationMinutes, to: s.durationMinutes });
  }
  const kept = new Set(after.map((s) => s.id));
  for (const s of before) if (!kept.has(s.id)) changes.push({ kind: 'removed', sessionId: s.id, name: s.name, from: s.startsAt, to: null });
  return changes;
}

/**
 * The series round a race event races, as its team reads it (GET /api/cars/{carId}/events/{eventId}/round):
 * series and round names, the car's entry number and class, the round's timetable with what changed
 * at each publication, the car's BoP at the round (null: none set) and where the race event's setup
 * falls short of it (`bopWarnings`: setup sheet ballast below the BoP ballast, corner-weight total
 * below the minimum weight; see bopWarnings).
 */
export const RaceEventRound = z
  .object({
    seriesId: z.number().int(),
    seriesName: z.string(),
    roundId: z.number().int(),
    roundName: z.string(),
    entryId: z.number().int(),
    number: z.string(),
    class: z.string(),
    timetable: RoundTimetable,
    bop: Bop.nullable(),
    bopWarnings: z.array(z.object({ kind: z.enum(['ballast', 'minWeight']), message: z.string() })),
  })
  .meta({ id: 'RaceEventRound' });
export type RaceEventRound = z.infer<typeof RaceEventRound>;
