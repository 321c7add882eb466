import { useState } from 'react';
import { z } from 'zod';
import type { PutTirePressureTargetsBody, TeamUnits, TirePressureTargets } from '@pitwall/contracts';
import { FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { fromApiNumber, toApiNumber } from '../units/measurement';
import { MeasureField } from './measure-field';
import { useSaveWithToasts, useSubmitState } from './use-save';
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
 * The form's schema for targets opened on `initial`: each field in the team's pressure unit, read as
 * psi from 0 to 100 (blank = null); a field left as it opened (`opened`) sends the stored psi back.
 */
function targetsSchema(initial: TirePressureTargets, opened: Record<Key, string>, units: TeamUnits) {
  const target = (k: Key) =>
    z.string().transform((text, ctx): number | null => {
      const v = text === opened[k] ? initial[k] : toApiNumber(text, 'pressure', units);
      if (v !== null && (Number.isNaN(v) || v < 0 || v > 100)) {
        ctx.addIssue({ code: 'custom', message: Number.isNaN(v) ? 'Must be a number' : 'Must be from 0 to 100 psi' });
        return z.NEVER;
      }
      return v;
    });
  return z.object(Object.fromEntries(KEYS.map((k) => [k, target(k)])) as Record<Key, ReturnType<typeof target>>);
}

/**
 * 'Edit Target Hot Pressures': the target HOT pressure per axle and, where one corner
 * differs, per corner (blank = the axle's), in the team's pressure unit, the saved value under each
 * field. An unchanged field sends the stored psi back, not its rounded conversion (30 psi shown as
 * 2.07 bar stays 30 psi). Toasts 'Target hot pressures updated successfully' or 'Failed to update
 * target hot pressures: {reason}'.
 */
export function TirePressureTargetsForm({ initial, units, onSave, onDone }: TirePressureTargetsFormProps) {
  const [{ opened, schema }] = useState(() => {
    const openedText = Object.fromEntries(KEYS.map((k) => [k, initial[k] === null ? '' : fromApiNumber(initial[k], 'pressure', units)])) as Record<Key, string>;
    return { opened: openedText, schema: targetsSchema(initial, openedText, units) };
  });
  const saveWithToasts = useSaveWithToasts({ success: 'Target hot pressures updated successfully', failure: 'Failed to update target hot pressures', onDone });
  const { formRef, refused } = useSubmitState();
  const {
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useZodForm(schema, { defaultValues: opened, shouldFocusError: false });
  const values = watch();
  const submit = handleSubmit(async (body: PutTirePressureTargetsBody) => {
    await saveWithToasts(() => onSave(body));
  }, refused);

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
      error={errors[key]?.message}
      onChange={(value) => setValue(key, value, { shouldDirty: true, shouldValidate: isSubmitted })}
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
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel="Save" />
    </form>
  );
}
