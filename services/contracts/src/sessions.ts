import { z } from 'zod';
import { SessionTireTemperatures } from './tire-temperatures.ts';
import { bodyId, optionalText, readOnlyBody, trimText } from './common.ts';
import { checkedDate } from './dates.ts';
import { DriverTime, StintAnswer } from './endurance.ts';
import { HistoryEntry } from './history.ts';
import { PitStopAnswer } from './pit-stops.ts';
import { FEEDBACK_TAGS, formatLapTime, LAP_EXPORT_FORMATS, LAP_KINDS, LAP_TIME_MAX_MS, LAP_TIME_MIN_MS, MAX_LAPS, SESSION_TYPES, TIMED_LAP_MAX_MS } from './values/sessions.ts';

export * from './values/sessions.ts';

/**
 * Run sheets: the on-track sessions of a race event (test, practice, qualifying, race),
 * their lap times, tire pressures cold and hot, the driver's feedback and the setup they ran with.
 * The API speaks milliseconds, psi and °C; the lap-time parser (./values/sessions.ts) and the
 * statistics below are the ONE implementation, used by the domain (what is stored) and the web (the paste preview).
 */

export const LapKind = z.enum(LAP_KINDS.map((k) => k.value) as [LapKindValue, ...LapKindValue[]], { error: 'kind must be one of out, timed, in, invalid' });
type LapKindValue = (typeof LAP_KINDS)[number]['value'];
export type LapKind = z.infer<typeof LapKind>;

/** Sector times a lap may hold. */
export const MAX_SECTORS = 6;
/** How far the sum of a lap's sector times may differ from its lap time, in ms (0.01 s). */
export const SECTOR_SUM_TOLERANCE_MS = 10;

/**
 * A stored lap: its time in ms, its kind, its sector times in ms (0 to MAX_SECTORS, in order; [] =
 * none recorded) and the driver's name as the timing export wrote it (null = none named).
 */
export interface LapValue {
  lapTimeMs: number;
  kind: LapKind;
  sectorsMs: number[];
  driverName: string | null;
}

/**
 * Why a lap's sector times cannot be stored with its lap time (their sum is more than 0.01 s off
 * it), as a sentence naming lap `lapNumber` (1-based); null when they can (or there are none).
 */
export function sectorSumProblem(lapNumber: number, lapTimeMs: number, sectorsMs: readonly number[]): string | null {
  if (sectorsMs.length === 0) return null;
  const sum = sectorsMs.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - lapTimeMs) <= SECTOR_SUM_TOLERANCE_MS) return null;
  return `lap ${lapNumber}: its sector times add up to ${formatLapTime(sum)}, not its lap time ${formatLapTime(lapTimeMs)} (they must agree within 0.01 s)`;
}

/** The best sector times of a session and their sum; empty / null without valid laps that have sectors. */
export interface SectorStatistics {
  /** The fastest time of each sector over the valid laps with the most sectors recorded, ms, in sector order. */
  bestSectorsMs: number[];
  /** The sum of bestSectorsMs (the theoretical best lap), ms; null when bestSectorsMs is empty. */
  theoreticalBestMs: number | null;
}

/**
 * Best sectors and the theoretical best lap over every lap that is not invalid: an out lap's last
 * sectors and an in lap's first are raced, and official timing counts them (Al Kamel's
 * `S1_IMPROVEMENT` flags a best S1 on an in lap). Only laps with the most sectors any such lap has
 * are compared, so a lap recorded without its last sector does not make a sector look fast.
 */
export function sectorStatistics(laps: readonly Pick<LapValue, 'kind' | 'sectorsMs'>[]): SectorStatistics {
  const timed = laps.filter((l) => l.kind !== 'invalid' && l.sectorsMs.length > 0);
  const count = Math.max(0, ...timed.map((l) => l.sectorsMs.length));
  const complete = timed.filter((l) => l.sectorsMs.length === count);
  if (complete.length === 0) return { bestSectorsMs: [], theoreticalBestMs: null };
  const bestSectorsMs = Array.from({ length: count }, (_, i) => Math.min(...complete.map((l) => l.sectorsMs[i]!)));
  return { bestSectorsMs, theoreticalBestMs: bestSectorsMs.reduce((a, b) => a + b, 0) };
}

