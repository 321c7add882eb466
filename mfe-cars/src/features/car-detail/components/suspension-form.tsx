import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PutSuspensionBody, SUSPENSION_SETTINGS, type Suspension } from '@pitwall/contracts';
import { Button, TextAreaField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useUpdateSuspension } from '../api/update-suspension';
import styles from './car-record.module.css';

type FieldName = Exclude<keyof PutSuspensionBody, 'carId' | 'eventId'>;

/** 'Edit Suspension & Alignment': the six settings per axle and Notes, all optional text (spec §5). */
export function SuspensionForm({ carId, suspension, onDone }: { carId: number; suspension: Suspension | null; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateSuspension(carId);
  const defaults = Object.fromEntries(
    (['front', 'rear'] as const)
      .flatMap((axle) => SUSPENSION_SETTINGS.map((s) => `${axle}${s.key}` as FieldName))
      .concat('notes')
      .map((name) => [name, suspension?.[name] ?? '']),
  ) as Record<FieldName, string>;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PutSuspensionBody>({ resolver: zodResolver(PutSuspensionBody), defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Suspension settings updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update suspension settings: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit Suspension & Alignment">
      <div className={styles.axles}>
        {(['front', 'rear'] as const).map((axle) => (
          <fieldset key={axle} className={styles.axleFields}>
            <legend>{axle === 'front' ? 'Front' : 'Rear'}</legend>
            {SUSPENSION_SETTINGS.map((s) => {
              const name = `${axle}${s.key}` as FieldName;
              return <TextField key={name} label={s.label} placeholder={s.placeholder} error={errors[name]?.message} {...register(name)} />;
            })}
          </fieldset>
        ))}
      </div>
      <div className={styles.formSection}>
        <TextAreaField label="Notes" placeholder="e.g. Corner-weighted with driver" error={errors.notes?.message} {...register('notes')} />
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
