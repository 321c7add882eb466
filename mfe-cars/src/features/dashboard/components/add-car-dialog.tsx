import { Controller } from 'react-hook-form';
import { CarClass, DEFAULT_CAR_COLOR, NewCarBody } from '@pitwall/contracts';
import { Button, ColorField, Dialog, SelectField, TextField, errorMessage, useAuth, useToast, useCreateCar } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';

function emptyCar() {
  return {
    name: '',
    makeModel: '',
    year: new Date().getFullYear(),
    carClass: 'GT3' as const,
    color: DEFAULT_CAR_COLOR,
    teamId: undefined as number | undefined,
  };
}

/** The 'Add New Car' dialog (docs/product.md, 'Dashboard'): name, make & model, year, class, colour; Cancel and 'Add Car'. */
export function AddCarDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const toast = useToast();
  const createCar = useCreateCar();
  const teams = user?.teams ?? [];
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(NewCarBody, { defaultValues: { ...emptyCar(), teamId: teams[0]?.teamId } });

  const close = () => {
    reset({ ...emptyCar(), teamId: teams[0]?.teamId });
    onOpenChange(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createCar.mutateAsync(values);
      toast.success('Car added successfully');
      close();
    } catch (error) {
      toast.error(`Failed to add car: ${errorMessage(error)}`);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="Add New Car">
      <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
        <TextField label="Car Name" placeholder="e.g. Red Devil" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Make & Model"
          placeholder="e.g. Porsche 911 GT3 R"
          error={errors.makeModel?.message}
          {...register('makeModel')}
        />
        <TextField label="Year" type="number" inputMode="numeric" error={errors.year?.message} {...register('year', { valueAsNumber: true })} />
        <SelectField label="Class" options={CarClass.options} error={errors.carClass?.message} {...register('carClass')} />
        {teams.length > 1 && (
          <SelectField
            label="Team"
            options={teams.map((t) => ({ value: String(t.teamId), label: t.teamName }))}
            {...register('teamId', { setValueAs: (v: string) => (v ? Number(v) : undefined) })}
          />
        )}
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorField
              label="Color"
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.color?.message}
            />
          )}
        />
        <div className="pw-form-actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Adding...' : 'Add Car'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
