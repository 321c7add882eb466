import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_GEAR_NAMES, PutGearRatiosBody, type GearRatio } from '@pitwall/contracts';
import { Button, TextField, FormActions, useLastLiveChange } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { changedElsewhereOf } from '../lib/changed-elsewhere';
import { useFollowingForm } from '../lib/following-state';
import { computeGearSpeeds, parseGearNotes } from '../lib/gear-speed';
import { RowButton, RowEditor } from './row-editor';
import styles from './setup-forms.module.css';
import { useSaveWithToasts } from './use-save';

const GearRatiosForm$ = z.object({ rows: PutGearRatiosBody });

interface EditableRow {
  name: string;
  ratio: string;
  speedAtMaxRpm: string;
  notes: string;
}

/** The values of a row another member's save may change beside a field. */
const GEAR_VALUE_KEYS = ['ratio', 'speedAtMaxRpm'] as const;

const emptyRow = (name = ''): EditableRow => ({ name, ratio: '', speedAtMaxRpm: '', notes: '' });

export interface GearRatiosFormProps {
  /** The rows the form opens with (the car's baseline, or a race event's effective rows). */
  rows: GearRatio[];
  /** Saves the complete list (rows without ids/carId); rejects with the server's refusal. */
  onSave: (rows: PutGearRatiosBody) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
  saveLabel?: string;
}

/**
 * 'Edit Gear Ratios': add, remove and reorder rows (prefilled 1st..6th + Final Drive for a car with
 * none), and a speed calculator that fills the Speed column (kph) from tire size, max rpm and final
 * drive. Saves the whole list; toasts 'Gear ratios updated successfully', or stays open with
 * 'Failed to update gear ratios: {reason}'.
 */
export function GearRatiosForm({ rows, onSave, onDone, saveLabel = 'Save' }: GearRatiosFormProps) {
  const saveWithToasts = useSaveWithToasts({ success: 'Gear ratios updated successfully', failure: 'Failed to update gear ratios', onDone });
  const initialRows: EditableRow[] =
    rows.length > 0
      ? rows.map((r) => ({ name: r.name, ratio: r.ratio, speedAtMaxRpm: r.speedAtMaxRpm ?? '', notes: r.notes ?? '' }))
      : DEFAULT_GEAR_NAMES.map((name) => emptyRow(name));
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(GearRatiosForm$, { defaultValues: { rows: initialRows } });
  // Follows fresh rows until the user edits; the rows it was last filled from: once edited, newer rows differ from them (what a teammate saved meanwhile).
  const filledFrom = useFollowingForm(rows, isDirty, () => reset({ rows: initialRows }));
  const teammate = useLastLiveChange('GearRatiosSet');
  /** Row `index`'s ratio and speed someone else saved while the form is being edited (matched by position). */
  const changedElsewhere = (index: number) => (filledFrom === rows || !rows[index] ? {} : changedElsewhereOf(GEAR_VALUE_KEYS, filledFrom[index], rows[index], teammate));
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rows' });

  const fromNotes = parseGearNotes(rows);
  const [tireSize, setTireSize] = useState(fromNotes.tireText ?? '');
  const [maxRpm, setMaxRpm] = useState(fromNotes.maxRpm ? String(fromNotes.maxRpm) : '');
  const [finalDrive, setFinalDrive] = useState('');
  const [calc, setCalc] = useState<{ error?: string; filled?: number; problems: string[] } | null>(null);

  const fillSpeeds = () => {
    const current = getValues('rows').map((r) => ({ name: r.name ?? '', ratio: r.ratio ?? '' }));
    const result = computeGearSpeeds(current, { tireSize, maxRpm, finalDrive });
    if (!result.ok) {
      setCalc({ error: result.error, problems: [] });
      return;
    }
    for (const speed of result.speeds) setValue(`rows.${speed.index}.speedAtMaxRpm`, speed.text, { shouldDirty: true });
    setCalc({ filled: result.speeds.length, problems: result.problems });
  };

  const onSubmit = handleSubmit(async (values) => {
    await saveWithToasts(() => onSave(values.rows));
  });

  const watchedRows = useWatch({ control, name: 'rows' });
  const rowLabel = (index: number) => watchedRows?.[index]?.name?.trim() || `row ${index + 1}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit Gear Ratios">
      <ol className={styles.rows}>
        {fields.map((field, index) => {
          const rowErrors = errors.rows?.[index];
          const elsewhere = changedElsewhere(index);
          return (
            <RowEditor
              key={field.id}
              legend={`Row ${index + 1}`}
              fieldsClassName={styles.rowFields}
              buttons={
                <>
                  <RowButton label={`Move ${rowLabel(index)} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    ↑
                  </RowButton>
                  <RowButton label={`Move ${rowLabel(index)} down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                    ↓
                  </RowButton>
                  <RowButton label={`Remove ${rowLabel(index)}`} onClick={() => remove(index)}>
                    ×
                  </RowButton>
                </>
              }
            >
              <TextField label="Gear" placeholder="e.g. 3rd" error={rowErrors?.name?.message} {...register(`rows.${index}.name`)} />
              <TextField label="Ratio" placeholder="e.g. 2.035" inputMode="decimal" error={rowErrors?.ratio?.message} helperText={elsewhere.ratio} {...register(`rows.${index}.ratio`)} />
              <TextField label="Speed (kph)" placeholder="e.g. 149.4" inputMode="decimal" error={rowErrors?.speedAtMaxRpm?.message} helperText={elsewhere.speedAtMaxRpm} {...register(`rows.${index}.speedAtMaxRpm`)} />
              <TextField label="Notes" placeholder={index === 0 ? 'e.g. 7500 rpm, 205/45R17' : 'Optional'} error={rowErrors?.notes?.message} {...register(`rows.${index}.notes`)} />
            </RowEditor>
          );
        })}
      </ol>
      {errors.rows?.root?.message && <p className={styles.calcError}>{errors.rows.root.message}</p>}
      {errors.rows?.message && <p className={styles.calcError}>{errors.rows.message}</p>}
      <Button variant="secondary" className={styles.addRow} onClick={() => append(emptyRow())}>
        Add Gear
      </Button>

      <fieldset className={styles.calculator}>
        <legend>Speed calculator</legend>
        <div className={styles.calculatorFields}>
          <TextField label="Tire size" placeholder="205/45R17" value={tireSize} onChange={(e) => setTireSize(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), fillSpeeds())} />
          <TextField label="Max rpm" placeholder="7500" inputMode="numeric" value={maxRpm} onChange={(e) => setMaxRpm(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), fillSpeeds())} />
          <TextField
            label="Final drive"
            placeholder="from the Final Drive row"
            inputMode="decimal"
            value={finalDrive}
            onChange={(e) => setFinalDrive(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), fillSpeeds())}
          />
          <Button variant="secondary" onClick={fillSpeeds}>
            Fill Speed Column
          </Button>
        </div>
        <div role="status">
          {calc?.error && <p className={styles.calcError}>{calc.error}</p>}
          {calc?.filled !== undefined && <p className={styles.calcOk}>{`Speed filled for ${calc.filled} ${calc.filled === 1 ? 'gear' : 'gears'}.`}</p>}
          {calc && calc.problems.length > 0 && (
            <ul className={styles.problems}>
              {calc.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>

      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel={saveLabel} />
    </form>
  );
}
