/**
 * @pitwall/contracts/values: the constants (option lists with their labels, limits) and pure rules
 * the screens show, without zod — a screen that imports from here does not wait for the schema
 * library. The schema modules build their schemas from these and re-export them, so
 * `@pitwall/contracts` answers the same names.
 */
export * from './corner-weights.ts';
export * from './endurance.ts';
export * from './issues.ts';
export * from './lap-sheet.ts';
export * from './parts.ts';
export * from './sessions.ts';
export * from './setup.ts';
export * from './setup-sheet.ts';
export * from './tire-pressures.ts';
export * from './tire-sets.ts';
export * from './tire-temperatures.ts';
export * from './race-now.ts';
// Zod-free modules of the contracts whose rules the screens show as they are.
export * from '../scales.ts';
export { formatDistance, parseTrackLengthKm } from '../track-length.ts';
export { partUsedPercent } from '../part-life.ts';
export * from './pit-stops.ts';
