import type { TeamUnits, TirePressures } from '@pitwall/contracts';
import { Button, TextAreaField, TextField } from '@pitwall/kit';
import { TIRE_CORNERS, newTireRow, type TireCorner, type TireErrors, type TireFormState, type TireRowState } from '../lib/setup-values';
import { MeasureField } from './measure-field';
import { RowButton, RowEditor } from './row-editor';
import styles from './setup-forms.module.css';

export interface TirePressuresSectionProps {
  value: TireFormState;
  onChange: (value: TireFormState) => void;
  units: TeamUnits;
  /** The values when the form opened, shown as 'was …' beside each corner (matched by condition). */
  previous: TirePressures | undefined;
  errors: TireErrors;
  /** Per corner of a row, someone else's save made while the form is being edited (see lib/changed-elsewhere.ts). */
  changedElsewhere?: (row: TireRowState) => Partial<Record<TireCorner, string>>;
}

/** Placeholder of a corner in the team's unit (docs/product.md, 'Tire pressures': "example placeholders such as '24.5 psi'"). */
const PLACEHOLDER = { psi: '24.5 psi', bar: '1.70 bar' } as const;

/**
 * The tire pressure rows (legend 'Condition N': a condition and the four corners, numbers in the
 * team's unit), 'Add Condition', and the one shared 'Note'. Controlled: the caller keeps the state.
 */
export function TirePressuresSection({ value, onChange, units, previous, errors, changedElsewhere = () => ({}) }: TirePressuresSectionProps) {
  const setRow = (key: string, change: (row: TireRowState) => TireRowState) => onChange({ ...value, rows: value.rows.map((r) => (r.key === key ? change(r) : r)) });
  const previousOf = (row: TireRowState) => (row.origin === null ? undefined : previous?.items[row.origin]);

  return (
    <>
      <ol className={styles.rows}>
        {value.rows.map((row, index) => {
          const rowErrors = errors[row.key] ?? {};
          const before = previousOf(row);
          const elsewhere = changedElsewhere(row);
          return (
            <RowEditor
              key={row.key}
              legend={`Condition ${index + 1}`}
              fieldsClassName={styles.tireFields}
              buttons={
                <RowButton label={`Remove ${row.condition.trim() || `condition ${index + 1}`}`} onClick={() => onChange({ ...value, rows: value.rows.filter((r) => r.key !== row.key) })}>
                  ×
                </RowButton>
              }
            >
              <TextField
                label="Condition"
                placeholder="e.g. Dry (Cold)"
                autoComplete="off"
                value={row.condition}
                error={rowErrors.condition}
                onChange={(e) => setRow(row.key, (r) => ({ ...r, condition: e.target.value }))}
              />
              {TIRE_CORNERS.map((corner) => (
                <MeasureField
                  key={corner.key}
                  label={corner.label}
                  kind="pressure"
                  mode={row.corners[corner.key].mode}
                  units={units}
                  value={row.corners[corner.key].text}
                  placeholder={PLACEHOLDER[units.pressureUnit]}
                  previous={before?.[corner.key]}
                  changedElsewhere={elsewhere[corner.key]}
                  error={rowErrors[corner.key]}
                  onChange={(text) => setRow(row.key, (r) => ({ ...r, corners: { ...r.corners, [corner.key]: { ...r.corners[corner.key], text } } }))}
                />
              ))}
            </RowEditor>
          );
        })}
      </ol>
      <Button variant="secondary" className={styles.addRow} onClick={() => onChange({ ...value, rows: [...value.rows, newTireRow()] })}>
        Add Condition
      </Button>
      <div className={styles.formSection}>
        <TextAreaField label="Note" placeholder="e.g. Bleed to hot target after the out-lap" value={value.notes} onChange={(e) => onChange({ ...value, notes: e.target.value })} />
      </div>
    </>
  );
}
