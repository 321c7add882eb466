import { computeGearSpeeds, gearChartData, parseGearNotes, parseRatio, parseRpm, parseTireSize, speedKph, tireCircumferenceM, tireDiameterMm } from './gear-speed';

/** The MX-5 #27 of data/demo-season.json: 7500 rpm, 205/45R17, its published ratios and speeds. */
const MX5 = [
  { name: '1st', ratio: '5.087', speed: '59.8', notes: '7500 rpm, 205/45R17' },
  { name: '2nd', ratio: '2.991', speed: '101.6', notes: '' },
  { name: '3rd', ratio: '2.035', speed: '149.4', notes: '' },
  { name: '4th', ratio: '1.594', speed: '190.7', notes: '' },
  { name: '5th', ratio: '1.286', speed: '236.4', notes: '' },
  { name: '6th', ratio: '1.000', speed: '304.0', notes: 'drag-limited well below this' },
  { name: 'Final Drive', ratio: '2.866', speed: '', notes: '' },
];

describe('tire size (ISO 4000-1 metric designation)', () => {
  it('reads 205/45R17 and its variants', () => {
    expect(parseTireSize('205/45R17')).toEqual({ widthMm: 205, aspectPercent: 45, rimInches: 17 });
    expect(parseTireSize('205/45 ZR17')).toEqual({ widthMm: 205, aspectPercent: 45, rimInches: 17 });
    expect(parseTireSize('P225/40R18')).toEqual({ widthMm: 225, aspectPercent: 40, rimInches: 18 });
    expect(parseTireSize('7500 rpm, 205/45R17')).toEqual({ widthMm: 205, aspectPercent: 45, rimInches: 17 });
    expect(parseTireSize('205/45')).toBeNull();
    expect(parseTireSize('big tires')).toBeNull();
  });

  it('computes diameter rim×25.4 + 2×width×aspect/100 and circumference π×d', () => {
    const size = { widthMm: 205, aspectPercent: 45, rimInches: 17 };
    expect(tireDiameterMm(size)).toBeCloseTo(431.8 + 184.5, 6);
    expect(tireCircumferenceM(size)).toBeCloseTo((Math.PI * 616.3) / 1000, 9);
  });
});

describe('speedKph', () => {
  it('is rpm × circumference × 60 / (ratio × final × 1000)', () => {
    expect(speedKph({ rpm: 6000, circumferenceM: 2, gearRatio: 1, finalDrive: 4 })).toBeCloseTo(180, 9);
  });
});

describe('parsers', () => {
  it('reads ratios as positive numbers only', () => {
    expect(parseRatio('5.087')).toBe(5.087);
    expect(parseRatio(' 4.10:1 ')).toBe(4.1);
    expect(parseRatio('.9')).toBe(0.9);
    for (const bad of ['', 'abc', '0', '-1', '1.2.3', null]) expect(parseRatio(bad)).toBeNull();
  });

  it('reads rpm with or without unit and thousands separator', () => {
    expect(parseRpm('7500')).toBe(7500);
    expect(parseRpm('7,500 rpm')).toBe(7500);
    expect(parseRpm('fast')).toBeNull();
  });

  it('finds max rpm and tire size in gear notes', () => {
    expect(parseGearNotes(MX5)).toMatchObject({ maxRpm: 7500, tireText: '205/45R17' });
    expect(parseGearNotes([{ name: '1st', ratio: '3', notes: 'short' }])).toMatchObject({ maxRpm: null, tireSize: null });
  });
});

describe('computeGearSpeeds', () => {
  it("matches the demo season's published MX-5 speeds within 0.1 kph", () => {
    const result = computeGearSpeeds(MX5, { tireSize: '205/45R17', maxRpm: '7500' });
    if (!result.ok) throw new Error(result.error);
    expect(result.problems).toEqual([]);
    expect(result.finalDrive).toBe(2.866);
    expect(result.speeds.map((s) => s.index)).toEqual([0, 1, 2, 3, 4, 5]);
    result.speeds.forEach((s) => expect(Math.abs(s.speedKph - Number(MX5[s.index]!.speed))).toBeLessThanOrEqual(0.1));
    expect(result.speeds.map((s) => s.text)).toEqual(['59.8', '101.6', '149.4', '190.7', '236.4', '304.0']);
  });

  it('takes the final drive from the field before the row, whatever the row name case', () => {
    const rows = [{ name: '1st', ratio: '2' }, { name: 'final drive', ratio: '4' }];
    const fromRow = computeGearSpeeds(rows, { tireSize: '205/45R17', maxRpm: '6000' });
    const fromField = computeGearSpeeds(rows, { tireSize: '205/45R17', maxRpm: '6000', finalDrive: '2' });
    expect(fromRow.ok && fromRow.finalDrive).toBe(4);
    expect(fromField.ok && fromField.finalDrive).toBe(2);
    expect(fromField.ok && fromRow.ok && fromField.speeds[0]!.speedKph / fromRow.speeds[0]!.speedKph).toBeCloseTo(2, 9);
  });

  it('leaves rows it cannot parse alone and says which', () => {
    const rows = [{ name: '1st', ratio: '3.1' }, { name: '2nd', ratio: '' }, { name: '3rd', ratio: 'abc' }, { name: 'Final Drive', ratio: '4.1' }];
    const result = computeGearSpeeds(rows, { tireSize: '205/45R17', maxRpm: '7000' });
    if (!result.ok) throw new Error(result.error);
    expect(result.speeds.map((s) => s.index)).toEqual([0]);
    expect(result.problems).toEqual(['Could not compute 2nd: no ratio', 'Could not compute 3rd: ratio "abc" is not a number']);
  });

  it('refuses a bad tire size, rpm or final drive', () => {
    const rows = [{ name: '1st', ratio: '3' }];
    expect(computeGearSpeeds(rows, { tireSize: 'slicks', maxRpm: '7000', finalDrive: '4' })).toEqual({ ok: false, error: 'Tire size "slicks" is not an ISO size such as 205/45R17' });
    expect(computeGearSpeeds(rows, { tireSize: '205/45R17', maxRpm: 'x', finalDrive: '4' })).toEqual({ ok: false, error: 'Max rpm "x" is not a number' });
    expect(computeGearSpeeds(rows, { tireSize: '205/45R17', maxRpm: '7000' })).toEqual({ ok: false, error: 'Enter a final drive ratio or add a row named "Final Drive"' });
    expect(computeGearSpeeds([...rows, { name: 'Final Drive', ratio: 'tall' }], { tireSize: '205/45R17', maxRpm: '7000' })).toEqual({
      ok: false,
      error: 'Final drive ratio "tall" is not a number',
    });
  });
});

describe('gearChartData', () => {
  it('draws each gear up to max rpm and the rpm drop after each shift', () => {
    const chart = gearChartData(MX5);
    if (!chart.ok) throw new Error(chart.reason);
    expect(chart.maxRpm).toBe(7500);
    expect(chart.lines.map((l) => l.name)).toEqual(['1st', '2nd', '3rd', '4th', '5th', '6th']);
    expect(chart.lines[0]!.rpmAfterShift).toBeCloseTo((7500 * 2.991) / 5.087, 6);
    expect(chart.lines[5]!.rpmAfterShift).toBeNull();
  });

  it('says why when the notes carry no rpm or tire size', () => {
    expect(gearChartData([{ name: '1st', ratio: '3' }, { name: 'Final Drive', ratio: '4' }])).toEqual({ ok: false, reason: 'no max rpm and tire size in the notes' });
  });
});
