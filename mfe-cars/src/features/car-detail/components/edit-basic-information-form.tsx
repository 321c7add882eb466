import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateCarBody, type Car } from '@pitwall/contracts';
import { TextField, errorMessage, useToast, useUpdateCar, FormActions } from '@pitwall/kit';
import styles from './car-detail.module.css';

const BasicInformation = UpdateCarBody.pick({
  makeModel: true,
  year: true,
  engine: true,
  transmission: true,
  weight: true,
  power: true,
});

/** 'Edit Basic Information': PUTs the whole car with the edited fields; stays open on failure. */
export function EditBasicInformationForm({ car, onDone }: { car: Car; onDone: () => void }) {
  const updateCar = useUpdateCar(car.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(BasicInformation),
    defaultValues: {
      makeModel: car.makeModel,
      year: car.year,
      engine: car.engine ?? '',
      transmission: car.transmission ?? '',
      weight: car.weight ?? '',
      power: car.power ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateCar.mutateAsync({ ...car, ...values });
      toast.success('Car updated successfully');
      onDone();
    } catch (error) {
      // Spec §4: a failed basic-info update is logged and the form stays in edit mode.
      console.error('Failed to update car', error);
      toast.error(`Failed to update car: ${errorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit Basic Information">
      <div className={styles.formGrid}>
        <TextField label="Make & Model" error={errors.makeModel?.message} {...register('makeModel')} />
        <TextField label="Year" type="number" inputMode="numeric" error={errors.year?.message} {...register('year', { valueAsNumber: true })} />
        <TextField label="Engine" placeholder="e.g. 4.0L flat-six" error={errors.engine?.message} {...register('engine')} />
        <TextField
          label="Transmission"
          placeholder="e.g. 6-speed sequential"
          error={errors.transmission?.message}
          {...register('transmission')}
        />
        <TextField label="Weight" placeholder="e.g. 1250 kg" error={errors.weight?.message} {...register('weight')} />
        <TextField label="Power" placeholder="e.g. 550 hp" error={errors.power?.message} {...register('power')} />
      </div>
      <FormActions submitLabel="Save Changes" isSaving={isSubmitting} onCancel={onDone} />
    </form>
  );
}
