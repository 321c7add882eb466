import type { FieldChange, HistorySection } from '@pitwall/contracts';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS, MAINTENANCE_ITEMS, setupSheetFieldLabel, SUSPENSION_SETTINGS } from '@pitwall/contracts';
import { SETUP_SHEET_FIELDS } from '@pitwall/domain';

/**
 * Field-by-field changes between two complete values of one subject of a car's record (the
 * previous and the new value held by consecutive domain events). Pure; display texts only.
 */

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

const BASIC_LABELS: Record<string, string> = {
  name: 'Name',
  makeModel: 'Make & Model',
  year: 'Year',
  engine: 'Engine',
  transmission: 'Transmission',
  weight: 'Weight',
  power: 'Power',
  color: 'Colour',
  carClass: 'Class',
  tuningFileUrl: 'Tuning link',
  wheelbaseMm: 'Wheelbase (mm)',
  motionRatioFront: 'Motion ratio front',
  motionRatioRear: 'Motion ratio rear',
  unsprungFl: 'Unsprung mass FL (kg)',
  unsprungFr: 'Unsprung mass FR (kg)',
  unsprungRl: 'Unsprung mass RL (kg)',
  unsprungRr: 'Unsprung mass RR (kg)',
  tankLitres: 'Fuel tank (litres)',
};

/** The corner weights' fields as the history shows them (kg, litres). */
export const CORNER_WEIGHT_LABELS: Record<string, string> = {
  fl: 'FL weight (kg)',
  fr: 'FR weight (kg)',
  rl: 'RL weight (kg)',
  rr: 'RR weight (kg)',
  driverIn: 'Driver in',
  driverKg: 'Driver weight (kg)',
  fuelLitres: 'Fuel (litres)',
  ballastKg: 'Ballast (kg)',
  ballastPosition: 'Ballast position',
  notes: 'Scales notes',
};

/** The setup sheet's fields (stored flat by path) as the history shows them: 'FL camber (°)'. */
const SETUP_SHEET_LABELS: Record<string, string> = Object.fromEntries(SETUP_SHEET_FIELDS.map((f) => [f, setupSheetFieldLabel(f)]));

/** The setup targets' fields as the history shows them (cross and front weight %, tire temperature targets °C). */
const SETUP_TARGET_LABELS: Record<string, string> = {
  crossPercent: 'Target cross weight (%)',
  frontPercent: 'Target front weight (%)',
  spreadMinC: 'Target tire temperature spread, least (°C)',
  spreadMaxC: 'Target tire temperature spread, most (°C)',
  middleToleranceC: 'Tire middle temperature tolerance (°C)',
};

/** 'frontCamber' → 'Front camber' (labels from the Suspension & Alignment card). */
const SUSPENSION_LABELS: Record<string, string> = Object.fromEntries([
  ...SUSPENSION_SETTINGS.flatMap((s) => [
    [`front${s.key}`, `Front ${s.label.toLowerCase()}`],
    [`rear${s.key}`, `Rear ${s.label.toLowerCase()}`],
  ]),
  ['notes', 'Notes'],
]);

/** A session's fields as its history shows them (values are display texts, see the history projection). */
const SESSION_LABELS: Record<string, string> = {
  name: 'Name',
  type: 'Type',
  startedAt: 'Start',
  driver: 'Driver',
  airTempC: 'Air temperature',
  trackTempC: 'Track temperature',
  weather: 'Weather',
  tireSet: 'Tire set',
  fuelLitres: 'Fuel at start',
  notes: 'Notes',
  feedbackTags: 'Driver feedback',
  feedbackText: 'Feedback notes',
  laps: 'Lap times',
  cold: 'Cold pressures',
  hot: 'Hot pressures',
  stints: 'Stints',
  fuelAtEndLitres: 'Fuel at end',
};

