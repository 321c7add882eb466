import { z } from 'zod';
import {
  DEFAULT_TIRE_CONDITIONS,
  PutSuspensionBody,
  PutTirePressuresBody,
  SUSPENSION_SETTINGS,
  type Suspension,
  type TeamUnits,
  type TirePressures,
} from '@pitwall/contracts';
import { displayDigits, entryUnit, formatMeasurement, parseEntry, unitLabel, type MeasureKind } from '../units/measurement';

/**
 * The setup forms' values, independent of React: from the stored answer to what each field shows,
 * and from what the fields show back to the PUT body. Rules (README "Choices"):
 * - a numeric field shows the stored number in the team's unit, WITHOUT the unit; a stored value
 *   that is not a number of its kind ('1.2mm (out)') shows as text and is saved as typed;
 * - a field whose text is what it was when the form opened saves its stored text EXACTLY ('33.50 psi'
 *   stays, '2.31 bar' is not rewritten into psi), so untouched fields make no history entries;
 * - a changed number is saved with the entry unit: '31.5 psi', '-3.0°', '75 mm', '170 N/mm';
 * - a tire pressure row whose four corners are empty and whose condition was not typed is dropped.
 */

/** How a field is edited: as a number in its unit (decimal keypad), or as free text. */
export type FieldMode = 'number' | 'text';

/** A tire corner of a tire pressure row, with its label and the product's required message (docs/product.md, 'Tire pressures'). */
export const TIRE_CORNERS = [
  { key: 'frontLeft', label: 'Front Left', required: 'Front left pressure is required' },
  { key: 'frontRight', label: 'Front Right', required: 'Front right pressure is required' },
  { key: 'rearLeft', label: 'Rear Left', required: 'Rear left pressure is required' },
  { key: 'rearRight', label: 'Rear Right', required: 'Rear right pressure is required' },
] as const;
export type TireCorner = (typeof TIRE_CORNERS)[number]['key'];

type SettingKey = (typeof SUSPENSION_SETTINGS)[number]['key'];
/** A suspension field name, e.g. 'frontCamber'. */
export type SuspensionKey = `${'front' | 'rear'}${SettingKey}`;

/** What each suspension setting measures: ride height mm, spring rate N/mm, camber degrees; the rest is text. */
const SETTING_KINDS: Record<SettingKey, MeasureKind> = {
  RideHeight: 'length',
  SpringRate: 'springRate',
  DamperSetting: 'text',
  Camber: 'angle',
  Toe: 'text',
  AntiRollBar: 'text',
};

/** The axles in display order. */
export const AXLES = [
  { prefix: 'front', label: 'Front' },
  { prefix: 'rear', label: 'Rear' },
] as const;

/** Every suspension field, front then rear, with its label ('Front Camber'), placeholder (docs/product.md, 'Suspension & alignment') and kind. */
export const SUSPENSION_FIELDS = AXLES.flatMap((axle) =>
  SUSPENSION_SETTINGS.map((s) => ({
    key: `${axle.prefix}${s.key}` as SuspensionKey,
    axle: axle.prefix,
    label: `${axle.label} ${s.label}`,
    placeholder: s.placeholder,
    kind: SETTING_KINDS[s.key],
  })),
);

/** The mode and shown text of one stored value of `kind` (null/'' shows as an empty number field). */
export function fieldOf(stored: string | null | undefined, kind: MeasureKind, units: TeamUnits): { mode: FieldMode; text: string } {
  if (kind === 'text') return { mode: 'text', text: stored ?? '' };
  if (stored == null || stored.trim() === '') return { mode: 'number', text: '' };
  const digits = displayDigits(stored, kind, units);
  return digits === null ? { mode: 'text', text: stored } : { mode: 'number', text: digits };
}

/** True when a number field's text holds no digits ('' or a lone sign from the ± button). */
const isBlankNumber = (text: string) => text.trim().replace(/^[+-]$/, '') === '';

type Saved = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * The stored text of one field. `opened` is the text the field showed when the form opened and
 * `stored` the stored value then: unchanged text keeps `stored` exactly.
 */
export function savedValue(field: { mode: FieldMode; text: string }, opened: string, stored: string | null, kind: MeasureKind, units: TeamUnits, label: string): Saved {
  if (field.text === opened) return { ok: true, value: stored };
  if (field.mode === 'text' || kind === 'text') return { ok: true, value: field.text.trim() === '' ? null : field.text };
  if (isBlankNumber(field.text)) return { ok: true, value: null };
  const digits = parseEntry(field.text, kind, units);
  const unit = entryUnit(kind, units);
  if (digits === null) return { ok: false, message: `${label} must be a number in ${unitLabel(unit)}` };
  return { ok: true, value: formatMeasurement(digits, unit) };
}

