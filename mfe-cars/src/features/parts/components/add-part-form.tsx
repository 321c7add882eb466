import { z } from 'zod';
import { NewPartBody, PART_CATEGORIES, PartCategory } from '@pitwall/contracts';
import { Button, SelectField, TextField, errorMessage, useCreatePart, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { numberOf } from '../lib/number-of';
import styles from './parts.module.css';

const NUMBER_FIELDS = [
  { name: 'limits.km', label: 'Distance limit (km)', inputMode: 'decimal' },
  { name: 'limits.hours', label: 'Running time limit (hours)', inputMode: 'decimal' },
  { name: 'limits.laps', label: 'Lap limit', inputMode: 'numeric' },
  { name: 'usedBefore.km', label: 'Already used (km)', inputMode: 'decimal' },
  { name: 'usedBefore.hours', label: 'Already used (hours)', inputMode: 'decimal' },
  { name: 'usedBefore.laps', label: 'Already used (laps)', inputMode: 'numeric' },
] as const;

/** The form's fields as typed, named as the body's (so the contract's messages land on them by path); a blank number is left out. */
const PartFields = z
  .object({
    name: z.string(),
    category: PartCategory,
    partNumber: z.string(),
    serialNumber: z.string(),
    limits: z.object({ km: z.string(), hours: z.string(), laps: z.string(), expiresOn: z.string() }),
    usedBefore: z.object({ km: z.string(), hours: z.string(), laps: z.string() }),
  })
  .transform(({ limits, usedBefore, ...part }): NewPartBody => ({
    ...part,
    limits: { km: numberOf(limits.km), hours: numberOf(limits.hours), laps: numberOf(limits.laps), expiresOn: limits.expiresOn || undefined },
    usedBefore: { km: numberOf(usedBefore.km), hours: numberOf(usedBefore.hours), laps: numberOf(usedBefore.laps) },
  }))
  .pipe(NewPartBody);

/**
 * 'Add Part': name, category, part and serial numbers, the life limits (any of km, hours, laps, an
 * expiry date) and the usage it already had. With `carId` the part is fitted to that car from now.
 */
export function AddPartForm({ teamId, carId, onDone }: { teamId: number; carId: number | null; onDone: () => void }) {
  const create = useCreatePart(teamId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    getFieldState,
    formState,
  } = useZodForm(PartFields, {
    defaultValues: { name: '', category: 'engine', partNumber: '', serialNumber: '', limits: { km: '', hours: '', laps: '', expiresOn: '' }, usedBefore: { km: '', hours: '', laps: '' } },
  });
  const field = (name: Parameters<typeof register>[0]) => ({ ...register(name), error: getFieldState(name, formState).error?.message });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, carId });
      toast.success('Part added');
      onDone();
    } catch (error) {
      toast.error(`Failed to add part: ${errorMessage(error)}`);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add Part">
      <div className={styles.formGrid}>
        <TextField label="Part name" placeholder="e.g. Gearbox" {...field('name')} />
        <SelectField label="Category" options={PART_CATEGORIES} {...field('category')} />
        <TextField label="Part number" {...field('partNumber')} />
        <TextField label="Serial number" {...field('serialNumber')} />
        {NUMBER_FIELDS.map((f) => (
          <TextField key={f.name} label={f.label} inputMode={f.inputMode} {...field(f.name)} />
        ))}
        <TextField label="Expires on" type="date" {...field('limits.expiresOn')} />
      </div>
      <div className="pw-form-actions" style={{ marginTop: 0 }}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Part'}
        </Button>
      </div>
    </form>
  );
}
