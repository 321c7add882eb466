import {
  CORNER_SETTINGS,
  DAMPER_SETTINGS,
  flattenSetupSheet,
  SHEET_CORNER_SETTING_LABELS,
  SHEET_WIDE_FIELDS,
  type SetupSheetField,
  type SetupSheetValue,
  type SheetCorner,
} from '@pitwall/contracts/values';

/**
 * How the screens lay out the engineer's setup sheet (fields, labels, units and ranges are the
 * contracts', @pitwall/contracts/values setup-sheet.ts): a corner's settings in the sheet's order,
 * and the car-wide fields in groups. Zod-free, for the read view and the form alike.
 */

/** A corner's settings by their path below the corner, in the sheet's order: 'camberDeg', …, 'damper.highSpeedRebound'. */
export const CORNER_SETTING_PATHS = [...CORNER_SETTINGS, ...DAMPER_SETTINGS.map((d) => `damper.${d}` as const)] as const;
export type CornerSettingPath = (typeof CORNER_SETTING_PATHS)[number];

type WideField = keyof typeof SHEET_WIDE_FIELDS;

/** The car-wide fields in groups, after the corners, in the read view's and the form's order (the notes come last, on their own). */
export const SHEET_GROUPS: readonly { title: string; fields: readonly WideField[] }[] = [
  { title: 'Aero', fields: ['aero.rearWingDeg', 'aero.splitter', 'aero.gurneyMm'] },
  { title: 'Brakes', fields: ['brakes.biasFrontPercent', 'brakes.padsFront', 'brakes.padsRear'] },
  { title: 'Differential', fields: ['differential.preloadNm', 'differential.rampPower', 'differential.rampCoast'] },
  { title: 'Electronics', fields: ['electronics.tcMap', 'electronics.absMap', 'electronics.engineMap'] },
  { title: 'Anti-roll bars', fields: ['antiRollBars.front', 'antiRollBars.rear'] },
  { title: 'Ballast', fields: ['ballastKg'] },
];

/** The path of a corner's setting: ('fl', 'camberDeg') → 'corners.fl.camberDeg'. */
export const cornerPath = (corner: SheetCorner, setting: CornerSettingPath) => `corners.${corner}.${setting}` as SetupSheetField;

/** A corner setting's label with its unit, as a row of the corners' table names it: 'Camber (°)', 'Low-speed bump (clicks)'. */
export function cornerSettingLabel(setting: CornerSettingPath): string {
  const { label, unit } = SHEET_CORNER_SETTING_LABELS[setting]!;
  return unit ? `${label} (${unit})` : label;
}

/** True for a field that holds a number (every corner setting, and the car-wide numbers); false for text. */
export const isSheetNumber = (path: SetupSheetField) => path.startsWith('corners.') || SHEET_WIDE_FIELDS[path as WideField] === 'number';

/** A value as the read view and the form show it: the number as stored ('-3.2'), the text as entered, '' when not recorded. */
const sheetText = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The sheet's values as text by path (see sheetText), of an answer in the API's nested shape. */
export function sheetTexts(sheet: Readonly<Record<string, unknown>>): Record<SetupSheetField, string> {
  return Object.fromEntries(Object.entries(flattenSetupSheet(sheet)).map(([path, value]) => [path, sheetText(value)])) as Record<SetupSheetField, string>;
}

/** True when nothing of the sheet is recorded. */
export const isBlankSheet = (sheet: Readonly<Record<string, unknown>>) => Object.values(flattenSetupSheet(sheet) as SetupSheetValue).every((v) => v === null);
