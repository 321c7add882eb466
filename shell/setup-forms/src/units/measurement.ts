import type { PressureUnit, TemperatureUnit, TeamUnits } from '@pitwall/contracts';

/**
 * Parsing and formatting of the setup values the spec stores as text WITH their unit
 * ('31.5 psi', '2.15 bar', '-3.0°', '75 mm', '170 N/mm'), and the unit conversions the forms need.
 * Pure functions, no React: unit-tested in measurement.unit.test.ts.
 *
 * Sources of the constants:
 * - 1 psi = 6.894 757 kPa (NIST SP 811, 2008 ed., Appendix B.8, "pound-force per square inch"),
 *   1 bar = 100 kPa (exact, same table), so 1 bar = 100 / 6.894 757 = 14.503 77 psi.
 * - t/°F = 1.8 · t/°C + 32 (exact; NIST SP 811 §4.2.1.1 and Appendix B.9).
 */

/** psi in one bar: 100 kPa / 6.894 757 kPa (NIST SP 811 App. B.8). */
export const PSI_PER_BAR = 100 / 6.894757;

/** What a setup field measures; 'text' fields (damper '8/6', toe '1.2mm (out)', anti-roll bar 'Medium') are never numeric. */
export type MeasureKind = 'pressure' | 'temperature' | 'length' | 'springRate' | 'angle' | 'text';

/** Every unit a stored value may carry. */
export type MeasureUnit = PressureUnit | 'degC' | 'degF' | 'mm' | 'N/mm' | 'deg';

/** A stored value read as a number: `digits` is the number exactly as written (e.g. '-3.0'), `unit` null when none was written. */
export interface Measurement {
  value: number;
  digits: string;
  unit: MeasureUnit | null;
}

const NUMBER = String.raw`([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+))`;

/** '.5' → '0.5', '-.5' → '-0.5', '+2' → '2', '5.' → '5'; other digits unchanged ('-3.0' stays). */
function normaliseDigits(digits: string): string {
  return digits.replace(/^\+/, '').replace(/^(-?)\./, '$10.').replace(/\.$/, '');
}

/** The unit spellings accepted after a number, per kind (case-insensitive, optional space before). */
const UNIT_SPELLINGS: Record<Exclude<MeasureKind, 'text'>, readonly [RegExp, MeasureUnit][]> = {
  pressure: [
    [/^psi$/i, 'psi'],
    [/^bar$/i, 'bar'],
  ],
  temperature: [
    [/^(?:°\s*c|c|degc)$/i, 'degC'],
    [/^(?:°\s*f|f|degf)$/i, 'degF'],
  ],
  length: [[/^mm$/i, 'mm']],
  springRate: [[/^n\s*\/\s*mm$/i, 'N/mm']],
  angle: [[/^(?:°|deg|degrees?)$/i, 'deg']],
};

/**
 * Reads a stored or typed value as a number of `kind`: '31.5 psi', '31,5psi', '2.1 bar', '-3.0°',
 * '120mm', '78 N/mm', '21 °C', or a bare number (unit null). Answers null for blank text, text of
 * the 'text' kind, anything else around the number ('1.2mm (out)', '8/6', 'Medium', '30 kPa').
 */
export function parseMeasurement(text: string | null | undefined, kind: MeasureKind): Measurement | null {
  if (kind === 'text' || text == null) return null;
  const match = new RegExp(`^\\s*${NUMBER}\\s*(.*?)\\s*$`).exec(text);
  if (!match) return null;
  const digits = match[1]!.replace(',', '.');
  const rest = match[2]!;
  let unit: MeasureUnit | null = null;
  if (rest !== '') {
    const found = UNIT_SPELLINGS[kind].find(([pattern]) => pattern.test(rest));
    if (!found) return null;
    unit = found[1];
  }
  const value = Number(digits);
  if (!Number.isFinite(value)) return null;
  return { value, digits: normaliseDigits(digits), unit };
}

