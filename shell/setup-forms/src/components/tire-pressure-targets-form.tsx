import { useState } from 'react';
import type { PutTirePressureTargetsBody, TeamUnits, TirePressureTargets } from '@pitwall/contracts';
import { FormActions } from '@pitwall/kit';
import { fromApiNumber, toApiNumber } from '../units/measurement';
import { MeasureField } from './measure-field';
import { useSaveForm, type Checked } from './use-save';
import styles from './setup-forms.module.css';

type Key = keyof TirePressureTargets;
/** The fields by axle: the axle's target, then its two corners (blank = the axle's). */
const AXLES = [
  { title: 'Front', axle: { key: 'front', label: 'Front axle' }, corners: [{ key: 'fl', label: 'Front Left' }, { key: 'fr', label: 'Front Right' }] },
  { title: 'Rear', axle: { key: 'rear', label: 'Rear axle' }, corners: [{ key: 'rl', label: 'Rear Left' }, { key: 'rr', label: 'Rear Right' }] },
] as const satisfies readonly { title: string; axle: { key: Key; label: string }; corners: readonly { key: Key; label: string }[] }[];
const KEYS: readonly Key[] = ['front', 'rear', 'fl', 'fr', 'rl', 'rr'];

export interface TirePressureTargetsFormProps {
  /** The car's targets as the API holds them (psi). */
  initial: TirePressureTargets;
  /** The team's units: targets are entered in `units.pressureUnit`. */
  units: TeamUnits;
  /** Saves the targets in psi; rejects with the server's refusal. */
  onSave: (body: PutTirePressureTargetsBody) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
}

/**
 * 'Edit Target Hot Pressures': the target HOT pressure per axle and, where one corner
 * differs, per corner (blank = the axle's), in the team's pressure unit, the saved value under each
 * field. An unchanged field sends the stored psi back, not its rounded conversion (30 psi shown as
 * 2.07 bar stays 30 psi). Toasts 'Target hot pressures updated successfully' or 'Failed to update
 * target hot pressures: {reason}'.
 */
export function TirePressureTargetsForm({ initial, units, onSave, onDone }: TirePressureTargetsFormProps) {
  const [opened] = useState(() => Object.fromEntries(KEYS.map((k) => [k, initial[k] === null ? '' : fromApiNumber(initial[k], 'pressure', units)])) as Record<Key, string>);
  const [values, setValues] = useState(opened);

  const check = (): Checked<PutTirePressureTargetsBody, Partial<Record<Key, string>>> => {
    const read = KEYS.map((k) => [k, values[k] === opened[k] ? initial[k] : toApiNumber(values[k], 'pressure', units)] as const);
    const errors = Object.fromEntries(read.filter(([, v]) => v !== null && (Number.isNaN(v) || v < 0 || v > 100)).map(([k, v]) => [k, Number.isNaN(v) ? 'Must be a number' : 'Must be from 0 to 100 psi']));
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, body: Object.fromEntries(read) as PutTirePressureTargetsBody };
  };
  const { formRef, saving, errors, submit } = useSaveForm({ check, save: onSave, success: 'Target hot pressures updated successfully', failure: 'Failed to update target hot pressures', onDone });

  const field = (key: Key, label: string, placeholder?: string) => (
    <MeasureField
      key={key}
      label={label}
      kind="pressure"
      mode="number"
      units={units}
      value={values[key]}
      previous={opened[key] ? `${opened[key]} ${units.pressureUnit}` : null}
      placeholder={placeholder}
      error={errors?.[key]}
      onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
    />
  );

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Target Hot Pressures">
      <div className={styles.axles}>
        {AXLES.map(({ title, axle, corners }) => (
          <fieldset key={title} className={styles.axleFields}>
            <legend>{title}</legend>
            {field(axle.key, axle.label)}
            {corners.map((c) => field(c.key, c.label, values[axle.key] ? `= ${values[axle.key]}` : undefined))}
          </fieldset>
        ))}
      </div>
      <p className={styles.was}>A corner left blank takes its axle's target.</p>
      <FormActions onCancel={onDone} isSaving={saving} submitLabel="Save" />
    </form>
  );
}
