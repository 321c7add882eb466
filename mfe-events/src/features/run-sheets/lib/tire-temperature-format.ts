import type { SessionTireTemperatures, TeamUnits, TireTemperatureReading, TireTemperatureTargetsValue, TreadTemperatures } from '@pitwall/contracts';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS, readTireTemperatures, type PRESSURE_CORNERS } from '@pitwall/contracts/values';
import { entryUnit, shownTemperature, shownTemperatureDifference, unitLabel } from '@pitwall/setup-forms/display';

/** Display texts of the tire temperatures. Pure; temperatures arrive from the API in °C and show in the team's unit. */

type Corner = (typeof PRESSURE_CORNERS)[number];

/** The team's temperature unit as shown: '°C' or '°F'. */
export const temperatureUnitText = (units: TeamUnits) => unitLabel(entryUnit('temperature', units));

/** A tread temperature in °C in the team's unit with its unit: '92 °C', '197.6 °F'. */
export const treadTemperatureText = (celsius: number, units: TeamUnits) => `${shownTemperature(celsius, units)} ${temperatureUnitText(units)}`;

/** A temperature difference in °C in the team's unit with its sign and unit: '+6.5 °C', '−3 °C', '0 °C', '+11.7 °F'. */
export function differenceText(celsius: number, units: TeamUnits): string {
  const sign = celsius > 0 ? '+' : celsius < 0 ? '−' : '';
  return `${sign}${shownTemperatureDifference(Math.abs(celsius), units)} ${temperatureUnitText(units)}`;
}

/** Which reading of a session: 'After stint 2', or 'After the run' (stint null). */
export const readingName = (stint: number | null) => (stint === null ? 'After the run' : `After stint ${stint}`);

/** What a tire's temperatures say, in words: 'Camber: more negative · Pressure: lower'. */
export const adviceText = (r: Pick<TireTemperatureReading, 'camber' | 'pressure'>) => `Camber: ${r.camber} · Pressure: ${r.pressure}`;

/** The figures behind the advice in the team's unit: 'Spread +3 °C · Middle vs edges +6.5 °C'. */
export const figuresText = (r: Pick<TireTemperatureReading, 'spreadC' | 'middleVsEdgesC'>, units: TeamUnits) => `Spread ${differenceText(r.spreadC, units)} · Middle vs edges ${differenceText(r.middleVsEdgesC, units)}`;

/**
 * The bands of a tread as the picture draws them, seen from above with the front at the top: left to
 * right, so the inner edges face the car's centre line (a left tire outer | middle | inner, a right
 * tire inner | middle | outer).
 */
export function bandsOf(corner: Corner, t: TreadTemperatures): { edge: 'inner' | 'middle' | 'outer'; celsius: number }[] {
  const bands = [
    { edge: 'outer' as const, celsius: t.outerC },
    { edge: 'middle' as const, celsius: t.middleC },
    { edge: 'inner' as const, celsius: t.innerC },
  ];
  return corner.key === 'fl' || corner.key === 'rl' ? bands : bands.reverse();
}

/** A tread in words for a screen reader: 'FL tread: inner 92 °C, middle 86 °C, outer 80 °C'. */
export const treadWords = (corner: Corner, t: TreadTemperatures, units: TeamUnits) =>
  `${corner.short} tread: inner ${treadTemperatureText(t.innerC, units)}, middle ${treadTemperatureText(t.middleC, units)}, outer ${treadTemperatureText(t.outerC, units)}`;

/**
 * What a tire of a reading says against `targets` (°C): read again with the same rule as the server
 * (readTireTemperatures), so the words follow the targets shown beside them; while the targets are
 * unknown, the server's reading as answered.
 */
export function readingAgainst(tire: SessionTireTemperatures['corners']['fl'], targets: TireTemperatureTargetsValue | undefined): TireTemperatureReading {
  return targets ? readTireTemperatures(tire, targets) : tire.reading;
}

/** The targets in words in the team's unit: 'Spread 5–10 °C, middle within ±2 °C of the edges (the defaults)'. */
export function targetsText(t: TireTemperatureTargetsValue, units: TeamUnits): string {
  const d = DEFAULT_TIRE_TEMPERATURE_TARGETS;
  const defaults = t.spreadMinC === d.spreadMinC && t.spreadMaxC === d.spreadMaxC && t.middleToleranceC === d.middleToleranceC;
  const unit = temperatureUnitText(units);
  return `Spread ${shownTemperatureDifference(t.spreadMinC, units)}–${shownTemperatureDifference(t.spreadMaxC, units)} ${unit}, middle within ±${shownTemperatureDifference(t.middleToleranceC, units)} ${unit} of the edges${defaults ? ' (the defaults)' : ''}`;
}