// ---------------------------------------------------------------- tire pressures

/** One tire pressure row being edited; `origin` is its index in the opened answer (null: a new row). */
export interface TireRowState {
  key: string;
  origin: number | null;
  /** The condition the row had when it appeared (a default condition for a new car's rows). */
  openedCondition: string;
  condition: string;
  corners: Record<TireCorner, { mode: FieldMode; text: string }>;
}

/** The tire pressure form's values. */
export interface TireFormState {
  rows: TireRowState[];
  notes: string;
}

let rowCounter = 0;
/** A new, empty row (number fields), e.g. from 'Add Condition'. */
export function newTireRow(condition = ''): TireRowState {
  const empty = { mode: 'number' as const, text: '' };
  return { key: `new-${++rowCounter}`, origin: null, openedCondition: condition, condition, corners: { frontLeft: empty, frontRight: empty, rearLeft: empty, rearRight: empty } };
}

/** The form's values for an answer: its rows in the team unit, or the three default conditions (docs/product.md, 'Constants and limits') when it has none. */
export function tireFormState(pressures: TirePressures | undefined, units: TeamUnits): TireFormState {
  const items = pressures?.items ?? [];
  const rows: TireRowState[] =
    items.length > 0
      ? items.map((item, origin) => ({
          key: `row-${origin}`,
          origin,
          openedCondition: item.condition,
          condition: item.condition,
          corners: Object.fromEntries(TIRE_CORNERS.map((c) => [c.key, fieldOf(item[c.key], 'pressure', units)])) as TireRowState['corners'],
        }))
      : DEFAULT_TIRE_CONDITIONS.map((condition) => newTireRow(condition));
  return { rows, notes: pressures?.notes ?? '' };
}

/** Errors by row key and field ('condition', a corner). */
export type TireErrors = Record<string, Partial<Record<'condition' | TireCorner, string>>>;

/** The tire pressure PUT body (items without carId/eventId, and the shared note). */
export type TirePressuresValues = { items: { condition: string; frontLeft: string; frontRight: string; rearLeft: string; rearRight: string }[]; notes: string | null };

/** What a setup section's schema hands on: the PUT body, and whether it differs from what is stored. */
export interface SectionOutput<B> {
  body: B;
  changed: boolean;
}

/** A field as the form holds it: its mode and the text as typed. */
const fieldState = z.object({ mode: z.enum(['number', 'text']), text: z.string() });

/** The tire pressure form's values as typed. */
const tireFormValues = z.object({
  rows: z.array(
    z.object({
      key: z.string(),
      origin: z.number().nullable(),
      openedCondition: z.string(),
      condition: z.string(),
      corners: z.object(Object.fromEntries(TIRE_CORNERS.map((c) => [c.key, fieldState])) as Record<TireCorner, typeof fieldState>),
    }),
  ),
  notes: z.string(),
});

/** True when a row was left entirely empty: four blank corners and a condition nobody typed. */
function isUntouchedEmptyRow(row: TireRowState): boolean {
  return TIRE_CORNERS.every((c) => isBlankNumber(row.corners[c.key].text)) && row.condition.trim() === row.openedCondition.trim();
}

/**
 * The tire pressure form's schema: its values as typed (TireFormState) to the PUT body, validated
 * with the contract (PutTirePressuresBody: the spec's messages 'Condition is required', 'Front left
 * pressure is required', …) after dropping rows left entirely empty. A refusal lands on its field,
 * 'rows.N.condition' or 'rows.N.corners.<corner>' (N: the row's index in the form). `opened`: the
 * values the form opened with (untouched fields keep their stored text); `changed` is false when the
 * body equals `saved` (what is stored now; default `opened`).
 */
