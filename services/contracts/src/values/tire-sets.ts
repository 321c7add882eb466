/**
 * A tyre set's conditions and the four corners as the tyre screens list them, free of zod so the
 * screens that show a set load them without the schema library; ../tire-sets.ts re-exports them.
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