/** A session's lap statistics; null where there is nothing to show. */
export interface LapStatistics {
  /** Fastest timed lap, ms; null without a timed lap. */
  bestLapMs: number | null;
  /** Laps of kind 'timed'. */
  timedLapCount: number;
  /** Mean of the three fastest timed laps, rounded to the ms; null with fewer than three timed laps. */
  averageBestThreeMs: number | null;
}

/** Best lap, timed lap count and the average of the best three; out, in and invalid laps never count. */
export function lapStatistics(laps: readonly Pick<LapValue, 'lapTimeMs' | 'kind'>[]): LapStatistics {
  const timed = laps.filter((l) => l.kind === 'timed').map((l) => l.lapTimeMs).sort((a, b) => a - b);
  const bestThree = timed.slice(0, 3);
  return {
    bestLapMs: timed[0] ?? null,
    timedLapCount: timed.length,
    averageBestThreeMs: bestThree.length === 3 ? Math.round((bestThree[0]! + bestThree[1]! + bestThree[2]!) / 3) : null,
  };
}

export const SessionType = z.enum(SESSION_TYPES.map((t) => t.value) as [SessionTypeValue, ...SessionTypeValue[]], { error: 'type must be one of test, practice, qualifying, race' });
type SessionTypeValue = (typeof SESSION_TYPES)[number]['value'];
export type SessionType = z.infer<typeof SessionType>;

export const FeedbackTag = z.enum(FEEDBACK_TAGS.map((t) => t.value) as [FeedbackTagValue, ...FeedbackTagValue[]], {
  error: `feedbackTags must be among ${FEEDBACK_TAGS.map((t) => t.value).join(', ')}`,
});
type FeedbackTagValue = (typeof FEEDBACK_TAGS)[number]['value'];
export type FeedbackTag = z.infer<typeof FeedbackTag>;

/** A number in [min, max] or null (absent = null), with a message naming the range and unit. */
const numberIn = (min: number, max: number, unit: string) =>
  z
    .number({ error: `must be a number from ${min} to ${max} ${unit}` })
    .min(min, `must be from ${min} to ${max} ${unit}`)
    .max(max, `must be from ${min} to ${max} ${unit}`)
    .nullish()
    .transform((v) => v ?? null);

/** The details of a session as the form sends them (POST; PATCH sends any of them). Temperatures °C, fuel litres. */
const sessionFields = {
  name: z.string({ error: 'Session name is required' }).overwrite(trimText).min(1, 'Session name is required').max(60, 'Session name must be at most 60 characters'),
  type: SessionType,
  startedAt: checkedDate('date-time', { label: 'startedAt' }),
  driverMemberId: bodyId('driverMemberId must be a team member id').nullish().transform((v) => v ?? null),
  airTempC: numberIn(-30, 80, '°C'),
  trackTempC: numberIn(-30, 90, '°C'),
  weather: optionalText(100),
  tireSet: optionalText(100),
  fuelLitres: numberIn(0, 500, 'litres'),
  notes: optionalText(4000),
  feedbackTags: z
    .array(FeedbackTag)
    .max(FEEDBACK_TAGS.length)
    .default([])
    .transform((tags) => FEEDBACK_TAGS.map((t) => t.value).filter((t) => tags.includes(t))),
  feedbackText: optionalText(4000),
};

/** The complete details of a session (what the domain stores). */
const SessionDetailsSchema = z.object(sessionFields);
export type SessionDetails = z.output<typeof SessionDetailsSchema>;

/** The tire set a session ran on: a set of the car's team that is not scrapped; null = none tracked (the free-text `tireSet` may still say). */
const tireSetId = bodyId('tireSetId must be a tire set id').nullish().transform((v) => v ?? null);

/** PATCH …/sessions/{sessionId}: any of the details and the tire set; fields left out keep their value. */
export const PatchSessionBody = z
  .object({
    ...(Object.fromEntries(Object.entries(sessionFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof sessionFields]: z.ZodOptional<(typeof sessionFields)[K]> }),
    tireSetId: tireSetId.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'send at least one field to change' });
