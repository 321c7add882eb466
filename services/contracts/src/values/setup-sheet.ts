/**
 * The setup sheet's fields, labels and units, free of zod so the domain, the history, the
 * comparison and the screens share them. The sheet is kept FLAT, one key per field named by its
 * path in the API's nested answer ('corners.fl.camberDeg', 'aero.rearWingDeg'), so inheritance,
 * history (from → to per field) and comparison treat it as any per-field section.
 *
 * Units (as stored and answered; the web converts to the team's units): angles in degrees,
 * lengths in mm, spring rates in N/mm, torque in Nm, mass in kg, brake bias in % to the front,
 * damper settings in clicks from closed (whole numbers).
 */

/** The corners of a car, in setup-sheet order. */
export const SHEET_CORNERS = ['fl', 'fr', 'rl', 'rr'] as const;
export type SheetCorner = (typeof SHEET_CORNERS)[number];

/** A corner's numeric settings (per corner, in display order) and their units. */
export const CORNER_SETTINGS = ['camberDeg', 'toeMm', 'casterDeg', 'rideHeightMm', 'springRateNmm', 'bumpStopGapMm', 'packersMm'] as const;
/** A corner's damper settings, clicks from closed. */
export const DAMPER_SETTINGS = ['lowSpeedBump', 'highSpeedBump', 'lowSpeedRebound', 'highSpeedRebound'] as const;

/** The sheet's car-wide fields: number or text, by path. */
export const SHEET_WIDE_FIELDS = {
  'antiRollBars.front': 'text',
  'antiRollBars.rear': 'text',
  'aero.rearWingDeg': 'number',
  'aero.splitter': 'text',
  'aero.gurneyMm': 'number',
  'brakes.biasFrontPercent': 'number',
  'brakes.padsFront': 'text',
  'brakes.padsRear': 'text',
  'differential.preloadNm': 'number',
  'differential.rampPower': 'text',
  'differential.rampCoast': 'text',
  'electronics.tcMap': 'text',
  'electronics.absMap': 'text',
  'electronics.engineMap': 'text',
  ballastKg: 'number',
  notes: 'text',
} as const;

type CornerPath = `corners.${SheetCorner}.${(typeof CORNER_SETTINGS)[number]}` | `corners.${SheetCorner}.damper.${(typeof DAMPER_SETTINGS)[number]}`;

/** Every field of the setup sheet by path, in display order: the four corners, then the car-wide fields. */
export const SETUP_SHEET_FIELDS: readonly SetupSheetField[] = [
  ...SHEET_CORNERS.flatMap((c) => [...CORNER_SETTINGS.map((s) => `corners.${c}.${s}` as const), ...DAMPER_SETTINGS.map((s) => `corners.${c}.damper.${s}` as const)]),
  ...(Object.keys(SHEET_WIDE_FIELDS) as (keyof typeof SHEET_WIDE_FIELDS)[]),
];
export type SetupSheetField = CornerPath | keyof typeof SHEET_WIDE_FIELDS;

/** Whether a sheet field holds a number (every corner setting, clicks included) or text as entered: 'corners.fl.camberDeg' → 'number', 'brakes.padsFront' → 'text'. */
export const setupSheetFieldKind = (field: SetupSheetField): 'number' | 'text' => (field.startsWith('corners.') ? 'number' : SHEET_WIDE_FIELDS[field as keyof typeof SHEET_WIDE_FIELDS]);

/** One setup's sheet, flat by path: numbers in the units above, texts as entered; null = not recorded (a race event: inherited). */
export type SetupSheetValue = Record<SetupSheetField, number | string | null>;

/** A sheet with nothing recorded. */
export const blankSetupSheet = (): SetupSheetValue => Object.fromEntries(SETUP_SHEET_FIELDS.map((f) => [f, null])) as SetupSheetValue;

/** The flat sheet of a nested one (the API's shape: `{ corners: { fl: { damper: {…} } }, aero: {…}, … }`); absent keys read null. */
export function flattenSetupSheet(nested: Readonly<Record<string, unknown>>): SetupSheetValue {
  const at = (path: string) => path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), nested);
  return Object.fromEntries(SETUP_SHEET_FIELDS.map((f) => [f, (at(f) as number | string | null | undefined) ?? null])) as SetupSheetValue;
}

