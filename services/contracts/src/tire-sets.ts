import { z } from 'zod';
import { checkedDate } from './dates.ts';
import { bodyId, optionalText, trimText } from './common.ts';
import { ColdPressures, HotPressures, SessionType } from './sessions.ts';
import type { SessionUsage } from './part-life.ts';
import { CORNERS, EARLIER_HEAT_CYCLES_MAX, EARLIER_LAPS_MAX, type Corner } from './values/tire-sets.ts';

export { CORNERS, EARLIER_HEAT_CYCLES_MAX, EARLIER_LAPS_MAX, earlierUseProblem, heatCyclesText, TIRE_SET_CONDITIONS, type Corner } from './values/tire-sets.ts';

/**
 * Tire sets: the sets of tires a team owns (in the store or on a car), their DOT codes, condition
 * and tread depths, and their life derived from the run sheets that name them — heat cycles, laps,
 * distance and time — plus tread wear from dated depth measurements. A set bought scrubbed or used
 * also carries the heat cycles and laps it ran before Pitwall knew it (its earlier use). Depths are
 * mm, distance km, time hours, pressures psi.
 */

export const TireSetCondition = z.enum(['new', 'scrubbed', 'used', 'scrapped'], { error: 'condition must be one of new, scrubbed, used, scrapped' });
export type TireSetCondition = z.infer<typeof TireSetCondition>;

/** The deepest tread the API accepts, mm (racing slicks and treaded race tires stay well below). */
export const TREAD_DEPTH_MAX_MM = 25;
/** Measuring points per corner: outer, centre, inner, and one spare (1 to 4). */
export const TREAD_POINTS_MAX = 4;

/** A whole number of `what` from 0 to `max`; absent or null reads 0 (no earlier use). */
const earlierCount = (what: string, max: number) => {
  const message = `must be a whole number of ${what} from 0 to ${max.toLocaleString('en-US')}`;
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(max, message)
    .nullish()
    .transform((v) => v ?? 0);
};

const depthMm = z
  .number({ error: `must be a depth from 0 to ${TREAD_DEPTH_MAX_MM} mm` })
  .min(0, `must be a depth from 0 to ${TREAD_DEPTH_MAX_MM} mm`)
  .max(TREAD_DEPTH_MAX_MM, `must be a depth from 0 to ${TREAD_DEPTH_MAX_MM} mm`);

/** The DOT (date) code of each corner's tire, as moulded on the sidewall ('2324' = week 23 of 2024); null = not recorded. */
export const DotCodes = z
  .object({ fl: optionalText(20), fr: optionalText(20), rl: optionalText(20), rr: optionalText(20) })
  .meta({ id: 'DotCodes' });
export type DotCodes = z.output<typeof DotCodes>;

/** What a barcode may hold: the label's text, 4–40 characters of A–Z, a–z, 0–9 and '-'. */
export const BARCODE_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
const BARCODE_MESSAGE = "must be 4 to 40 letters, digits or '-' as printed on the supplier's label";

/**
 * The barcode on the tire supplier's label (the series' tire register names a set by it), trimmed;
 * null, '' and blank all mean none.
 */
export const tireBarcode = z
  .string({ error: BARCODE_MESSAGE })
  .nullish()
  .transform((v) => (v == null || trimText(v).trim() === '' ? null : trimText(v).trim()))
  .pipe(z.string().regex(BARCODE_PATTERN, BARCODE_MESSAGE).nullable());

/** Whether two barcodes name the same label (letters in either case). */
export const sameBarcode = (a: string | null, b: string | null) => a !== null && b !== null && a.toUpperCase() === b.toUpperCase();

/** What describes a set (everything but what it ran and how worn it was measured). */
const tireSetFields = {
  name: z.string({ error: 'Set name is required' }).overwrite(trimText).min(1, 'Set name is required').max(60, 'Set name must be at most 60 characters'),
  manufacturer: optionalText(60),
  compound: optionalText(60),
  size: optionalText(60),
  dotCodes: DotCodes.default({ fl: null, fr: null, rl: null, rr: null }),
  condition: TireSetCondition.default('new'),
  treadNewMm: depthMm.nullish().transform((v) => v ?? null),
  treadMinimumMm: depthMm.nullish().transform((v) => v ?? null),
  carId: bodyId('carId must be a car id').nullish().transform((v) => v ?? null),
  notes: optionalText(2000),
  /** Heat cycles the set ran before Pitwall knew it (bought scrubbed or used); 0 = none. */
  earlierHeatCycles: earlierCount('heat cycles', EARLIER_HEAT_CYCLES_MAX),
  /** Laps the set ran before Pitwall knew it; 0 = none. They need at least one earlier heat cycle. */
  earlierLaps: earlierCount('laps', EARLIER_LAPS_MAX),
  /** The barcode of the supplier's label; null = none. Unique among the team's sets that are not scrapped. */
  barcode: tireBarcode,
};