export type PatchSessionBody = z.input<typeof PatchSessionBody>;

/** A lap's sector times in the API: whole ms, at most MAX_SECTORS, in order. */
const SectorsMs = z
  .array(z.number({ error: 'must be sector times in whole ms' }).int('must be sector times in whole ms').positive('must be sector times above 0 ms'))
  .max(MAX_SECTORS, `must hold at most ${MAX_SECTORS} sector times`);
/** Why a lap over TIMED_LAP_MAX_MS cannot be of kind 'timed'. */
export const TIMED_LAP_TOO_LONG = 'a lap over 30 min is a garage or red-flag lap: make it an in, out or invalid lap';
/** A driver's name as a timing export writes it. */
const LapDriverName = z.string().trim().max(100, 'must be at most 100 characters');

/**
 * One lap of PUT …/laps: its time as text (`time`, read with parseLapTime) or in ms (`lapTimeMs`,
 * 10 s – 24 h) — one of them; its kind (a lap over 30 min, TIMED_LAP_MAX_MS, cannot be 'timed');
 * optionally its sector times in ms (must add up to the lap time within 0.01 s) and the driver's
 * name from the timing export.
 */
export const PutLap = z
  .object({
    time: z.string().max(20, 'must be at most 20 characters').optional(),
    lapTimeMs: z
      .number({ error: 'must be a lap time in whole ms' })
      .int('must be a lap time in whole ms')
      .min(LAP_TIME_MIN_MS, 'is outside 10 s – 24 h')
      .max(LAP_TIME_MAX_MS, 'is outside 10 s – 24 h')
      .optional(),
    kind: LapKind,
    sectorsMs: SectorsMs.default([]),
    driverName: LapDriverName.nullish().transform((v) => v || null),
  })
  .refine((l) => (l.time === undefined) !== (l.lapTimeMs === undefined), { message: 'send either time or lapTimeMs', path: ['time'] })
  .refine((l) => l.kind !== 'timed' || l.lapTimeMs === undefined || l.lapTimeMs <= TIMED_LAP_MAX_MS, { message: TIMED_LAP_TOO_LONG, path: ['kind'] });
export type PutLap = z.input<typeof PutLap>;

/** PUT …/sessions/{sessionId}/laps: the whole list of laps, in order. */
export const PutLapsBody = z.object({
  laps: z
    .array(PutLap)
    .min(1, `a session holds 1 to ${MAX_LAPS} laps`)
    .max(MAX_LAPS, `a session holds 1 to ${MAX_LAPS} laps`),
});
export type PutLapsBody = z.input<typeof PutLapsBody>;

const psi = z.number({ error: 'must be a pressure from 0 to 100 psi' }).min(0, 'must be from 0 to 100 psi').max(100, 'must be from 0 to 100 psi');
/** Cold pressures as set (psi, four corners) and the temperature when they were set (°C). */
export const ColdPressures = z.object({ fl: psi, fr: psi, rl: psi, rr: psi, tempC: z.number({ error: 'must be a number from -30 to 80 °C' }).min(-30, 'must be from -30 to 80 °C').max(80, 'must be from -30 to 80 °C') });
export type ColdPressures = z.infer<typeof ColdPressures>;
/** Hot pressures measured after the run (psi, four corners). */
export const HotPressures = z.object({ fl: psi, fr: psi, rl: psi, rr: psi });
export type HotPressures = z.infer<typeof HotPressures>;

/**
 * POST /api/cars/{carId}/events/{eventId}/sessions: the details, optionally the cold pressures
 * as set for it (psi, °C; e.g. from the tire pressure assistant's 'Use these'), stored with it,
 * and the tire set it runs on (`tireSetId`).
 */
export const NewSessionBody = SessionDetailsSchema.extend({ cold: ColdPressures.nullish().transform((v) => v ?? null), tireSetId });
export type NewSessionBody = z.input<typeof NewSessionBody>;

