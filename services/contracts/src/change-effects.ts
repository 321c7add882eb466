import { z } from 'zod';
import { lapStatistics, sectorStatistics, type LapValue } from './sessions.ts';

/**
 * What each setup change did: the setup changes between two consecutive runs of a car beside the
 * lap times they led to, with an honest verdict that says 'not comparable' where the conditions
 * differ. Pure: the server feeds it the setups as run and the sessions' facts.
 */

/** The thresholds beyond which two runs are not comparable (per team; these are the defaults). */
export interface ChangeEffectThresholds {
  /** Largest difference of the tire set's laps before each run, laps (a new set has run 0). */
  tireLaps: number;
  /** Largest difference of track temperature, °C. */
  trackTempC: number;
}

/** Every team starts with 8 laps of tire age and 8 °C of track temperature. */
export const DEFAULT_CHANGE_EFFECT_THRESHOLDS: ChangeEffectThresholds = { tireLaps: 8, trackTempC: 8 };

/** Timed laps each run needs before its best three say anything. */
const LAPS_NEEDED = 3;

/** The verdicts, in the words the screens show. */
export const ChangeVerdict = z.enum(['faster', 'slower', 'within noise', 'not comparable']);
export type ChangeVerdict = z.infer<typeof ChangeVerdict>;

