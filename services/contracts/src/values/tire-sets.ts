/**
 * A tire set's conditions and the four corners as the tire screens list them, and the limits and
 * rule of a set's earlier use (heat cycles and laps before Pitwall), free of zod so the screens
 * that show a set load them without the schema library; ../tire-sets.ts re-exports them.
 */

/** A set's condition with its words, in the order of its life. */
export const TIRE_SET_CONDITIONS = [
  { value: 'new', label: 'New' },
  { value: 'scrubbed', label: 'Scrubbed' },
  { value: 'used', label: 'Used' },
  { value: 'scrapped', label: 'Scrapped' },
] as const;

/** The four corners, in the order screens show them, with their words. */
export const CORNERS = [
  { value: 'fl', label: 'Front left' },
  { value: 'fr', label: 'Front right' },
  { value: 'rl', label: 'Rear left' },
  { value: 'rr', label: 'Rear right' },
] as const;
export type Corner = (typeof CORNERS)[number]['value'];

/** A number of heat cycles in words: '1 heat cycle', '0 heat cycles', '3 heat cycles'. */
export const heatCyclesText = (count: number) => `${count} heat ${count === 1 ? 'cycle' : 'cycles'}`;

/** The most earlier heat cycles a set can be entered with (a race tire is spent long before 100). */
export const EARLIER_HEAT_CYCLES_MAX = 100;
/** The most earlier laps a set can be entered with (a few hundred laps wear out even an endurance tire). */
export const EARLIER_LAPS_MAX = 5000;

/**
 * What is wrong with a set's earlier use, or null: laps are run on a heat cycle, so earlier laps
 * (`earlierLaps` > 0) need at least one earlier heat cycle. Answers the field to name and the
 * message (a 400 reads 'earlierHeatCycles: must be at least 1 …'). Example: 0 heat cycles and 40
 * laps → { field: 'earlierHeatCycles', message: 'must be at least 1 for a set with earlier laps (laps are run on a heat cycle)' }.
 */
export function earlierUseProblem(use: { earlierHeatCycles: number; earlierLaps: number }): { field: 'earlierHeatCycles'; message: string } | null {
  return use.earlierLaps > 0 && use.earlierHeatCycles === 0 ? { field: 'earlierHeatCycles', message: 'must be at least 1 for a set with earlier laps (laps are run on a heat cycle)' } : null;
}
