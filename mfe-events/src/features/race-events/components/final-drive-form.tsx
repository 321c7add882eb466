import { FinalDriveBody, type RaceEvent } from '@pitwall/contracts';
import { Card, failureText, TextAreaField, TextField, useToast, useUpdateRaceEvent, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { FullPageForm } from './full-page-form';

/**
 * Full-page 'Final Drive Ratio' form (docs/product.md, 'Validation'): the ratio is required and must parse as a number
 * ('Final drive ratio is required', 'Final drive ratio must be a valid number'); notes optional.
 * Opens with the effective ratio: the race event's, else `effectiveRatio` (the car's baseline
 * 'Final Drive' gear ratio).
 */
export function FinalDriveForm({ raceEvent, effectiveRatio = null, onDone }: { raceEvent: RaceEvent; effectiveRatio?: string | null; onDone: () => void }) {
  const updateRaceEvent = useUpdateRaceEvent(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(FinalDriveBody, {
    defaultValues: { finalDriveRatio: raceEvent.finalDriveRatio ?? effectiveRatio ?? '', finalDriveNotes: raceEvent.finalDriveNotes ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateRaceEvent.mutateAsync(values);
      toast.success('Final drive ratio updated');
      onDone();
    } catch (error) {
      console.error('Failed to update final drive ratio', error);
      toast.error(failureText('Failed to update final drive ratio. Please try again.', error));
    }
  });

  return (
    <FullPageForm title="Final Drive Ratio" subtitle={raceEvent.name}>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Final Drive Ratio">
          <div style={{ display: 'grid', gap: '1rem', maxWidth: '32rem' }}>
            <TextField
              label="Final Drive Ratio"
              inputMode="decimal"
              placeholder="e.g. 4.100"
              autoComplete="off"
              error={errors.finalDriveRatio?.message}
              {...register('finalDriveRatio')}
            />
            <TextAreaField label="Notes" placeholder="Why this ratio, gearing for this track" error={errors.finalDriveNotes?.message} {...register('finalDriveNotes')} />
          </div>
          <FormActions submitLabel="Save Final Drive" isSaving={isSubmitting} onCancel={onDone} />
        </form>
      </Card>
    </FullPageForm>
  );
}