const TireSetDetailsSchema = z.object(tireSetFields);
/** The description of a set as the domain stores it; `carId` null = in the team's store. */
export type TireSetDetails = z.output<typeof TireSetDetailsSchema>;

/**
 * POST /api/teams/{teamId}/tire-sets: a set; only `name` is required (condition defaults to 'new',
 * the car to none: the store, the earlier heat cycles and laps to 0).
 */
export const NewTireSetBody = TireSetDetailsSchema;
export type NewTireSetBody = z.input<typeof NewTireSetBody>;

/** A field of the POST body as PATCH takes it: optional, without the POST's default (a default would overwrite the stored value). */
const leftOutKeeps = (field: z.ZodType) => (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();

/** PATCH /api/teams/{teamId}/tire-sets/{setId}: any of the details; fields left out keep their value. */
export const PatchTireSetBody = z
  .object(Object.fromEntries(Object.entries(tireSetFields).map(([k, v]) => [k, leftOutKeeps(v)])) as { [K in keyof typeof tireSetFields]: z.ZodOptional<(typeof tireSetFields)[K]> })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'send at least one field to change' });
export type PatchTireSetBody = z.input<typeof PatchTireSetBody>;

/** GET /api/teams/{teamId}/tire-sets filters: on a car (now), by condition (as answered). */
export const TireSetsQuery = z.object({
  carId: z.coerce.number({ error: 'carId must be a positive whole number' }).int('carId must be a positive whole number').positive('carId must be a positive whole number').optional(),
  condition: TireSetCondition.optional(),
});
export type TireSetsQuery = z.infer<typeof TireSetsQuery>;

const cornerPoints = (corner: string) =>
  z
    .array(depthMm, { error: `${corner} must be 1 to ${TREAD_POINTS_MAX} depths in mm` })
    .min(1, `must hold 1 to ${TREAD_POINTS_MAX} depths (outer, centre, inner)`)
    .max(TREAD_POINTS_MAX, `must hold 1 to ${TREAD_POINTS_MAX} depths (outer, centre, inner)`);

/** POST …/tire-sets/{setId}/tread: the depths measured at `measuredAt`, 1 to 4 points per corner (mm; outer, centre, inner). */
export const TreadMeasurementBody = z.object({
  measuredAt: checkedDate('date-time', { label: 'measuredAt' }),
  fl: cornerPoints('fl'),
  fr: cornerPoints('fr'),
  rl: cornerPoints('rl'),
  rr: cornerPoints('rr'),
});
export type TreadMeasurementBody = z.input<typeof TreadMeasurementBody>;

/** Wear per corner, % (one decimal); null before a measurement or without both tread depths of the set. */
const WearByCorner = z.object({ fl: z.number().nullable(), fr: z.number().nullable(), rl: z.number().nullable(), rr: z.number().nullable() });
export type WearByCorner = z.infer<typeof WearByCorner>;

/** A tread measurement as answered: the depths (mm), the wear they mean (%, null without both tread depths of the set) and the laps the set had run by then (its earlier laps included). */
export const TreadMeasurement = z
  .object({
    measuredAt: z.string(),
    fl: z.array(z.number()),
    fr: z.array(z.number()),
    rl: z.array(z.number()),
    rr: z.array(z.number()),
    wearByCorner: WearByCorner,
    wearPercent: z.number().nullable(),
    lapsSinceNew: z.number().int(),
  })
  .meta({ id: 'TreadMeasurement' });
export type TreadMeasurement = z.infer<typeof TreadMeasurement>;

/** A session a set ran: its usage (laps, km, hours), its best lap (ms) and its pressures (psi). */
export const TireSetSession = z
  .object({
    sessionId: z.number().int(),
    carId: z.number().int(),
    raceEventId: z.number().int(),
    name: z.string(),
    type: SessionType,
    startedAt: z.string(),
    laps: z.number().int(),
    km: z.number().nullable(),
    hours: z.number(),
    bestLapMs: z.number().int().nullable(),
    cold: ColdPressures.nullable(),
    hot: HotPressures.nullable(),
  })
  .meta({ id: 'TireSetSession' });
