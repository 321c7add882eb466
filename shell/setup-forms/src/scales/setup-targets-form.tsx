import { useState } from 'react';
import type { PutSetupTargetsBody, SetupTargets } from '@pitwall/contracts';
import { FormActions, TextField } from '@pitwall/kit';
import { useSaveForm, type Checked } from '../components/use-save';
import styles from '../components/setup-forms.module.css';

const FIELDS = [
  { key: 'crossPercent', label: 'Target cross weight (%)' },
  { key: 'frontPercent', label: 'Target front weight (%)' },
] as const;
type Key = (typeof FIELDS)[number]['key'];

export interface SetupTargetsFormProps {
  /** The car's targets as the API holds them (%, null = none). */
  initial: SetupTargets;
  /** Saves; rejects with the server's refusal. */
  onSave: (body: PutSetupTargetsBody) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
}

/**
 * 'Edit Setup Targets': the car's target cross weight and front weight in percent (decimal keypad;
 * blank = no target). Toasts 'Setup targets updated successfully' or 'Failed to update setup
 * targets: {reason}'.
 */
export function SetupTargetsForm({ initial, onSave, onDone }: SetupTargetsFormProps) {
  const [values, setValues] = useState<Record<Key, string>>(() => ({
    crossPercent: initial.crossPercent === null ? '' : String(initial.crossPercent),
    frontPercent: initial.frontPercent === null ? '' : String(initial.frontPercent),
  }));
  const check = (): Checked<PutSetupTargetsBody, Partial<Record<Key, string>>> => {
    const read = FIELDS.map(({ key }) => [key, values[key].trim() === '' ? null : Number(values[key].trim().replace(',', '.'))] as const);
    const errors = Object.fromEntries(read.filter(([, v]) => v !== null && !(v >= 0 && v <= 100)).map(([k, v]) => [k, Number.isNaN(v) ? 'Must be a number' : 'Must be from 0 to 100 %']));
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, body: Object.fromEntries(read) as PutSetupTargetsBody };
  };
  const { formRef, saving, errors, submit } = useSaveForm({ check, save: onSave, success: 'Setup targets updated successfully', failure: 'Failed to update setup targets', onDone });
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Setup Targets">
      <div className={styles.axleFields}>
        {FIELDS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            inputMode="decimal"
            autoComplete="off"
            value={values[key]}
            error={errors?.[key]}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        ))}
      </div>
      <FormActions onCancel={onDone} isSaving={saving} submitLabel="Save" />
    </form>
  );
}
