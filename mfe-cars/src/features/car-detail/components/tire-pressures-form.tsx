import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIRE_CONDITIONS, PutTirePressuresBody, type TirePressures } from '@pitwall/contracts';
import { Button, TextAreaField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useUpdateTirePressures } from '../api/update-tire-pressures';
import styles from './car-record.module.css';

const CORNERS = [
  { name: 'frontLeft', label: 'Front Left' },
  { name: 'frontRight', label: 'Front Right' },
  { name: 'rearLeft', label: 'Rear Left' },
  { name: 'rearRight', label: 'Rear Right' },
] as const;

const emptyRow = (condition = '') => ({ condition, frontLeft: '', frontRight: '', rearLeft: '', rearRight: '' });

/**
 * 'Edit Tire Pressures': rows of a condition and four corner pressures (text with the unit, e.g.
 * '24.5 psi'), prefilled 'Dry (Cold)', 'Dry (Hot Target)', 'Wet (Cold)' for a car with none, and the
 * one shared note.
 */
export function TirePressuresForm({ carId, pressures, onDone }: { carId: number; pressures: TirePressures; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateTirePressures(carId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PutTirePressuresBody>({
    resolver: zodResolver(PutTirePressuresBody),
    defaultValues: {
      items:
        pressures.items.length > 0
          ? pressures.items.map(({ condition, frontLeft, frontRight, rearLeft, rearRight }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight }))
          : DEFAULT_TIRE_CONDITIONS.map((c) => emptyRow(c)),
      notes: pressures.notes ?? '',
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const watched = useWatch({ control, name: 'items' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Tire pressures updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update tire pressures: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit Tire Pressures">
      <ol className={styles.rows}>
        {fields.map((field, index) => {
          const rowErrors = errors.items?.[index];
          const label = watched?.[index]?.condition?.trim() || `row ${index + 1}`;
          return (
            <li key={field.id}>
              <fieldset className={styles.rowEditor}>
                <legend>{`Row ${index + 1}`}</legend>
                <div className={styles.tireFields}>
                  <TextField label="Condition" placeholder="e.g. Dry (Cold)" error={rowErrors?.condition?.message} {...register(`items.${index}.condition`)} />
                  {CORNERS.map((corner) => (
                    <TextField key={corner.name} label={corner.label} placeholder="24.5 psi" error={rowErrors?.[corner.name]?.message} {...register(`items.${index}.${corner.name}`)} />
                  ))}
                  <div className={styles.rowButtons}>
                    <Button variant="ghost" size="sm" className={styles.iconButton} aria-label={`Remove ${label}`} onClick={() => remove(index)}>
                      ×
                    </Button>
                  </div>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" className={styles.addRow} onClick={() => append(emptyRow())}>
        Add Condition
      </Button>
      <div className={styles.formSection}>
        <TextAreaField label="Note" placeholder="e.g. Bleed to hot target after the out-lap" error={errors.notes?.message} {...register('notes')} />
      </div>
      <div className="pw-form-actions">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