/** Pressure in `to` from `value` in `from` (1 bar = {@link PSI_PER_BAR} psi). */
export function convertPressure(value: number, from: PressureUnit, to: PressureUnit): number {
  if (from === to) return value;
  return from === 'bar' ? value * PSI_PER_BAR : value / PSI_PER_BAR;
}

/** Temperature in `to` ('C' or 'F') from `value` in `from`: °F = 1.8·°C + 32 (exact). */
export function convertTemperature(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return from === 'C' ? value * 1.8 + 32 : (value - 32) / 1.8;
}

/**
 * A temperature DIFFERENCE in `to` from `value` in `from` (a spread across a tire, a tolerance):
 * 1 °C of difference is 1.8 °F, without the 32 °F offset of a temperature.
 */
export function convertTemperatureDifference(value: number, from: TemperatureUnit, to: TemperatureUnit): number {
  if (from === to) return value;
  return from === 'C' ? value * 1.8 : value / 1.8;
}

/** Decimals a converted value is shown with: psi 0.1, bar 0.01, °C/°F 0.1 (a gauge's resolution). */
const CONVERTED_DECIMALS: Record<PressureUnit | TemperatureUnit, number> = { psi: 1, bar: 2, C: 1, F: 1 };

/** `value` rounded to `decimals`, without trailing zeros ('33.5', '34', '2.3'). */
function roundedText(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The unit a field of `kind` is entered in for a team (pressure and temperature follow the team). */
export function entryUnit(kind: Exclude<MeasureKind, 'text'>, units: TeamUnits): MeasureUnit {
  switch (kind) {
    case 'pressure':
      return units.pressureUnit;
    case 'temperature':
      return units.temperatureUnit === 'C' ? 'degC' : 'degF';
    case 'length':
      return 'mm';
    case 'springRate':
      return 'N/mm';
    case 'angle':
      return 'deg';
  }
}

/** The unit as shown beside a field: 'psi', 'bar', '°C', '°F', 'mm', 'N/mm', '°'. */
export function unitLabel(unit: MeasureUnit): string {
  switch (unit) {
    case 'degC':
      return '°C';
    case 'degF':
      return '°F';
    case 'deg':
      return '°';
    default:
      return unit;
  }
}

/**
 * The stored text of a number entered in `unit`, the spec's contract: '31.5 psi', '2.15 bar',
 * '21 °C', '75 mm', '170 N/mm', '-3.0°' (degrees of angle without a space). `digits` is kept as
 * typed ('-3.0' stays '-3.0'; a decimal comma becomes a point).
 */
export function formatMeasurement(digits: string, unit: MeasureUnit): string {
  const number = digits.trim().replace(',', '.');
  return unit === 'deg' ? `${number}°` : `${number} ${unitLabel(unit)}`;
}

/**
 * The number to show in a field of `kind` for a stored value, in the team's unit: the stored
 * digits unchanged when the stored unit is the entry unit (or none was written); converted and
 * rounded (psi 0.1, bar 0.01, °C/°F 0.1) when the stored value is in the other pressure or
 * temperature unit. Null when the stored text is not a number of that kind (it stays text).
 */
export function displayDigits(stored: string | null | undefined, kind: MeasureKind, units: TeamUnits): string | null {
  if (kind === 'text') return null;
  const m = parseMeasurement(stored, kind);
  if (!m) return null;
  const unit = entryUnit(kind, units);
  if (m.unit === null || m.unit === unit) return m.digits;
  if (kind === 'pressure') return roundedText(convertPressure(m.value, m.unit as PressureUnit, units.pressureUnit), CONVERTED_DECIMALS[units.pressureUnit]);
  if (kind === 'temperature') {
    const from: TemperatureUnit = m.unit === 'degC' ? 'C' : 'F';
    return roundedText(convertTemperature(m.value, from, units.temperatureUnit), CONVERTED_DECIMALS[units.temperatureUnit]);
  }
  return m.digits;
}

/**
 * Reads what a user typed in a numeric field of `kind` (entered in the team's unit): a number,
 * optionally followed by the entry unit ('33.5', '33,5', '33.5 psi'). Answers the digits to store,
 * or null when it is not such a number.
 */
export function parseEntry(typed: string, kind: Exclude<MeasureKind, 'text'>, units: TeamUnits): string | null {
  const m = parseMeasurement(typed, kind);
  if (!m) return null;
  if (m.unit !== null && m.unit !== entryUnit(kind, units)) return null;
  return m.digits;
}

/** The API's unit of each numeric kind the run sheets send as numbers: psi and °C. */
const API_UNITS = { pressure: 'psi', temperature: 'C' } as const;

/**
 * A number the API holds in psi or °C (run sheets) as the digits shown in the team's
 * unit: unchanged in the API unit, else converted and rounded (bar 0.01, °F 0.1). E.g. 28 psi for a
 * bar team → '1.93'; 19 °C for a °F team → '66.2'.
 */
export function fromApiNumber(value: number, kind: 'pressure' | 'temperature', units: TeamUnits): string {
  if (kind === 'pressure') return units.pressureUnit === API_UNITS.pressure ? String(value) : roundedText(convertPressure(value, 'psi', units.pressureUnit), CONVERTED_DECIMALS[units.pressureUnit]);
  return units.temperatureUnit === API_UNITS.temperature ? String(value) : roundedText(convertTemperature(value, 'C', units.temperatureUnit), CONVERTED_DECIMALS[units.temperatureUnit]);
}

/**
 * What a user typed in the team's unit as the number the API takes (psi, °C), rounded to 0.01;
 * null when blank, NaN when it is not a number of that kind (so the caller can name the field).
 */
export function toApiNumber(typed: string, kind: 'pressure' | 'temperature', units: TeamUnits): number | null {
  if (typed.trim() === '') return null;
  const digits = parseEntry(typed, kind, units);
  if (digits === null) return Number.NaN;
  const value = Number(digits);
  const converted = kind === 'pressure' ? convertPressure(value, units.pressureUnit, 'psi') : convertTemperature(value, units.temperatureUnit, 'C');
  return Math.round(converted * 100) / 100;
}

/**
 * A pressure the API holds in psi as a gauge shows it in the team's unit: psi to 0.1, bar to 0.01,
 * always with those decimals ('25.8', '1.78'). For readings and proposals, not for editable fields.
 */
export function gaugePressure(psi: number, units: TeamUnits): string {
  return convertPressure(psi, 'psi', units.pressureUnit).toFixed(CONVERTED_DECIMALS[units.pressureUnit]);
}

/** A temperature the API holds in °C in the team's unit, to 0.1 without trailing zeros ('24', '75.2'). */
export function shownTemperature(celsius: number, units: TeamUnits): string {
  return roundedText(convertTemperature(celsius, 'C', units.temperatureUnit), CONVERTED_DECIMALS[units.temperatureUnit]);
}

/** A temperature difference the API holds in °C in the team's unit, to 0.1 without trailing zeros (5 °C → '5', or '9' for a °F team; 6.5 → '11.7'). */
export function shownTemperatureDifference(celsius: number, units: TeamUnits): string {
  return roundedText(convertTemperatureDifference(celsius, 'C', units.temperatureUnit), CONVERTED_DECIMALS[units.temperatureUnit]);
}

/**
 * A temperature difference typed in the team's unit as the °C the API takes, rounded to 0.01 (9 °F
 * → 5); null when blank, NaN when it is not a number (so the caller can name the field).
 */
export function toApiTemperatureDifference(typed: string, units: TeamUnits): number | null {
  if (typed.trim() === '') return null;
  const digits = parseEntry(typed, 'temperature', units);
  if (digits === null) return Number.NaN;
  return Math.round(convertTemperatureDifference(Number(digits), units.temperatureUnit, 'C') * 100) / 100;
}
