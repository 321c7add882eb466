import { z } from 'zod';
import type { Car } from '@pitwall/contracts';
import { Dialog, TextField, errorMessage, useToast, useUpdateCar, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';

/** The dialog's field: the URL as typed, sent trimmed ('' = no link). */
const TuningLinkFields = z.object({ url: z.string().transform((url) => url.trim() || null) });

/** 'Tuning Software Link' dialog: sets or clears the car's tuningFileUrl (empty means no link). */
export function TuningLinkDialog({ car, open, onOpenChange }: { car: Car; open: boolean; onOpenChange: (open: boolean) => void }) {
  const updateCar = useUpdateCar(car.id);
  const toast = useToast();
  const { register, handleSubmit, reset } = useZodForm(TuningLinkFields, { defaultValues: { url: car.tuningFileUrl ?? '' } });

  const cancel = () => {
    reset({ url: '' });
    onOpenChange(false);
  };

  const save = handleSubmit(async ({ url }) => {
    try {
      await updateCar.mutateAsync({ ...car, tuningFileUrl: url });
      toast.success('Tuning file link updated successfully');
      onOpenChange(false);
    } catch (error) {
      toast.error(`Failed to update tuning file link: ${errorMessage(error)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : cancel())} title="Tuning Software Link">
      <form onSubmit={(e) => void save(e)}>
        <TextField
          label="Tuning files URL"
          type="url"
          inputMode="url"
          placeholder="https://drive.example.com/my-car/tuning"
          helperText="Enter the URL where your tuning software files are stored."
          {...register('url')}
        />
        <FormActions submitLabel="Save" isSaving={updateCar.isPending} onCancel={cancel} />
      </form>
    </Dialog>
  );
}
