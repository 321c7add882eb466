import { describe, expect, it } from 'vitest';
import { flattenSetupSheet, nestSetupSheet, SETUP_SHEET_FIELDS, setupSheetFieldKind } from '../src/index.ts';

describe("the setup sheet's fields", () => {
  it('are numbers at every corner (clicks included) and numbers or text car-wide, as the field table says', () => {
    expect(setupSheetFieldKind('corners.fl.camberDeg')).toBe('number');
    expect(setupSheetFieldKind('corners.rr.damper.highSpeedRebound')).toBe('number');
    expect(setupSheetFieldKind('brakes.biasFrontPercent')).toBe('number');
    expect(setupSheetFieldKind('brakes.padsFront')).toBe('text');
    expect(setupSheetFieldKind('notes')).toBe('text');
    expect(SETUP_SHEET_FIELDS.every((f) => ['number', 'text'].includes(setupSheetFieldKind(f)))).toBe(true);
  });

  it('nest a partial sheet into the complete nested shape, null where left out', () => {
    const nested = nestSetupSheet(flattenSetupSheet({ corners: { fl: { damper: { highSpeedBump: 3 } } }, brakes: { biasFrontPercent: 58 } }));
    expect(nested).toMatchObject({ corners: { fl: { camberDeg: null, damper: { lowSpeedBump: null, highSpeedBump: 3 } }, rr: { toeMm: null } }, brakes: { biasFrontPercent: 58, padsFront: null }, ballastKg: null, notes: null });
    expect(Object.keys(flattenSetupSheet(nested))).toEqual([...SETUP_SHEET_FIELDS]);
  });
});
