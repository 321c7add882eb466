import { describe, expect, it } from 'vitest';
import {
  PSI_PER_BAR, convertPressure, convertTemperature, convertTemperatureDifference, displayDigits, formatMeasurement, fromApiNumber, gaugePressure, parseEntry, parseMeasurement, shownTemperature,
  shownTemperatureDifference, toApiNumber, toApiTemperatureDifference,
} from './measurement';

const PSI = { pressureUnit: 'psi', temperatureUnit: 'C' } as const;
const BAR = { pressureUnit: 'bar', temperatureUnit: 'F' } as const;

describe('parseMeasurement', () => {
  it.each([
    ['31.5 psi', 'pressure', 31.5, '31.5', 'psi'],
    ['31,5psi', 'pressure', 31.5, '31.5', 'psi'],
    ['2.15 BAR', 'pressure', 2.15, '2.15', 'bar'],
    ['34', 'pressure', 34, '34', null],
    ['-3.0°', 'angle', -3, '-3.0', 'deg'],
    ['-2.8 deg', 'angle', -2.8, '-2.8', 'deg'],
    ['120mm', 'length', 120, '120', 'mm'],
    ['75 mm', 'length', 75, '75', 'mm'],
    ['78 N/mm', 'springRate', 78, '78', 'N/mm'],
    ['170n/mm', 'springRate', 170, '170', 'N/mm'],
    ['21 °C', 'temperature', 21, '21', 'degC'],
    ['70F', 'temperature', 70, '70', 'degF'],
    ['.5', 'angle', 0.5, '0.5', null],
    ['-.5°', 'angle', -0.5, '-0.5', 'deg'],
    ['+1.5', 'angle', 1.5, '1.5', null],
  ] as const)('%s as %s is %d (%s, unit %s)', (text, kind, value, digits, unit) => {
    expect(parseMeasurement(text, kind)).toEqual({ value, digits, unit });
  });

  it.each([
    ['8/6', 'length'],
    ['1.2mm (out)', 'length'],
    ['Medium', 'length'],
    ['30 kPa', 'pressure'],
    ['2.1 bar', 'length'],
    ['', 'pressure'],
    ['   ', 'angle'],
    ['33.5', 'text'],
    ['-', 'angle'],
  ] as const)("'%s' is not a number of %s", (text, kind) => {
    expect(parseMeasurement(text, kind)).toBeNull();
  });

  it('reads null and undefined as no number', () => {
    expect(parseMeasurement(null, 'pressure')).toBeNull();
    expect(parseMeasurement(undefined, 'pressure')).toBeNull();
  });
});

describe('unit conversions', () => {
  it('1 bar is 14.5038 psi (NIST SP 811: 1 psi = 6.894757 kPa)', () => {
    expect(PSI_PER_BAR).toBeCloseTo(14.5038, 4);
    expect(convertPressure(2, 'bar', 'psi')).toBeCloseTo(29.0075, 4);
    expect(convertPressure(29.0075, 'psi', 'bar')).toBeCloseTo(2, 4);
    expect(convertPressure(31.5, 'psi', 'psi')).toBe(31.5);
  });

  it('°F = 1.8·°C + 32', () => {
    expect(convertTemperature(100, 'C', 'F')).toBe(212);
    expect(convertTemperature(-40, 'F', 'C')).toBe(-40);
    expect(convertTemperature(70, 'F', 'C')).toBeCloseTo(21.111, 3);
    expect(convertTemperature(21, 'C', 'C')).toBe(21);
  });
});

describe('displayDigits: what a field shows for a stored value, in the team unit', () => {
  it('keeps the stored digits when the unit matches or none was written', () => {
    expect(displayDigits('33.50 psi', 'pressure', PSI)).toBe('33.50');
    expect(displayDigits('34', 'pressure', PSI)).toBe('34');
    expect(displayDigits('-3.0°', 'angle', PSI)).toBe('-3.0');
    expect(displayDigits('120mm', 'length', BAR)).toBe('120');
  });

  it('converts the other pressure or temperature unit, rounded to the gauge resolution', () => {
    expect(displayDigits('2.31 bar', 'pressure', PSI)).toBe('33.5');
    expect(displayDigits('34 psi', 'pressure', BAR)).toBe('2.34');
    expect(displayDigits('30 psi', 'pressure', BAR)).toBe('2.07');
    expect(displayDigits('21 °C', 'temperature', BAR)).toBe('69.8');
  });

  it('answers null for text that is not a number of the kind, and for text fields', () => {
    expect(displayDigits('1.2mm (out)', 'length', PSI)).toBeNull();
    expect(displayDigits('Medium', 'text', PSI)).toBeNull();
    expect(displayDigits(null, 'pressure', PSI)).toBeNull();
  });
});