export type TireSetSession = z.infer<typeof TireSetSession>;

/**
 * A set as answered. `condition` is the recorded one, except that a set recorded 'new' answers
 * 'scrubbed' once it has a heat cycle (an earlier one or a session's). `heatCycles` and `laps` are
 * the earlier use (`earlierHeatCycles`, `earlierLaps`, as entered) plus what `sessions` (oldest
 * first) ran; `km` and `hours` come from the sessions only (the earlier laps' track is unknown);
 * the wear figures from the latest tread measurement (null before one).
 */
export const TireSet = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    name: z.string(),
    manufacturer: z.string().nullable(),
    compound: z.string().nullable(),
    size: z.string().nullable(),
    dotCodes: z.object({ fl: z.string().nullable(), fr: z.string().nullable(), rl: z.string().nullable(), rr: z.string().nullable() }),
    condition: TireSetCondition,
    treadNewMm: z.number().nullable(),
    treadMinimumMm: z.number().nullable(),
    carId: z.number().int().nullable(),
    notes: z.string().nullable(),
    earlierHeatCycles: z.number().int(),
    earlierLaps: z.number().int(),
    barcode: z.string().nullable(),
    heatCycles: z.number().int(),
    laps: z.number().int(),
    km: z.number(),
    hours: z.number(),
    sessions: z.array(TireSetSession),
    lastUsedAt: z.string().nullable(),
    wearPercent: z.number().nullable(),
    wearByCorner: WearByCorner,
    /** Wear per lap since new, % (two decimals); null without a wear figure or laps. */
    wearPerLap: z.number().nullable(),
    lapsLeft: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'TireSet' });
export type TireSet = z.infer<typeof TireSet>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const MS_PER_HOUR = 3_600_000;

/**
 * The wear of one corner, % (unrounded; 0 at least): the largest over its measuring points of
 * (new − measured) ÷ (new − minimum) × 100 — HH Data Management's tread wear sheet. Depths in mm;
 * `minimumMm` must be below `newMm`. Example: new 8.0, minimum 1.5, points 6.2 / 5.9 / 6.4 → 32.3 %.
 */
export function cornerWearPercent(newMm: number, minimumMm: number, pointsMm: readonly number[]): number {
  return Math.max(0, ...pointsMm.map((measured) => ((newMm - measured) / (newMm - minimumMm)) * 100));
}

/** A recorded tread measurement: when (ISO) and 1 to 4 depths per corner (mm). */
export type TreadDepths = { measuredAt: string } & Record<Corner, number[]>;

/**
 * The wear of a measurement: per corner (cornerWearPercent) and the set's, its worst corner, both
 * unrounded; all null unless both the new and the minimum depth of the set are known.
 */
export function treadWear(depths: TreadDepths, treadNewMm: number | null, treadMinimumMm: number | null): { byCorner: Record<Corner, number | null>; percent: number | null } {
  if (treadNewMm === null || treadMinimumMm === null || treadMinimumMm >= treadNewMm) return { byCorner: { fl: null, fr: null, rl: null, rr: null }, percent: null };
  const byCorner = { fl: 0, fr: 0, rl: 0, rr: 0 };
  for (const { value } of CORNERS) byCorner[value] = cornerWearPercent(treadNewMm, treadMinimumMm, depths[value]);
  return { byCorner, percent: Math.max(byCorner.fl, byCorner.fr, byCorner.rl, byCorner.rr) };
}

/** A session that named the set: its usage (usage-from-sessions) and what the run sheet says. */
export type TireSetSessionInput = SessionUsage & Pick<TireSetSession, 'name' | 'type' | 'bestLapMs' | 'cold' | 'hot'>;

/** What a set's life adds up to (the computed fields of TireSet). */
export type TireSetLife = Pick<TireSet, 'condition' | 'heatCycles' | 'laps' | 'km' | 'hours' | 'sessions' | 'lastUsedAt' | 'wearPercent' | 'wearByCorner' | 'wearPerLap' | 'lapsLeft'> & {
  /** The measurements, oldest first, with their wear. */
  treads: TreadMeasurement[];
};