export function tireSchema(opened: TirePressures | undefined, units: TeamUnits, saved: TirePressures | undefined = opened) {
  return tireFormValues.transform((state, ctx): SectionOutput<TirePressuresValues> => {
    const openedState = tireFormState(opened, units);
    const keptIndex: number[] = [];
    let refused = false;
    const items = state.rows.flatMap((row, index) => {
      if (isUntouchedEmptyRow(row)) return [];
      keptIndex.push(index);
      const openedRow = row.origin === null ? undefined : openedState.rows[row.origin];
      const openedItem = row.origin === null ? undefined : opened?.items[row.origin];
      const item = { condition: row.condition, frontLeft: '', frontRight: '', rearLeft: '', rearRight: '' };
      for (const corner of TIRE_CORNERS) {
        const value = savedValue(row.corners[corner.key], openedRow?.corners[corner.key].text ?? '', openedItem?.[corner.key] ?? null, 'pressure', units, corner.label);
        if (value.ok) item[corner.key] = value.value ?? '';
        else {
          ctx.addIssue({ code: 'custom', path: ['rows', index, 'corners', corner.key], message: value.message });
          refused = true;
        }
      }
      return [item];
    });
    const notes = state.notes.trim() === '' ? null : state.notes;
    const parsed = PutTirePressuresBody.safeParse({ items, notes });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const rowIndex = typeof index === 'number' ? keptIndex[index] : undefined;
        if (rowIndex === undefined || typeof field !== 'string') continue;
        ctx.addIssue({ code: 'custom', path: field === 'condition' ? ['rows', rowIndex, 'condition'] : ['rows', rowIndex, 'corners', field], message: issue.message });
        refused = true;
      }
    }
    if (refused) return z.NEVER;
    const comparable = (body: TirePressuresValues) => JSON.stringify(body);
    const savedBody: TirePressuresValues = {
      items: (saved?.items ?? []).map(({ condition, frontLeft, frontRight, rearLeft, rearRight }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight })),
      notes: saved?.notes?.trim() ? saved.notes : null,
    };
    const body = { items, notes };
    return { body, changed: comparable(body) !== comparable(savedBody) };
  });
}

// ---------------------------------------------------------------- suspension

/** The suspension form's values: each field's mode and text, and the notes. */
export interface SuspensionFormState {
  fields: Record<SuspensionKey, { mode: FieldMode; text: string }>;
  notes: string;
}

/** The form's values for an answer (null: no suspension yet, every number field empty). */
export function suspensionFormState(suspension: Suspension | null | undefined, units: TeamUnits): SuspensionFormState {
  return {
    fields: Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f.key, fieldOf(suspension?.[f.key], f.kind, units)])) as SuspensionFormState['fields'],
    notes: suspension?.notes ?? '',
  };
}

/** The suspension PUT body's fields (without carId/eventId); null means 'Not specified'. */
export type SuspensionValues = Record<SuspensionKey | 'notes', string | null>;

/** The suspension form's values as typed. */
const suspensionFormValues = z.object({
  fields: z.object(Object.fromEntries(SUSPENSION_FIELDS.map((f) => [f.key, fieldState])) as Record<SuspensionKey, typeof fieldState>),
  notes: z.string(),
});

/**
 * The suspension form's schema: its values as typed (SuspensionFormState) to the PUT body, validated
 * with the contract (PutSuspensionBody); a refusal lands on its field ('fields.<key>' or 'notes'),
 * named by its label ('Front Camber must be a number in °'). `opened`: the values the form opened
 * with; `changed` compares with `saved` (what is stored now; default `opened`).
 */
export function suspensionSchema(opened: Suspension | null | undefined, units: TeamUnits, saved: Suspension | null | undefined = opened) {
  return suspensionFormValues.transform((state, ctx): SectionOutput<SuspensionValues> => {
    const openedState = suspensionFormState(opened, units);
    const refusedKeys = new Set<string>();
    const body = { notes: state.notes.trim() === '' ? null : state.notes } as SuspensionValues;
    for (const f of SUSPENSION_FIELDS) {
      const value = savedValue(state.fields[f.key], openedState.fields[f.key].text, opened?.[f.key] ?? null, f.kind, units, f.label);
      if (value.ok) body[f.key] = value.value;
      else {
        ctx.addIssue({ code: 'custom', path: ['fields', f.key], message: value.message });
        refusedKeys.add(f.key);
      }
    }
    const parsed = PutSuspensionBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (typeof key !== 'string' || refusedKeys.has(key)) continue;
        refusedKeys.add(key);
        const field = SUSPENSION_FIELDS.find((f) => f.key === key);
        ctx.addIssue({ code: 'custom', path: field ? ['fields', key] : [key], message: `${field?.label ?? 'Notes'} ${issue.message}` });
      }
    }
    if (refusedKeys.size > 0) return z.NEVER;
    const changed = [...SUSPENSION_FIELDS.map((f) => f.key), 'notes' as const].some((k) => (body[k] ?? null) !== ((saved?.[k] ?? null) === '' ? null : (saved?.[k] ?? null)));
    return { body, changed };
  });
}