describe('formatMeasurement: the stored text, the spec contract with the unit', () => {
  it.each([
    ['31.5', 'psi', '31.5 psi'],
    ['2.15', 'bar', '2.15 bar'],
    ['-3.0', 'deg', '-3.0°'],
    ['75', 'mm', '75 mm'],
    ['170', 'N/mm', '170 N/mm'],
    ['21', 'degC', '21 °C'],
    ['31,5', 'psi', '31.5 psi'],
  ] as const)('%s %s → %s', (digits, unit, text) => {
    expect(formatMeasurement(digits, unit)).toBe(text);
  });
});

describe('parseEntry: what a user typed in the team unit', () => {
  it('takes a number, with or without the entry unit', () => {
    expect(parseEntry('33.5', 'pressure', PSI)).toBe('33.5');
    expect(parseEntry('33,5 psi', 'pressure', PSI)).toBe('33.5');
    expect(parseEntry('-3.0°', 'angle', PSI)).toBe('-3.0');
  });

  it('refuses another unit than the entry unit and anything that is not a number', () => {
    expect(parseEntry('2.1 bar', 'pressure', PSI)).toBeNull();
    expect(parseEntry('33.5 psi', 'pressure', BAR)).toBeNull();
    expect(parseEntry('abc', 'length', PSI)).toBeNull();
  });
});

describe('fromApiNumber / toApiNumber (run sheets: the API speaks psi and °C numbers)', () => {

  it('shows API numbers in the team unit, converted and rounded (bar 0.01, °F 0.1)', () => {
    expect(fromApiNumber(28, 'pressure', BAR)).toBe('1.93');
    expect(fromApiNumber(19, 'temperature', BAR)).toBe('66.2');
    expect(fromApiNumber(27.5, 'pressure', PSI)).toBe('27.5');
  });

  it('reads typed team units back as psi and °C, rounded to 0.01; blank is null, not a number NaN', () => {
    expect(toApiNumber('2.3', 'pressure', BAR)).toBe(33.36);
    expect(toApiNumber('66.2 °F', 'temperature', BAR)).toBe(19);
    expect(toApiNumber('28,5', 'pressure', PSI)).toBe(28.5);
    expect(toApiNumber(' ', 'pressure', PSI)).toBeNull();
    expect(toApiNumber('28 bar', 'pressure', PSI)).toBeNaN();
    expect(toApiNumber('warm', 'temperature', PSI)).toBeNaN();
  });
});

describe('gaugePressure and shownTemperature: readings and proposals in the team unit', () => {
  it('rounds psi to 0.1 and bar to 0.01, keeping the decimals a gauge shows', () => {
    expect(gaugePressure(25.75, PSI)).toBe('25.8');
    expect(gaugePressure(26, PSI)).toBe('26.0');
    expect(gaugePressure(25.75, BAR)).toBe('1.78');
    expect(gaugePressure(29.0075, BAR)).toBe('2.00');
  });
  it('shows °C as held and °F converted to 0.1', () => {
    expect(shownTemperature(24, PSI)).toBe('24');
    expect(shownTemperature(24, BAR)).toBe('75.2');
  });
});

describe('temperature differences (a spread across a tire, a tolerance): 1 °C = 1.8 °F, no offset', () => {
  it('converts without the 32 °F offset', () => {
    expect(convertTemperatureDifference(5, 'C', 'F')).toBe(9);
    expect(convertTemperatureDifference(9, 'F', 'C')).toBe(5);
    expect(convertTemperatureDifference(-3, 'C', 'C')).toBe(-3);
  });
  it('shows °C as held and °F converted to 0.1, and reads typed team units back as °C to 0.01', () => {
    expect(shownTemperatureDifference(6.5, PSI)).toBe('6.5');
    expect(shownTemperatureDifference(6.5, BAR)).toBe('11.7');
    expect(toApiTemperatureDifference('9', BAR)).toBe(5);
    expect(toApiTemperatureDifference('10', BAR)).toBe(5.56);
    expect(toApiTemperatureDifference('', BAR)).toBeNull();
    expect(toApiTemperatureDifference('warm', PSI)).toBeNaN();
  });
});