/** A race plan's inputs as the history shows them (display texts with their units). */
const RACE_PLAN_LABELS: Record<string, string> = {
  raceLength: 'Race length',
  lapTime: 'Expected lap time',
  fuelPerLap: 'Fuel per lap',
  tank: 'Tank capacity',
  margin: 'Reserve margin',
  minStop: 'Minimum stop time',
  drivers: 'Drivers',
  rules: 'Driving-time rules',
};

/** The tire pressure targets' fields as the history shows them (values psi). */
const TARGET_LABELS: Record<string, string> = {
  front: 'Front target hot pressure',
  rear: 'Rear target hot pressure',
  fl: 'Front left target hot pressure',
  fr: 'Front right target hot pressure',
  rl: 'Rear left target hot pressure',
  rr: 'Rear right target hot pressure',
};
const withPsi = (value: Json | null): Json | null => value && Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v === null || v === undefined ? null : `${String(v)} psi`]));

/** 'Driver in' as 'yes' (driver in the seat) or 'no' (ballast for the driver). */
const withYesNo = (value: Json | null): Json | null => value && { ...value, driverIn: typeof value.driverIn === 'boolean' ? (value.driverIn ? 'yes' : 'no') : null };

const MAINTENANCE_LABELS: Record<string, string> = Object.fromEntries(MAINTENANCE_ITEMS.map((i) => [i.field, i.label]));

function diffFields(before: Json | null, after: Json | null, labels: Record<string, string>, prefix = ''): FieldChange[] {
  const keys = Object.keys(labels);
  return keys
    .map((k) => ({ field: `${prefix}${labels[k]}`, before: text(before?.[k]), after: text(after?.[k]) }))
    .filter((c) => c.before !== c.after);
}

/** Rows matched by `key` (gear name, tire condition): changed fields, and whole rows added or removed. */
function diffRows(before: Json[], after: Json[], key: string, fields: Record<string, string>, summary: (row: Json) => string): FieldChange[] {
  const byKey = (rows: Json[]) => new Map(rows.map((r) => [String(r[key]), r]));
  const [old, next] = [byKey(before), byKey(after)];
  const changes: FieldChange[] = [];
  for (const [name, row] of next) {
    const prev = old.get(name);
    if (!prev) changes.push({ field: name, before: null, after: summary(row) });
    else changes.push(...diffFields(prev, row, fields, `${name} `));
  }
  for (const [name, row] of old) if (!next.has(name)) changes.push({ field: name, before: summary(row), after: null });
  return changes;
}

const gearSummary = (r: Json) => [text(r.ratio), text(r.speedAtMaxRpm) && `${text(r.speedAtMaxRpm)} kph`].filter(Boolean).join(', ');
const tireSummary = (r: Json) => `FL ${text(r.frontLeft)}, FR ${text(r.frontRight)}, RL ${text(r.rearLeft)}, RR ${text(r.rearRight)}`;

/**
 * The changes from `before` (null: none yet) to `after` (null: removed) of one subject in a
 * section, e.g. suspension → [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }].
 */
