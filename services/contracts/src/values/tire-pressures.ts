/**
 * The tire pressure assistant's constants, free of zod so the run sheet loads them without the
 * schema library; ../tire-pressure-assistant.ts builds its schemas from them and re-exports them.
 */

/** The ambient temperatures a suggestion may be asked for, °C (the run sheets' range). */
export const AMBIENT_MIN_C = -30;
export const AMBIENT_MAX_C = 80;

/** The four corners in display order, with their short and long labels. */
export const PRESSURE_CORNERS = [
  { key: 'fl', short: 'FL', label: 'Front Left', axle: 'front' },
  { key: 'fr', short: 'FR', label: 'Front Right', axle: 'front' },
  { key: 'rl', short: 'RL', label: 'Rear Left', axle: 'rear' },
  { key: 'rr', short: 'RR', label: 'Rear Right', axle: 'rear' },
] as const;
export type PressureCorner = (typeof PRESSURE_CORNERS)[number]['key'];