/** The nested sheet (the API's shape) of a flat one: every path present, null where not recorded. */
export function nestSetupSheet(flat: Readonly<Partial<SetupSheetValue>>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const f of SETUP_SHEET_FIELDS) {
    const keys = f.split('.');
    const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((node, key) => (node[key] ??= {}) as Record<string, unknown>, root);
    parent[keys.at(-1)!] = flat[f] ?? null;
  }
  return root;
}


/** Corner names as the sheet prints them. */
export const SHEET_CORNER_LABELS = { fl: 'FL', fr: 'FR', rl: 'RL', rr: 'RR' } as const;

/** A corner setting's label and unit (unit '' = clicks from closed, whole numbers). */
export const SHEET_CORNER_SETTING_LABELS: Record<string, { label: string; unit: string }> = {
  camberDeg: { label: 'Camber', unit: '°' },
  toeMm: { label: 'Toe', unit: 'mm' },
  casterDeg: { label: 'Caster', unit: '°' },
  rideHeightMm: { label: 'Ride height', unit: 'mm' },
  springRateNmm: { label: 'Spring rate', unit: 'N/mm' },
  bumpStopGapMm: { label: 'Bump-stop gap', unit: 'mm' },
  packersMm: { label: 'Packers', unit: 'mm' },
  'damper.lowSpeedBump': { label: 'Low-speed bump', unit: 'clicks' },
  'damper.highSpeedBump': { label: 'High-speed bump', unit: 'clicks' },
  'damper.lowSpeedRebound': { label: 'Low-speed rebound', unit: 'clicks' },
  'damper.highSpeedRebound': { label: 'High-speed rebound', unit: 'clicks' },
};

/** The car-wide fields' labels and units ('' = text as entered). */
export const SHEET_WIDE_LABELS: Record<string, { label: string; unit: string }> = {
  'antiRollBars.front': { label: 'Front anti-roll bar', unit: '' },
  'antiRollBars.rear': { label: 'Rear anti-roll bar', unit: '' },
  'aero.rearWingDeg': { label: 'Rear wing', unit: '°' },
  'aero.splitter': { label: 'Splitter', unit: '' },
  'aero.gurneyMm': { label: 'Gurney', unit: 'mm' },
  'brakes.biasFrontPercent': { label: 'Brake bias (front)', unit: '%' },
  'brakes.padsFront': { label: 'Front pads', unit: '' },
  'brakes.padsRear': { label: 'Rear pads', unit: '' },
  'differential.preloadNm': { label: 'Diff preload', unit: 'Nm' },
  'differential.rampPower': { label: 'Diff ramp (power)', unit: '' },
  'differential.rampCoast': { label: 'Diff ramp (coast)', unit: '' },
  'electronics.tcMap': { label: 'TC map', unit: '' },
  'electronics.absMap': { label: 'ABS map', unit: '' },
  'electronics.engineMap': { label: 'Engine map', unit: '' },
  ballastKg: { label: 'Ballast', unit: 'kg' },
  notes: { label: 'Sheet notes', unit: '' },
};

/**
 * A sheet field's label with its unit as the history and the comparison name it:
 * 'corners.fl.camberDeg' → 'FL camber (°)', 'aero.rearWingDeg' → 'Rear wing (°)', 'notes' → 'Sheet notes'.
 */
export function setupSheetFieldLabel(path: string): string {
  const corner = /^corners\.(fl|fr|rl|rr)\.(.+)$/.exec(path);
  const entry = corner ? SHEET_CORNER_SETTING_LABELS[corner[2]!] : SHEET_WIDE_LABELS[path];
  if (!entry) return path;
  const label = corner ? `${SHEET_CORNER_LABELS[corner[1] as keyof typeof SHEET_CORNER_LABELS]} ${entry.label.charAt(0).toLowerCase()}${entry.label.slice(1)}` : entry.label;
  return entry.unit ? `${label} (${entry.unit})` : label;
}
