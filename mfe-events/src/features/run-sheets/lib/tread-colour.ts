import type { SessionTireTemperatures } from '@pitwall/contracts';

/** The colour scale of the tire picture: from cool (blue) to hot (red), over the temperatures of one reading. */

/** The narrowest range the scale spreads over, °C: a reading whose tires are all within a few degrees does not look like fire and ice. */
const MIN_SCALE_SPAN_C = 15;

/** The scale's range (°C) for a reading: its coolest to its hottest band, widened about its middle to at least MIN_SCALE_SPAN_C. */
export function scaleOf(reading: Pick<SessionTireTemperatures, 'corners'>): [number, number] {
  const all = Object.values(reading.corners).flatMap((t) => [t.innerC, t.middleC, t.outerC]);
  const [lo, hi] = [Math.min(...all), Math.max(...all)];
  const widen = Math.max(0, MIN_SCALE_SPAN_C - (hi - lo)) / 2;
  return [lo - widen, hi + widen];
}

/**
 * The colour of a band at `celsius` on `scale` (°C): hue 220 (blue, coolest) through green and
 * yellow to 0 (red, hottest), light enough (62 %) for dark figures on it at every hue.
 */
export function treadColour(celsius: number, [lo, hi]: [number, number]): string {
  const share = hi === lo ? 0.5 : Math.min(1, Math.max(0, (celsius - lo) / (hi - lo)));
  return `hsl(${Math.round(220 * (1 - share))} 85% 62%)`;
}
