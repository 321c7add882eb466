/**
 * The tire pressure assistant's constants the schemas (../tire-pressure-assistant.ts) and the zod-free
 * sentences (./tire-pressures.ts) both need: a leaf module, so neither imports the other for them.
 */

/** The ambient temperatures a suggestion may be asked for, °C (the run sheets' range). */
export const AMBIENT_MIN_C = -30;
export const AMBIENT_MAX_C = 80;
