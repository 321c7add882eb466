import { z } from 'zod';
import type { PutSetupTargetsBody, SetupTargets } from '@pitwall/contracts';
import { FormActions, TextField } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { useSaveWithToasts, useSubmitState } from '../components/use-save';
import styles from '../components/setup-forms.module.css';

const FIELDS = [
  { key: 'crossPercent', label: 'Target cross weight (%)' },
  { key: 'frontPercent', label: 'Target front weight (%)' },
] as const;

/** A target as typed: blank = no target (null), else a percent from 0 to 100 (a decimal comma read as a point). */
const targetPercent = z
  .string()
  .transform((text) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.'))))
  .superRefine((v, ctx) => {
    if (v !== null && !(v >= 0 && v <= 100)) ctx.addIssue({ code: 'custom', message: Number.isNaN(v) ? 'Must be a number' : 'Must be from 0 to 100 %' });
  });
const SetupTargetsFields = z.object({ crossPercent: targetPercent, frontPercent: targetPercent });

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
  const saveWithToasts = useSaveWithToasts({ success: 'Setup targets updated successfully', failure: 'Failed to update setup targets', onDone });
  const { formRef, refused } = useSubmitState();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(SetupTargetsFields, {
    defaultValues: {
      crossPercent: initial.crossPercent === null ? '' : String(initial.crossPercent),
      frontPercent: initial.frontPercent === null ? '' : String(initial.frontPercent),
    },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async (body: PutSetupTargetsBody) => {
    await saveWithToasts(() => onSave(body));
  }, refused);
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Setup Targets">
      <div className={styles.axleFields}>
        {FIELDS.map(({ key, label }) => (
          <TextField
            key={key}
            label={label}
            inputMode="decimal"
            autoComplete="off"
            error={errors[key]?.message}
            onFocus={(e) => e.currentTarget.select()}
            {...register(key)}
          />
        ))}
      </div>
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel="Save" />
    </form>
  );
}