/**
 * A set's life from its earlier use, the sessions that named it and its tread measurements (the rules of tire sets):
 * - a session with at least one lap (out and in laps included) is one heat cycle; one without laps adds nothing;
 * - heat cycles = `earlierHeatCycles` + those sessions; laps = `earlierLaps` + every lap of those sessions;
 * - hours and km add up the laps of those sessions only (km: laps × the race event's track
 *   length; a session whose length is unknown adds no km; the earlier laps add neither, their
 *   track and times are unknown); `lastUsedAt` is the start of the latest session with laps;
 * - a set recorded 'new' is 'scrubbed' once it has a heat cycle (earlier or in a session);
 * - the wear is the latest measurement's (by `measuredAt`): worst corner, per corner; per lap =
 *   wear ÷ the laps since new by then (the earlier laps + those of the sessions started by then);
 *   laps left = ⌊(100 − wear) ÷ per lap⌋ − the laps run since the measurement, at least 0 (e.g.
 *   32.3 % after 60 laps → 0.54 %/lap → 125 laps left).
 * km one decimal, hours two, wear one decimal (per lap two); per lap and laps left are computed unrounded.
 */
export function tireSetLife(input: {
  condition: TireSetCondition;
  treadNewMm: number | null;
  treadMinimumMm: number | null;
  /** Heat cycles and laps run before Pitwall knew the set (0 = none). */
  earlierHeatCycles: number;
  earlierLaps: number;
  sessions: readonly TireSetSessionInput[];
  treads: readonly TreadDepths[];
}): TireSetLife {
  const sessions = [...input.sessions].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.sessionId - b.sessionId);
  const run = sessions.filter((s) => s.laps > 0);
  const lapsUntil = (at: number) => input.earlierLaps + run.filter((s) => Date.parse(s.startedAt) <= at).reduce((sum, s) => sum + s.laps, 0);
  const laps = input.earlierLaps + run.reduce((sum, s) => sum + s.laps, 0);
  const heatCycles = input.earlierHeatCycles + run.length;
  const treads = [...input.treads]
    .map((t, index) => ({ t, index }))
    .sort((a, b) => Date.parse(a.t.measuredAt) - Date.parse(b.t.measuredAt) || a.index - b.index)
    .map(({ t }) => {
      const wear = treadWear(t, input.treadNewMm, input.treadMinimumMm);
      const corner = (c: Corner) => (wear.byCorner[c] === null ? null : round(wear.byCorner[c], 1));
      return { t, wear, answer: { ...t, wearByCorner: { fl: corner('fl'), fr: corner('fr'), rl: corner('rl'), rr: corner('rr') }, wearPercent: wear.percent === null ? null : round(wear.percent, 1), lapsSinceNew: lapsUntil(Date.parse(t.measuredAt)) } };
    });
  const latest = treads.at(-1);
  const perLap = latest && latest.wear.percent !== null && latest.answer.lapsSinceNew > 0 ? latest.wear.percent / latest.answer.lapsSinceNew : null;
  const lapsLeft = latest && perLap !== null && perLap > 0 ? Math.max(0, Math.floor((100 - latest.wear.percent!) / perLap) - (laps - latest.answer.lapsSinceNew)) : null;
  return {
    condition: input.condition === 'new' && heatCycles > 0 ? 'scrubbed' : input.condition,
    heatCycles,
    laps,
    km: round(run.reduce((sum, s) => sum + (s.km ?? 0), 0), 1),
    hours: round(run.reduce((sum, s) => sum + s.ms, 0) / MS_PER_HOUR, 2),
    sessions: sessions.map((s) => ({
      sessionId: s.sessionId, carId: s.carId, raceEventId: s.raceEventId, name: s.name, type: s.type, startedAt: s.startedAt, laps: s.laps,
      km: s.km === null ? null : round(s.km, 1), hours: round(s.ms / MS_PER_HOUR, 2), bestLapMs: s.bestLapMs, cold: s.cold, hot: s.hot,
    })),
    lastUsedAt: run.at(-1)?.startedAt ?? null,
    wearPercent: latest?.answer.wearPercent ?? null,
    wearByCorner: latest?.answer.wearByCorner ?? { fl: null, fr: null, rl: null, rr: null },
    wearPerLap: perLap === null ? null : round(perLap, 2),
    lapsLeft,
    treads: treads.map((t) => t.answer),
  };
}
