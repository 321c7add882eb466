import { z } from 'zod';
import { PutTireTemperatureTargetsBody, TreadTemperaturesBody, type PutSessionTireTemperaturesBody, type TeamUnits, type TireTemperatureTargetsValue } from '@pitwall/contracts';
import { PRESSURE_CORNERS, type PressureCorner } from '@pitwall/contracts/values';
import { shownTemperature, shownTemperatureDifference, toApiNumber, toApiTemperatureDifference } from '@pitwall/setup-forms/display';
import { temperatureUnitText } from './tire-temperature-format';

/**
 * The zod schemas of the tire temperature forms (react-hook-form + zodResolver): the fields are the
 * texts typed in the team's temperature unit, the output the API's body in °C. The limits are the
 * contract's (TreadTemperaturesBody, PutTireTemperatureTargetsBody), said in the team's unit. Loaded
 * with the forms only (zod stays out of a run sheet's first load).
 */

/** The edges of a tread, in the order they are entered. */
export const TREAD_EDGES = [
  { key: 'innerC', label: 'inner' },
  { key: 'middleC', label: 'middle' },
  { key: 'outerC', label: 'outer' },
] as const;

type Edge = (typeof TREAD_EDGES)[number]['key'];
/** What the reading form's fields hold: the stint ('' = after the run) and each tread temperature as typed. */
export type TireTemperaturesFormValues = { stint: string } & Record<PressureCorner, Record<Edge, string>>;

/** An empty reading form: after the run, no temperature typed. */
export const EMPTY_READING: TireTemperaturesFormValues = {
  stint: '',
  ...(Object.fromEntries(PRESSURE_CORNERS.map((c) => [c.key, { innerC: '', middleC: '', outerC: '' }])) as Record<PressureCorner, Record<Edge, string>>),
};

/** A typed number read as °C by `toC` (null blank, NaN not a number), refused outside the contract's `limits` (°C), each message in the team's unit. */
function typedCelsius(toC: (typed: string) => number | null, limits: { minValue: number | null; maxValue: number | null }, shown: (celsius: number) => string, unit: string, blank: string) {
  const [min, max] = [limits.minValue ?? -Infinity, limits.maxValue ?? Infinity];
  return z.string().transform((typed, ctx) => {
    const c = toC(typed);
    if (c === null) ctx.addIssue({ code: 'custom', message: blank });
    else if (Number.isNaN(c)) ctx.addIssue({ code: 'custom', message: `Must be a number of ${unit}` });
    else if (c < min || c > max) ctx.addIssue({ code: 'custom', message: `Must be from ${shown(min)} to ${shown(max)} ${unit}` });
    else return c;
    return z.NEVER;
  });
}

/** The reading form's schema for a team's units: every tread temperature required, sent in °C (0–200 °C, the contract's); the stint as a number or null. */
export function tireTemperaturesFormSchema(units: TeamUnits) {
  const celsius = () => typedCelsius((t) => toApiNumber(t, 'temperature', units), TreadTemperaturesBody.shape.innerC, (c) => shownTemperature(c, units), temperatureUnitText(units), 'Enter the temperature');
  const tread = () => z.object({ innerC: celsius(), middleC: celsius(), outerC: celsius() });
  return z
    .object({ stint: z.string(), fl: tread(), fr: tread(), rl: tread(), rr: tread() })
    .transform(({ stint, ...corners }): PutSessionTireTemperaturesBody => ({ corners, stint: stint === '' ? null : Number(stint) }));
}

type TargetKey = keyof TireTemperatureTargetsValue;
/** What the targets form's fields hold: each target as typed in the team's unit (a difference: 1 °C = 1.8 °F). */
export type TargetsFormValues = Record<TargetKey, string>;

/** The targets as the form shows them first, in the team's unit. */
export const targetsFormValues = (targets: TireTemperatureTargetsValue, units: TeamUnits): TargetsFormValues => ({
  spreadMinC: shownTemperatureDifference(targets.spreadMinC, units),
  spreadMaxC: shownTemperatureDifference(targets.spreadMaxC, units),
  middleToleranceC: shownTemperatureDifference(targets.middleToleranceC, units),
});

/**
 * The targets form's schema for a team's units: each target typed as a difference in the team's
 * unit and sent in °C within the contract's limits; a field left as shown sends `stored` unchanged (no
 * rounding through °F, so nothing changes in the history); the most spread not below the least.
 */
export function targetsFormSchema(units: TeamUnits, stored: TireTemperatureTargetsValue) {
  const shownFirst = targetsFormValues(stored, units);
  const toC = (key: TargetKey) => (typed: string) => (typed.trim() === shownFirst[key] ? stored[key] : toApiTemperatureDifference(typed, units));
  const target = (key: TargetKey) => typedCelsius(toC(key), PutTireTemperatureTargetsBody.shape[key], (c) => shownTemperatureDifference(c, units), temperatureUnitText(units), 'Enter a number');
  return z
    .object({ spreadMinC: target('spreadMinC'), spreadMaxC: target('spreadMaxC'), middleToleranceC: target('middleToleranceC') })
    .refine((t) => t.spreadMinC <= t.spreadMaxC, { message: 'Must not be below the least spread', path: ['spreadMaxC'] });
}