export function computeChanges(section: HistorySection, before: Json | null, after: Json | null): FieldChange[] {
  switch (section) {
    case 'basic':
      return diffFields(before, after, BASIC_LABELS);
    case 'suspension':
      return diffFields(before, after, SUSPENSION_LABELS);
    case 'maintenance':
      return diffFields(before, after, MAINTENANCE_LABELS);
    case 'corner-weights':
      return diffFields(withYesNo(before), withYesNo(after), CORNER_WEIGHT_LABELS);
    case 'setup-sheet':
      return diffFields(before, after, SETUP_SHEET_LABELS);
    case 'setup-targets':
      // The car read its tires against the default targets until it set its own: the first change is from them.
      return diffFields(before ?? (after && 'spreadMinC' in after ? { ...DEFAULT_TIRE_TEMPERATURE_TARGETS } : null), after, SETUP_TARGET_LABELS);
    case 'tire-pressure-targets':
      return diffFields(withPsi(before), withPsi(after), TARGET_LABELS);
    case 'gear-ratios':
      return diffRows((before?.rows as Json[]) ?? [], (after?.rows as Json[]) ?? [], 'name', { ratio: 'ratio', speedAtMaxRpm: 'speed', notes: 'notes' }, gearSummary);
    case 'tire-pressures':
      return [
        ...diffRows((before?.rows as Json[]) ?? [], (after?.rows as Json[]) ?? [], 'condition', { frontLeft: 'front left', frontRight: 'front right', rearLeft: 'rear left', rearRight: 'rear right' }, tireSummary),
        ...diffFields(before, after, { notes: 'Note' }),
      ];
    case 'checklist':
      if (!after) return [{ field: String(before?.title), before: 'on the checklist', after: null }];
      if (!before) return [{ field: String(after.title), before: null, after: `added (${text(after.priority) ?? 'medium'} priority)` }];
      return [{ field: String(after.title), before: before.isCompleted ? 'completed' : 'open', after: after.isCompleted ? 'completed' : 'open' }].filter((c) => c.before !== c.after);
    case 'sessions':
      if (!after) return [{ field: `Session ${text(before?.name)}`, before: 'recorded', after: 'deleted' }];
      return diffFields(before, after, SESSION_LABELS, `${text(after.name)} `);
    case 'race-plan':
      return diffFields(before, after, RACE_PLAN_LABELS, 'Race plan ');
    case 'parts':
      // A part fitted to or removed from the car: 'Clutch: removed 2026-04-05 08:00 UTC → fitted 2026-04-07 09:00 UTC'.
      return [{ field: String(after?.name ?? before?.name), before: before && `${text(before.state)} ${text(before.at)}`, after: after && `${text(after.state)} ${text(after.at)}` }];
    case 'issues':
      if (!before) return [{ field: String(after?.title), before: null, after: `raised as ${text(after?.status)}` }];
      return [{ field: `${String(after?.title)} status`, before: text(before.status), after: text(after?.status) }].filter((c) => c.before !== c.after);
  }
}

/** The labels of the sections a race event inherits field by field from the baseline. */
const FIELD_LABELS: Partial<Record<HistorySection, Record<string, string>>> = { suspension: SUSPENSION_LABELS, 'corner-weights': CORNER_WEIGHT_LABELS, 'setup-sheet': SETUP_SHEET_LABELS };

/** The key a row section's rows are matched by (gear name, tire condition). */
const ROW_KEYS: Partial<Record<HistorySection, string>> = { 'gear-ratios': 'name', 'tire-pressures': 'condition' };

/**
 * What a race event's FIRST own setup value changed from: before it, the race event ran the car's
 * baseline (setup inheritance), so the change is read against `baseline` (the baseline's value
 * at that moment) limited to what the race event sets — suspension, corner weights and the setup sheet: its filled
 * fields (a blank one still inherits, so it is no change); gear ratios and tire pressures: the
 * baseline's rows of the same name or condition (a baseline row the race event leaves out still
 * applies). So a first own rear ride height reads 'Rear ride height: 92 mm → 90 mm', not 'set to
 * 90 mm', and a first own RR corner weight 'RR weight (kg): 350 → 360'. Null for other sections,
 * or without a baseline (then the value was set from nothing).
 */
export function inheritedBefore(section: HistorySection, value: Json | null, baseline: Json | null): Json | null {
  if (!value || !baseline) return null;
  const fields = FIELD_LABELS[section];
  if (fields) return Object.fromEntries(Object.keys(fields).map((k) => [k, text(value[k]) === null ? (value[k] ?? null) : (baseline[k] ?? null)]));
  const key = ROW_KEYS[section];
  if (!key) return null;
  const rowKeys = new Set(((value.rows as Json[] | undefined) ?? []).map((r) => String(r[key])));
  const rows = ((baseline.rows as Json[] | undefined) ?? []).filter((r) => rowKeys.has(String(r[key])));
  return { ...baseline, rows, ...('notes' in value && text(value.notes) === null ? { notes: value.notes } : {}) };
}
