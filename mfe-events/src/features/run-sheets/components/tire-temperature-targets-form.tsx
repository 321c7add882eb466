import { useState } from 'react';
import type { TeamUnits, TireTemperatureTargetsValue } from '@pitwall/contracts';
import { DEFAULT_TIRE_TEMPERATURE_TARGETS } from '@pitwall/contracts/values';
import { FormActions, TextField, errorMessage, useToast, useUpdateTireTemperatureTargets } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { focusNextFieldOnEnter, shownTemperatureDifference } from '@pitwall/setup-forms/display';
import { targetsFormSchema, targetsFormValues } from '../lib/tire-temperature-forms';
import { temperatureUnitText } from '../lib/tire-temperature-format';
import styles from './run-sheets.module.css';

const FIELDS = [
  { key: 'spreadMinC', label: 'Spread at least' },
  { key: 'spreadMaxC', label: 'Spread at most' },
  { key: 'middleToleranceC', label: 'Middle within ±' },
] as const;

/**
 * 'Edit Targets' of the tire temperatures: the car's spread range (inner − outer) and how far the
 * middle may be from the edges' mean, typed as differences in the team's temperature unit (each
 * with its default under it) and sent in °C (react-hook-form + zodResolver, targetsFormSchema). The
 * targets are the car's: every session of it is read against them. Saved through the write queue;
 * `onDone` after a save and on Cancel.
 */
export function TireTemperatureTargetsForm({ carId, targets, units, onDone }: { carId: number; targets: TireTemperatureTargetsValue; units: TeamUnits; onDone: () => void }) {
  // The targets as the form opened on them: a field left as shown sends them unchanged.
  const [{ opened, schema }] = useState(() => ({ opened: targets, schema: targetsFormSchema(units, targets) }));
  const save = useUpdateTireTemperatureTargets(carId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: targetsFormValues(opened, units) });
  const unit = temperatureUnitText(units);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success('Tire temperature targets saved');
      onDone();
    } catch (error) {
      toast.error(`Failed to save the tire temperature targets: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Edit Tire Temperature Targets">
      <div className={styles.stack}>
        <p className={styles.muted}>The car&apos;s targets: every session of this car is read against them.</p>
        <div className={styles.formGrid}>
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={`${f.label} (${unit})`}
              inputMode="decimal"
              enterKeyHint="next"
              autoComplete="off"
              helperText={`Default ${shownTemperatureDifference(DEFAULT_TIRE_TEMPERATURE_TARGETS[f.key], units)} ${unit}`}
              error={errors[f.key]?.message}
              onKeyDown={focusNextFieldOnEnter}
              {...register(f.key)}
            />
          ))}
        </div>
      </div>
      <FormActions submitLabel="Save Targets" isSaving={isSubmitting} onCancel={onDone} />
    </form>
  );
}
