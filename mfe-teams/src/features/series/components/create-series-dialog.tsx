import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { NewSeriesBody } from '@pitwall/contracts';
import { Dialog, FormActions, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useCreateSeries } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';

/** The dialog's fields: classes typed as one comma-separated line, split into the contract's list. */
const CreateSeriesForm = NewSeriesBody.extend({
  classes: z.string().transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean)).pipe(NewSeriesBody.shape.classes),
});
const EMPTY = { name: '', season: String(new Date().getFullYear()), classes: '' };

/** 'Create Series': name, season and classes; the creator becomes the organiser and lands on the series. */
export function CreateSeriesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const createSeries = useCreateSeries();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(CreateSeriesForm, { defaultValues: EMPTY });

  const close = () => {
    reset(EMPTY);
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const series = await createSeries.mutateAsync(values);
      toast.toast({ title: 'Series created', description: 'You are its organiser.' });
      close();
      void navigate(`/series/${series.id}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Create Series" description="A championship with rounds and classes. You will be its organiser.">
      <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
        <TextField label="Series Name" placeholder="e.g. Club Sprint Cup" error={errors.name?.message} {...register('name')} />
        <TextField label="Season" placeholder="2026" error={errors.season?.message} {...register('season')} />
        <TextField label="Classes" placeholder="e.g. Cup, GT4" helperText="Separate classes with commas." error={errors.classes?.message} {...register('classes')} />
        <FormActions submitLabel="Create Series" pendingLabel="Creating..." isSaving={isSubmitting} onCancel={close} />
      </form>
    </Dialog>
  );
}
