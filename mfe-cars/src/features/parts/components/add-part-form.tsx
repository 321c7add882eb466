import { useState, type FormEvent } from 'react';
import { NewPartBody, PART_CATEGORIES } from '@pitwall/contracts';
import { Button, SelectField, TextField, errorMessage, useCreatePart, useToast } from '@pitwall/kit';
import { numberOf } from '../lib/number-of';
import styles from './parts.module.css';


const NUMBER_FIELDS = [
  { name: 'limitKm', label: 'Distance limit (km)', inputMode: 'decimal' },
  { name: 'limitHours', label: 'Running time limit (hours)', inputMode: 'decimal' },
  { name: 'limitLaps', label: 'Lap limit', inputMode: 'numeric' },
  { name: 'usedKm', label: 'Already used (km)', inputMode: 'decimal' },
  { name: 'usedHours', label: 'Already used (hours)', inputMode: 'decimal' },
  { name: 'usedLaps', label: 'Already used (laps)', inputMode: 'numeric' },
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number]['name'];

/**
 * 'Add Part': name, category, part and serial numbers, the life limits (any of km, hours, laps, an
 * expiry date) and the usage it already had. With `carId` the part is fitted to that car from now.
 */
export function AddPartForm({ teamId, carId, onDone }: { teamId: number; carId: number | null; onDone: () => void }) {
  const create = useCreatePart(teamId);
  const toast = useToast();
  const [text, setText] = useState<Record<string, string>>({ name: '', category: 'engine', partNumber: '', serialNumber: '', expiresOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: string) => ({ name, value: text[name] ?? '', onChange: (e: { target: { value: string } }) => setText((t) => ({ ...t, [name]: e.target.value })), error: errors[name] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const n = (name: NumberField) => numberOf(text[name] ?? '');
    const body = {
      name: text.name, category: text.category, partNumber: text.partNumber, serialNumber: text.serialNumber, carId,
      limits: { km: n('limitKm'), hours: n('limitHours'), laps: n('limitLaps'), expiresOn: text.expiresOn || undefined },
      usedBefore: { km: n('usedKm'), hours: n('usedHours'), laps: n('usedLaps') },
    };
    const parsed = NewPartBody.safeParse(body);
    if (!parsed.success) {
      const fieldOf: Record<string, string> = { 'limits.km': 'limitKm', 'limits.hours': 'limitHours', 'limits.laps': 'limitLaps', 'limits.expiresOn': 'expiresOn', 'usedBefore.km': 'usedKm', 'usedBefore.hours': 'usedHours', 'usedBefore.laps': 'usedLaps' };
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [fieldOf[i.path.join('.')] ?? String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(body as NewPartBody);
      toast.success('Part added');
      onDone();
    } catch (error) {
      toast.error(`Failed to add part: ${errorMessage(error)}`);
    }
  };

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
        <TextField label="Expires on" type="date" {...field('expiresOn')} />
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