/** A session's tire pressures as answered; a part null = not measured. */
export const SessionTirePressures = z.object({ cold: ColdPressures.nullable(), hot: HotPressures.nullable() }).meta({ id: 'SessionTirePressures' });
export type SessionTirePressures = z.infer<typeof SessionTirePressures>;

/** PUT …/sessions/{sessionId}/tire-pressures; either part may be null or left out (not measured). */
export const PutSessionTirePressuresBody = z.object({ cold: ColdPressures.nullish().transform((v) => v ?? null), hot: HotPressures.nullish().transform((v) => v ?? null) });
export type PutSessionTirePressuresBody = z.input<typeof PutSessionTirePressuresBody>;

/** A lap as answered: its number (1-based, in order), its time as `m:ss.fff`, in ms, its kind, its sector times (ms; [] = none) and the driver named by the timing export (null = none). */
export const Lap = z.object({
  lapNumber: z.number().int(),
  time: z.string(),
  lapTimeMs: z.number().int(),
  kind: LapKind,
  sectorsMs: z.array(z.number().int()),
  driverName: z.string().nullable(),
});
export type Lap = z.infer<typeof Lap>;

/** The laps as answered, numbered in order. Laps stored before sectors existed read as having none. */
export function lapsOf(values: readonly (Pick<LapValue, 'lapTimeMs' | 'kind'> & Partial<LapValue>)[]): Lap[] {
  return values.map((l, i) => ({ lapNumber: i + 1, time: formatLapTime(l.lapTimeMs), lapTimeMs: l.lapTimeMs, kind: l.kind, sectorsMs: l.sectorsMs ?? [], driverName: l.driverName ?? null }));
}

/**
 * A run session (a run sheet: one run of the car on track) as answered; the OpenAPI name stays `Session`. `setupPosition` is the event-store position ('commit/prepare')
 * pinned when the session was added: the setup as run is the car's record at that position.
 */
export const RunSession = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    eventId: z.number().int(),
    name: z.string(),
    type: SessionType,
    startedAt: z.string(),
    driverMemberId: z.number().int().nullable(),
    driverName: z.string().nullable(),
    airTempC: z.number().nullable(),
    trackTempC: z.number().nullable(),
    weather: z.string().nullable(),
    tireSet: z.string().nullable(),
    /** The team's tire set it ran on; null = none chosen. */
    tireSetId: z.number().int().nullable(),
    fuelLitres: z.number().nullable(),
    notes: z.string().nullable(),
    feedbackTags: z.array(FeedbackTag),
    feedbackText: z.string().nullable(),
    bestLapMs: z.number().int().nullable(),
    timedLapCount: z.number().int(),
    averageBestThreeMs: z.number().int().nullable(),
    /** The fastest time of each sector over the timed laps, ms; [] without sector times. */
    bestSectorsMs: z.array(z.number().int()),
    /** The sum of bestSectorsMs, ms; null without sector times. */
    theoreticalBestMs: z.number().int().nullable(),
    setupPosition: z.string(),
    laps: z.array(Lap),
    tirePressures: SessionTirePressures,
    /** The tire temperature readings, one per stint (stint null = after the run) in stint order, each tire's with what it says. */
    tireTemperatures: z.array(SessionTireTemperatures),
    /**
     * The stints in lap order; [] = none recorded. With pit stops logged they are the stops' stints
     * (stintsFromPitStops: the last one, still running, ends on the last lap entered, or on its first lap without laps that far).
     */
    stints: z.array(StintAnswer),
    /** The pit stops logged as they happened, in lap order; [] = none (the stints were entered whole, or none). */
    pitStops: z.array(PitStopAnswer),
    /** Fuel in the tank after the session, L; null = not measured. */
    fuelAtEndLitres: z.number().nullable(),
    /** Fuel per lap as run, L/lap (fuelPerLapAsRun); null without the fuel at start and at end. */
    fuelPerLapLitres: z.number().nullable(),
    /** Each driver's time on track (ms) and laps over the stints (driverTimes). */
    driverTime: z.array(DriverTime),
  })
  .meta({ id: 'Session' });