/** One setup value that differs between two setups as run: `section` and `field` as the API names them (`suspension`, `frontCamber`); values as text, null = not set. */
export const SetupChange = z.object({ section: z.string(), field: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type SetupChange = z.infer<typeof SetupChange>;

const pair = <T extends z.ZodType>(t: T) => z.tuple([t, t]);

/**
 * One pair of consecutive runs: the setup changes between them, the conditions of each (before,
 * after), the lap-time deltas (after − before, ms: negative = faster; null where either run lacks
 * the figure) and the verdict with its reason.
 */
export const ChangeEffect = z
  .object({
    sessionId: z.number().int(),
    previousSessionId: z.number().int(),
    changes: z.array(SetupChange),
    conditions: z.object({
      sameDriver: z.boolean(),
      /** The tire set's laps before each run (its earlier laps, run before Pitwall knew it, and the laps of earlier sessions on it); null = no set named. */
      tireSetLapsBefore: z.number().int().nullable(),
      tireSetLapsAfter: z.number().int().nullable(),
      /** Track temperature of each run, °C; null = not entered. */
      trackTempC: pair(z.number().nullable()),
      /** Fuel at the start of each run, L; null = not entered. */
      fuelLitres: pair(z.number().nullable()),
    }),
    lapTimes: z.object({
      bestDeltaMs: z.number().int().nullable(),
      averageBestThreeDeltaMs: z.number().int().nullable(),
      theoreticalBestDeltaMs: z.number().int().nullable(),
      /** Per sector, best after − best before, ms; [] unless both runs have the same sectors. */
      sectorDeltasMs: z.array(z.number().int()),
    }),
    verdict: ChangeVerdict,
    because: z.string(),
  })
  .meta({ id: 'ChangeEffect' });
export type ChangeEffect = z.infer<typeof ChangeEffect>;

/** One run as the comparison reads it. */
export interface RunFacts {
  name: string;
  driverMemberId: number | null;
  /** The tire set's laps before the run; null = no set named. */
  tireSetLaps: number | null;
  trackTempC: number | null;
  fuelLitres: number | null;
  laps: readonly Pick<LapValue, 'lapTimeMs' | 'kind' | 'sectorsMs'>[];
}

/** The fastest three timed laps of a run, ms, fastest first ([] with fewer than three). */
function bestThree(laps: RunFacts['laps']): number[] {
  const timed = laps.filter((l) => l.kind === 'timed').map((l) => l.lapTimeMs).sort((a, b) => a - b);
  return timed.length >= LAPS_NEEDED ? timed.slice(0, LAPS_NEEDED) : [];
}

/** Sample variance (n − 1 in the denominator) of `xs`, ms². */
function sampleVariance(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (xs.length - 1);
}

/**
 * The noise of comparing two runs' averages of their best three laps, ms: how far apart a repeat
 * of the same run would put them. Twice the pooled standard deviation of the two runs' best-three
 * laps divided by √3 — the standard error of a mean of three laps (s/√n), doubled for roughly
 * 95 % coverage. Pooled SD of two samples: s_p = √(((n₁−1)s₁² + (n₂−1)s₂²) / (n₁+n₂−2)), which
 * for three laps each is √((s₁² + s₂²) / 2). Source: NIST/SEMATECH e-Handbook of Statistical
 * Methods, §7.3.1 (two-sample t-test, pooled standard deviation) and §1.3.5.2 (standard error of
 * the mean). Each argument: exactly three lap times, ms.
 */
export function lapTimeNoiseMs(before: readonly number[], after: readonly number[]): number {
  const pooledSd = Math.sqrt(((before.length - 1) * sampleVariance(before) + (after.length - 1) * sampleVariance(after)) / (before.length + after.length - 2));
  return (2 * pooledSd) / Math.sqrt(LAPS_NEEDED);
}

const seconds = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(3)} s`;
const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);

/** Why two runs cannot be compared, one sentence per reason; [] when they can. */
function notComparableReasons(before: RunFacts, after: RunFacts, thresholds: ChangeEffectThresholds): string[] {
  const reasons: string[] = [];
  if (before.driverMemberId !== after.driverMemberId) reasons.push('The driver changed');
  if (before.tireSetLaps !== null && after.tireSetLaps !== null && Math.abs(after.tireSetLaps - before.tireSetLaps) > thresholds.tireLaps) {
    reasons.push(`The tires had ${before.tireSetLaps} laps before ${before.name} and ${after.tireSetLaps} before ${after.name} (more than ${thresholds.tireLaps} laps apart)`);
  }
  for (const run of [before, after]) {
    const timed = run.laps.filter((l) => l.kind === 'timed').length;
    if (timed < LAPS_NEEDED) reasons.push(`${run.name} has ${timed} timed ${timed === 1 ? 'lap' : 'laps'}; three are needed`);
  }
  if (before.trackTempC !== null && after.trackTempC !== null && Math.abs(after.trackTempC - before.trackTempC) > thresholds.trackTempC) {
    reasons.push(`Track temperature went from ${before.trackTempC} °C to ${after.trackTempC} °C (more than ${thresholds.trackTempC} °C apart)`);
  }
  return reasons;
}

/**
 * The effect of the changes between run `before` and run `after`: 'not comparable' (driver
 * changed, tire age or track temperature beyond `thresholds`, fewer than three timed laps in
 * either run; every reason in `because`), else 'faster' or 'slower' when the change in the
 * average of the best three laps is larger than lapTimeNoiseMs, else 'within noise'.
 */
export function changeEffect(
  ids: { sessionId: number; previousSessionId: number },
  before: RunFacts,
  after: RunFacts,
  changes: SetupChange[],
  thresholds: ChangeEffectThresholds = DEFAULT_CHANGE_EFFECT_THRESHOLDS,
): ChangeEffect {
  const [a, b] = [lapStatistics(before.laps), lapStatistics(after.laps)];
  const [sa, sb] = [sectorStatistics(before.laps), sectorStatistics(after.laps)];
  const lapTimes = {
    bestDeltaMs: delta(a.bestLapMs, b.bestLapMs),
    averageBestThreeDeltaMs: delta(a.averageBestThreeMs, b.averageBestThreeMs),
    theoreticalBestDeltaMs: delta(sa.theoreticalBestMs, sb.theoreticalBestMs),
    sectorDeltasMs: sa.bestSectorsMs.length > 0 && sa.bestSectorsMs.length === sb.bestSectorsMs.length ? sb.bestSectorsMs.map((s, i) => s - sa.bestSectorsMs[i]!) : [],
  };
  const conditions = {
    sameDriver: before.driverMemberId === after.driverMemberId,
    tireSetLapsBefore: before.tireSetLaps,
    tireSetLapsAfter: after.tireSetLaps,
    trackTempC: [before.trackTempC, after.trackTempC] as [number | null, number | null],
    fuelLitres: [before.fuelLitres, after.fuelLitres] as [number | null, number | null],
  };
  const base = { ...ids, changes, conditions, lapTimes };
  const reasons = notComparableReasons(before, after, thresholds);
  if (reasons.length > 0) return { ...base, verdict: 'not comparable', because: reasons.join('; ') };
  const change = lapTimes.averageBestThreeDeltaMs!;
  const noise = lapTimeNoiseMs(bestThree(before.laps), bestThree(after.laps));
  const repeat = `a repeat of the same run would differ by up to ${seconds(noise)}`;
  if (Math.abs(change) <= noise) return { ...base, verdict: 'within noise', because: `The average of the best three changed by ${seconds(change)}; ${repeat}` };
  return { ...base, verdict: change < 0 ? 'faster' : 'slower', because: `The average of the best three is ${seconds(change)} ${change < 0 ? 'quicker' : 'slower'}; ${repeat}` };
}

/** GET /api/cars/{carId}/change-effects: `field` as the API names it (`frontCamber`, `3rd.ratio`); `location` as the race events have it (trimmed, case ignored; absent: anywhere). */
export const FieldChangeEffectsQuery = z.object({
  field: z.string({ error: 'field is required: a setup field as the API names it, e.g. frontCamber' }).trim().min(1, 'field is required: a setup field as the API names it, e.g. frontCamber').max(200, 'field must be at most 200 characters'),
  location: z.string().trim().min(1, 'location must not be empty').max(120, 'location must be at most 120 characters').optional(),
});

/** One time a setup field was changed: where and between which runs, the change, and what the pair of runs showed (every change of the pair in `effect.changes`). */
export const FieldChangeEffect = z
  .object({
    raceEvent: z.object({ id: z.number().int(), name: z.string(), location: z.string(), date: z.string() }),
    sessionName: z.string(),
    previousSessionName: z.string(),
    change: SetupChange,
    effect: ChangeEffect,
  })
  .meta({ id: 'FieldChangeEffect' });
export type FieldChangeEffect = z.infer<typeof FieldChangeEffect>;
