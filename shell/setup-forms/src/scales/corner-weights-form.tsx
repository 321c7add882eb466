import { useState } from 'react';
import { z } from 'zod';
import { massFromKg, massToKg, MAX_CORNER_KG, type CornerWeights, type MassUnit, type PutCornerWeightsBody } from '@pitwall/contracts';
import { FormActions, SelectField, TextAreaField, TextField } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { useSaveWithToasts, useSubmitState } from '../components/use-save';
import styles from '../components/setup-forms.module.css';
import { formatNumber } from './format';

/** The numeric fields: corner weights and masses in the team's unit, fuel in litres. */
const NUMBERS = [
  { key: 'fl', label: 'FL', mass: true },
  { key: 'fr', label: 'FR', mass: true },
  { key: 'rl', label: 'RL', mass: true },
  { key: 'rr', label: 'RR', mass: true },
  { key: 'driverKg', label: 'Driver weight', mass: true },
  { key: 'fuelLitres', label: 'Fuel', mass: false },
  { key: 'ballastKg', label: 'Ballast', mass: true },
] as const;
type NumberKey = (typeof NUMBERS)[number]['key'];

/** The heaviest fuel load the API takes, litres. */
const MAX_FUEL_LITRES = 500;

/** 'Weighed with' as the select holds it. */
const WEIGHED_WITH = [
  { value: '', label: 'Not recorded' },
  { value: 'in', label: 'Driver in' },
  { value: 'ballast', label: 'Ballast for the driver' },
];

export interface CornerWeightsFormProps {
  /** The scales as the API answers them (kg): the baseline's, or a race event's effective ones. */
  initial: CornerWeights;
  /** The team's mass unit: weights are entered and shown in it. */
  massUnit: MassUnit;
  /** Saves in kg; rejects with the server's refusal. */
  onSave: (body: PutCornerWeightsBody) => Promise<unknown>;
  /** Called after a successful save and on Cancel. */
  onDone: () => void;
}

/** A stored value as the field opens with it: kg in the team's unit to 0.1, litres as stored. */
const shown = (value: number | null, mass: boolean, unit: MassUnit) => (value === null ? '' : String(mass ? Math.round(massFromKg(value, unit) * 10) / 10 : value));

/**
 * The form's schema for scales opened on `initial` in `massUnit`: each number as typed, read as
 * kg (litres for fuel) within the API's range; a field left as it opened (`opened`) sends its
 * stored value back, a blank one null; how the car was weighed, ballast position and notes as the body holds them.
 */
function cornerWeightsSchema(initial: CornerWeights, opened: Record<NumberKey, string>, massUnit: MassUnit) {
  const maxMass = `${formatNumber(massFromKg(MAX_CORNER_KG, massUnit), 0)} ${massUnit}`;
  const number = (f: (typeof NUMBERS)[number]) =>
    z.string().transform((typedText, ctx): number | null => {
      const text = typedText.trim();
      if (text === opened[f.key]) return initial[f.key];
      if (text === '') return null;
      const typed = Number(text.replace(',', '.'));
      if (!Number.isFinite(typed)) {
        ctx.addIssue({ code: 'custom', message: 'Must be a number' });
        return z.NEVER;
      }
      const value = f.mass ? massToKg(typed, massUnit) : typed;
      if (value < 0 || value > (f.mass ? MAX_CORNER_KG : MAX_FUEL_LITRES)) {
        ctx.addIssue({ code: 'custom', message: f.mass ? `Must be from 0 to ${maxMass}` : `Must be from 0 to ${MAX_FUEL_LITRES} litres` });
        return z.NEVER;
      }
      return value;
    });
  return z
    .object({
      ...(Object.fromEntries(NUMBERS.map((f) => [f.key, number(f)])) as Record<NumberKey, ReturnType<typeof number>>),
      weighedWith: z.string(),
      ballastPosition: z.string(),
      notes: z.string(),
    })
    .transform(({ weighedWith, ballastPosition, notes, ...values }): PutCornerWeightsBody => ({
      ...values,
      driverIn: weighedWith === '' ? null : weighedWith === 'in',
      ballastPosition: ballastPosition.trim() || null,
      notes: notes.trim() || null,
    }));
}

/**
 * 'Edit Corner Weights': FL, FR, RL, RR in the team's unit (kg|lb, decimal keypad), how the car was
 * weighed (driver in or ballast for the driver, with the driver's weight), fuel (litres), ballast
 * and where it sits, notes. An untouched field sends its stored kg back (no rounding drift through
 * lb). Toasts 'Corner weights updated successfully' or 'Failed to update corner weights: {reason}'.
 */
export function CornerWeightsForm({ initial, massUnit, onSave, onDone }: CornerWeightsFormProps) {
  const [{ opened, schema }] = useState(() => {
    const openedText = Object.fromEntries(NUMBERS.map((f) => [f.key, shown(initial[f.key], f.mass, massUnit)])) as Record<NumberKey, string>;
    return { opened: openedText, schema: cornerWeightsSchema(initial, openedText, massUnit) };
  });
  const saveWithToasts = useSaveWithToasts({ success: 'Corner weights updated successfully', failure: 'Failed to update corner weights', onDone });
  const { formRef, refused } = useSubmitState();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    defaultValues: { ...opened, weighedWith: initial.driverIn === null ? '' : initial.driverIn ? 'in' : 'ballast', ballastPosition: initial.ballastPosition ?? '', notes: initial.notes ?? '' },
    shouldFocusError: false,
  });
  const submit = handleSubmit(async (body) => {
    await saveWithToasts(() => onSave(body));
  }, refused);

  const field = (f: (typeof NUMBERS)[number]) => (
    <TextField
      key={f.key}
      label={`${f.label} (${f.mass ? massUnit : 'litres'})`}
      inputMode="decimal"
      autoComplete="off"
      error={errors[f.key]?.message}
      helperText={opened[f.key] ? `was ${opened[f.key]}` : undefined}
      onFocus={(e) => e.currentTarget.select()}
      {...register(f.key)}
    />
  );

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit Corner Weights">
      <fieldset className={styles.axleFields}>
        <legend>Corner weights</legend>
        {NUMBERS.slice(0, 4).map(field)}
      </fieldset>
      <fieldset className={`${styles.axleFields} ${styles.formSection}`}>
        <legend>How the car was weighed</legend>
        <SelectField label="Weighed with" options={WEIGHED_WITH} {...register('weighedWith')} />
        {NUMBERS.slice(4).map(field)}
        <TextField label="Ballast position" placeholder="e.g. passenger floor" {...register('ballastPosition')} />
      </fieldset>
      <div className={styles.formSection}>
        <TextAreaField label="Notes" {...register('notes')} />
      </div>
      <FormActions onCancel={onDone} isSaving={isSubmitting} submitLabel="Save" />
    </form>
  );
}
