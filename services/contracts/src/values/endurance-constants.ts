/**
 * The endurance constants the schemas (../endurance.ts) and the zod-free arithmetic (./endurance.ts)
 * both need: a leaf module, so neither imports the other for them.
 */

/**
 * How a race plan splits the laps into stints: 'full-tanks' (what endurance teams run: every stint
 * as long as a full tank lasts, the last one short) or 'even' (the laps spread evenly, for a series
 * that caps stint length or a team that wants the same fuel load each time).
 */
export const STINT_SPLITS = ['full-tanks', 'even'] as const;
export type StintSplit = (typeof STINT_SPLITS)[number];

/** The longest pit stop a stint records: 24 hours, in ms (a repair in the garage of a 24-hour race still counts as a stop, as the timing sheet's pit time says). */
export const MAX_PIT_STOP_MS = 24 * 60 * 60_000;