export type RunSession = z.infer<typeof RunSession>;

/** GET /api/cars/{carId}/tracks/sessions?location=: the race event's location, as entered. */
export const TrackSessionsQuery = z.object({ location: z.string({ error: 'location is required' }).overwrite(trimText).min(1, 'location is required').max(120, 'location must be at most 120 characters') });

/** A session at a track with its race event's name and date (ISO), for 'At this track'. */
export const TrackRunSession = RunSession.extend({ eventName: z.string(), eventDate: z.string() }).meta({ id: 'TrackSession' });
export type TrackRunSession = z.infer<typeof TrackRunSession>;

/** GET …/sessions/{sessionId}/changes: the previous session of the race event (null: none) and the setup changes recorded in between, oldest first. */
export const SessionChanges = z
  .object({
    previous: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    entries: z.array(HistoryEntry),
  })
  .meta({ id: 'SessionChanges' });
export type SessionChanges = z.infer<typeof SessionChanges>;

export const LapExportFormat = z.enum(LAP_EXPORT_FORMATS.map((f) => f.value) as [LapExportFormatValue, ...LapExportFormatValue[]]);
type LapExportFormatValue = (typeof LAP_EXPORT_FORMATS)[number]['value'];
export type LapExportFormat = z.infer<typeof LapExportFormat>;


/**
 * POST …/sessions/{sessionId}/laps/preview: a timing export's text (up to LAP_EXPORT_MAX_CHARS) and,
 * for an export holding several cars, the car number whose laps to read, as the file writes it
 * (`"007"` is not `"7"`); a JSON number is read as its decimal text (7 → `"7"`), as clients sent it before.
 */
export const LapsPreviewBody = readOnlyBody(
  z.object({
    text: z.string({ error: 'text is required: the timing export as text' }),
    carNumber: z
      .union([z.string().trim().min(1).max(10), z.number().int().min(0).transform(String)], { error: 'carNumber must be a car number as the file writes it, e.g. "007"' })
      .optional(),
  }),
);
export type LapsPreviewBody = z.input<typeof LapsPreviewBody>;

/**
 * A lap read from a timing export: its number as the file has it, its time (`m:ss.fff`, in ms), its
 * kind as derived from the file (changeable before saving), the 1-based `line` it was read from, and
 * where the export has them its sector times (ms, adding up to the lap time within 0.01 s), the
 * driver's name and the pit stop before it (ms, on an out lap). `implausible` says why the lap is
 * flagged (faster than the track allows): it comes as 'invalid' and counts only once the user
 * changes its kind.
 */
export const PreviewLap = z
  .object({
    lapNumber: z.number().int(),
    line: z.number().int(),
    time: z.string(),
    lapTimeMs: z.number().int(),
    kind: LapKind,
    sectorsMs: z.array(z.number().int()).optional(),
    driverName: z.string().optional(),
    pitStopMs: z.number().int().optional(),
    implausible: z.string().optional(),
  })
  .meta({ id: 'PreviewLap' });
export type PreviewLap = z.infer<typeof PreviewLap>;

/** A line of a timing export that could not be read (1-based) and why, as a sentence for the user. */
export const LapImportProblem = z.object({ line: z.number().int(), message: z.string() }).meta({ id: 'LapImportProblem' });
/** Problems a preview lists; the rest are counted in `moreProblems`. */
export const MAX_PREVIEW_PROBLEMS = 20;
export type LapImportProblem = z.infer<typeof LapImportProblem>;

/**
 * What a timing export holds, nothing stored: its format, the laps read (empty when the export holds
 * several cars and none was chosen: `carNumbers` lists them, as the file writes them, each once),
 * the first MAX_PREVIEW_PROBLEMS lines that could not be read and how many more there are.
 */
export const LapsPreview = z
  .object({
    format: LapExportFormat,
    laps: z.array(PreviewLap),
    problems: z.array(LapImportProblem),
    moreProblems: z.number().int().optional(),
    carNumbers: z.array(z.string()).optional(),
  })
  .meta({ id: 'LapsPreview' });
export type LapsPreview = z.infer<typeof LapsPreview>;
