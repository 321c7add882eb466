import { z } from 'zod';
import { entryNumber, type Series } from '@pitwall/contracts';
import { Button, Card, SelectField, TextField, errorMessage, useCars, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { useEnterCar } from '../api/series';
import styles from './series.module.css';

/** The form's fields: the car's id as the select holds it, the class, and the number by the API's rule (trimmed). */
const EnterCarFields = z.object({ carId: z.string(), class: z.string(), number: z.string().trim().min(1, 'Number is required').pipe(entryNumber) });

/**
 * 'Enter a Car' (a team owner or admin): one of the cars of the user's entered teams, a class of
 * the series and a number of 1 to 3 digits, kept as typed (`007` and `7` differ; unique among the
 * series' active entries; the server says so).
 */
export function EnterCarForm({ series }: { series: Series }) {
  const toast = useToast();
  const cars = useCars();
  const enterCar = useEnterCar(series.id);
  const managed = new Set(series.myTeams.filter((t) => t.myRole === 'owner' || t.myRole === 'admin').map((t) => t.teamId));
  const eligible = (cars.data ?? []).filter((c) => managed.has(c.teamId));
  // The first eligible car and class are chosen once the cars arrive; what the user picked or typed before then is kept.
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(EnterCarFields, { values: { carId: String(eligible[0]?.id ?? ''), class: series.classes[0] ?? '', number: '' }, resetOptions: { keepDirtyValues: true } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const entry = await enterCar.mutateAsync({ carId: Number(values.carId), class: values.class, number: values.number });
      toast.success(`#${entry.number} ${entry.passport.name} entered`);
      reset();
    } catch (error) {
      const message = errorMessage(error);
      const field = /^(number|class|carId): /.exec(message)?.[1] as 'number' | 'class' | 'carId' | undefined;
      if (field) setError(field, { message: message.slice(field.length + 2) });
      else toast.error(message);
    }
  });

  if (managed.size === 0) return null;
  return (
    <Card title="Enter a Car">
      {cars.isSuccess && eligible.length === 0 ? (
        <p className={styles.muted}>Your team has no cars yet.</p>
      ) : (
        <form className="pw-form-grid" onSubmit={onSubmit} noValidate>
          <div className={styles.fields}>
            <SelectField label="Car" options={eligible.map((c) => ({ value: String(c.id), label: `${c.name} (${c.teamName})` }))} error={errors.carId?.message} {...register('carId')} />
            <SelectField label="Class" options={series.classes} error={errors.class?.message} {...register('class')} />
            <TextField
              label="Number"
              inputMode="numeric"
              pattern="[0-9]*"
              placeholder="e.g. 27 or 007"
              error={errors.number?.message}
              {...register('number')}
            />
          </div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Entering...' : 'Enter Car'}
          </Button>
        </form>
      )}
    </Card>
  );
}
