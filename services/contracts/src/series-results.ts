import { z } from 'zod';
import { entryNumber } from './series.ts';
import { DEFAULT_POINTS, RESULT_STATUSES } from './values/standings.ts';
import { LAP_EXPORT_MAX_CHARS, LAP_TIME_MAX_MS } from './values/sessions.ts';

export { classifyRound, DEFAULT_POINTS, RESULT_STATUSES, standingsOf } from './values/standings.ts';
export { readClassification, type ClassificationReading, type ClassificationRow } from './lap-import/classification.ts';
export type { ClassifiedResult, PointsTableValue, RoundResultValue, StandingLine } from './values/standings.ts';

/**
 * A series' results and standings: the organiser records each round's classification (typed, or
 * taken from the timing's classification file), the series' points table turns it into the
 * standings per class. The arithmetic is ./values/standings.ts (re-exported).
 */

/** Most laps a result may carry: a 24-hour race runs about 400 laps; a kart race some more. */
const MAX_RESULT_LAPS = 10_000;
/** Most results in one round's classification. */
const MAX_RESULTS = 200;

/** A result's status: 'classified' (scores by its class position), 'dnf' or 'dsq' (score nothing but pole). */
export const ResultStatus = z.enum(RESULT_STATUSES, { error: "status must be 'classified', 'dnf' or 'dsq'" });
export type ResultStatus = z.infer<typeof ResultStatus>;

/** One car's result as typed or taken from the file: its entry number, overall position, laps, best lap (ms), status, pole. */
export const RoundResultInput = z.object({
  number: entryNumber,
  position: z.number({ error: 'position must be a whole number from 1 to 999' }).int('position must be a whole number from 1 to 999').min(1, 'position must be a whole number from 1 to 999').max(999, 'position must be a whole number from 1 to 999'),
  laps: z.number({ error: `laps must be a whole number from 0 to ${MAX_RESULT_LAPS}` }).int(`laps must be a whole number from 0 to ${MAX_RESULT_LAPS}`).min(0, `laps must be a whole number from 0 to ${MAX_RESULT_LAPS}`).max(MAX_RESULT_LAPS, `laps must be a whole number from 0 to ${MAX_RESULT_LAPS}`),
  bestLapMs: z.number({ error: 'bestLapMs must be a lap time in ms or null' }).int('bestLapMs must be a whole number of ms').min(1, 'bestLapMs must be at least 1 ms').max(LAP_TIME_MAX_MS, `bestLapMs must be at most ${LAP_TIME_MAX_MS} ms`).nullable().default(null),
  status: ResultStatus,
  pole: z.boolean().default(false),
});
export type RoundResultInput = z.input<typeof RoundResultInput>;

/**
 * PUT /api/series/{seriesId}/rounds/{roundId}/results (organiser): the round's whole classification.
 * Each number and each position once; at most one car on pole per class (checked against the entries).
 */
export const PutRoundResultsBody = z.object({
  results: z
    .array(RoundResultInput)
    .max(MAX_RESULTS, `at most ${MAX_RESULTS} cars`)
    .superRefine((rows, ctx) => {
      const numbers = new Set<string>();
      const positions = new Set<number>();
      rows.forEach((r, i) => {
        if (numbers.has(r.number)) ctx.addIssue({ code: 'custom', path: [i, 'number'], message: `Number ${r.number} appears twice` });
        if (positions.has(r.position)) ctx.addIssue({ code: 'custom', path: [i, 'position'], message: `Position ${r.position} appears twice` });
        numbers.add(r.number);
        positions.add(r.position);
      });
    }),
});
export type PutRoundResultsBody = z.input<typeof PutRoundResultsBody>;

/** One line of a round's classification as answered: the stored result read in its class, the entry's team (null once withdrawn). */
export const RoundResultLine = z.object({
  number: z.string(),
  class: z.string(),
  teamName: z.string().nullable(),
  position: z.number().int(),
  classPosition: z.number().int().nullable(),
  laps: z.number().int(),
  gapLaps: z.number().int().nullable(),
  bestLapMs: z.number().int().nullable(),
  status: ResultStatus,
  pole: z.boolean(),
  points: z.number(),
});
export type RoundResultLine = z.infer<typeof RoundResultLine>;

/** GET|PUT …/rounds/{roundId}/results: the classification in overall order, who recorded it last and when (null: none yet). */
export const RoundResults = z
  .object({
    roundId: z.number().int(),
    results: z.array(RoundResultLine),
    recordedBy: z.string().nullable(),
    recordedAt: z.string().nullable(),
  })
  .meta({ id: 'RoundResults' });
export type RoundResults = z.infer<typeof RoundResults>;

/** PUT /api/series/{seriesId}/points-table (organiser): points per class position (1st first), and pole points. */
export const PointsTable = z
  .object({
    points: z
      .array(z.number({ error: 'points must be numbers from 0 to 100' }).min(0, 'points must be numbers from 0 to 100').max(100, 'points must be numbers from 0 to 100'))
      .min(1, 'at least the winner scores')
      .max(50, 'at most 50 positions score')
      .refine((ps) => ps.every((p, i) => i === 0 || p <= ps[i - 1]!), 'a position may not score more than the one before it'),
    polePoints: z.number({ error: 'polePoints must be a number from 0 to 10' }).min(0, 'polePoints must be a number from 0 to 10').max(10, 'polePoints must be a number from 0 to 10').default(0),
  })
  .meta({ id: 'PointsTable' });
export type PointsTable = z.output<typeof PointsTable>;

/** POST …/rounds/{roundId}/results/preview (organiser): the text of the timing's 'Classification' or 'Analysis' CSV. */
export const ResultsPreviewBody = z.object({
  text: z.string({ error: 'text is required: the classification file as text' }).min(1, 'text is required: the classification file as text').max(LAP_EXPORT_MAX_CHARS, `text: at most ${LAP_EXPORT_MAX_CHARS / 1024 / 1024} MB`),
});
export type ResultsPreviewBody = z.input<typeof ResultsPreviewBody>;

/**
 * The classification read from the file, nothing saved: each car with its number as the file writes
 * it, position, laps, best lap (ms), status and the file's class; `entered` whether a car of the
 * series is entered under that number (the others are named in `unmatched` and left out on saving).
 */
export const ResultsPreview = z
  .object({
    results: z.array(z.object({ number: z.string(), position: z.number().int(), laps: z.number().int(), bestLapMs: z.number().int().nullable(), status: ResultStatus, fileClass: z.string(), entered: z.boolean() })),
    unmatched: z.array(z.string()),
  })
  .meta({ id: 'ResultsPreview' });
export type ResultsPreview = z.infer<typeof ResultsPreview>;

/** The points table of a series that has set none. */
export const DEFAULT_POINTS_TABLE: PointsTable = { points: [...DEFAULT_POINTS], polePoints: 0 };

/** GET /api/series/{seriesId}/standings: the points table and, per class (the series' order), the cars' lines. */
export const Standings = z
  .object({
    pointsTable: PointsTable,
    classes: z.array(
      z.object({
        class: z.string(),
        lines: z.array(
          z.object({
            position: z.number().int(),
            number: z.string(),
            teamName: z.string().nullable(),
            points: z.number(),
            wins: z.number().int(),
            seconds: z.number().int(),
            rounds: z.array(z.object({ roundId: z.number().int(), points: z.number(), classPosition: z.number().int().nullable(), status: ResultStatus })),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'Standings' });
export type Standings = z.infer<typeof Standings>;
