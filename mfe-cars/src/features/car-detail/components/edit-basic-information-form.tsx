import { UpdateCarBody, type Car } from '@pitwall/contracts';
import { TextField, errorMessage, useToast, useUpdateCar, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './car-detail.module.css';

const BasicInformation = UpdateCarBody.pick({
  makeModel: true,
  year: true,
  engine: true,
  transmission: true,
  weight: true,
  power: true,
  wheelbaseMm: true,
  motionRatio: true,
  unsprungKg: true,
  tankLitres: true,
});

/** An optional number field's text as the API takes it: blank = null, a decimal comma read as a point. */
const optionalNumber = (text: unknown) => (typeof text !== 'string' ? text : text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** The optional number fields: the geometry (wheelbase, motion ratio per axle, unsprung mass per corner) and the fuel tank. */
const NUMBER_FIELDS = [
  { name: 'wheelbaseMm', label: 'Wheelbase (mm)' },
  { name: 'motionRatio.front', label: 'Motion ratio front' },
  { name: 'motionRatio.rear', label: 'Motion ratio rear' },
  { name: 'unsprungKg.fl', label: 'Unsprung mass FL (kg)' },
  { name: 'unsprungKg.fr', label: 'Unsprung mass FR (kg)' },
  { name: 'unsprungKg.rl', label: 'Unsprung mass RL (kg)' },
  { name: 'unsprungKg.rr', label: 'Unsprung mass RR (kg)' },
  { name: 'tankLitres', label: 'Fuel tank (litres)' },
] as const;

/**
 * 'Edit Basic Information': PUTs the whole car with the edited fields, the geometry too (wheelbase,
 * motion ratios, unsprung masses) and the fuel tank (litres; the race plan's default tank): optional
 * numbers, decimal keypad, blank = not given. Stays open on failure.
 */
export function EditBasicInformationForm({ car, onDone }: { car: Car; onDone: () => void }) {
  const updateCar = useUpdateCar(car.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(BasicInformation, {
    defaultValues: {
      makeModel: car.makeModel,
      year: car.year,
      engine: car.engine ?? '',
      transmission: car.transmission ?? '',
      weight: car.weight ?? '',
      power: car.power ?? '',
      // Numbers or null; a typed text becomes one through setValueAs (optionalNumber).
      wheelbaseMm: car.wheelbaseMm ?? null,
      motionRatio: car.motionRatio ?? { front: null, rear: null },
      unsprungKg: car.unsprungKg ?? { fl: null, fr: null, rl: null, rr: null },
      tankLitres: car.tankLitres ?? null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateCar.mutateAsync({ ...car, ...values });
      toast.success('Car updated successfully');
      onDone();
    } catch (error) {
      // docs/product.md, 'States and transitions': a failed basic-info update is logged and the form stays in edit mode.
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
        {NUMBER_FIELDS.map((f) => {
          const [group, key] = f.name.split('.') as [string, string | undefined];
          const error = key === undefined ? errors[f.name as 'wheelbaseMm' | 'tankLitres'] : (errors[group as 'motionRatio' | 'unsprungKg'] as Record<string, { message?: string }> | undefined)?.[key];
          return <TextField key={f.name} label={f.label} inputMode="decimal" autoComplete="off" error={error?.message} {...register(f.name, { setValueAs: optionalNumber })} />;
        })}
      </div>
      <FormActions submitLabel="Save Changes" isSaving={isSubmitting} onCancel={onDone} />
    </form>
  );
}
