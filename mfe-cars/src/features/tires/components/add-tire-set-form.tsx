import { useState, type FormEvent } from 'react';
import { CORNERS, earlierUseProblem, NewTireSetBody, TIRE_SET_CONDITIONS } from '@pitwall/contracts';
import { Button, SelectField, TextField, errorMessage, useCreateTireSet, useToast } from '@pitwall/kit';
import { numberOf } from '../../parts';
import { EarlierUseFields, earlierUseOf } from './earlier-use-fields';
import styles from './tires.module.css';

/**
 * 'Add Tire Set': name, manufacturer, compound, size, condition, the heat cycles and laps a set
 * bought scrubbed or used ran before (EarlierUseFields; not for a new set), the tread depth when new
 * and its minimum (mm), the barcode of the supplier's label (a series' tire register names the set by
 * it), the DOT code of each corner, notes. With `carId` the set belongs to that
 * car, else to the team's store.
 */
export function AddTireSetForm({ teamId, carId, onDone }: { teamId: number; carId: number | null; onDone: () => void }) {
  const create = useCreateTireSet(teamId);
  const toast = useToast();
  const [text, setText] = useState<Record<string, string>>({ condition: 'new' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (name: string) => ({ name, value: text[name] ?? '', onChange: (e: { target: { value: string } }) => setText((t) => ({ ...t, [name]: e.target.value })), error: errors[name] });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: text.name ?? '', manufacturer: text.manufacturer, compound: text.compound, size: text.size, condition: text.condition, carId, notes: text.notes, barcode: text.barcode,
      treadNewMm: numberOf(text.treadNewMm ?? ''), treadMinimumMm: numberOf(text.treadMinimumMm ?? ''),
      dotCodes: { fl: text.dot_fl, fr: text.dot_fr, rl: text.dot_rl, rr: text.dot_rr },
      ...earlierUseOf(text.condition ?? 'new', text),
    };
    const parsed = NewTireSetBody.safeParse(body);
    const minimumError = parsed.success && parsed.data.treadNewMm !== null && parsed.data.treadMinimumMm !== null && parsed.data.treadMinimumMm >= parsed.data.treadNewMm;
    const earlierError = parsed.success ? earlierUseProblem(parsed.data) : null;
    if (!parsed.success || minimumError || earlierError) {
      const issues = parsed.success ? [] : parsed.error.issues;
      setErrors({
        ...Object.fromEntries(issues.map((i) => [i.path[0] === 'dotCodes' ? `dot_${String(i.path[1])}` : String(i.path[0]), i.message])),
        ...(minimumError ? { treadMinimumMm: 'must be less than the tread when new' } : {}),
        ...(earlierError ? { [earlierError.field]: earlierError.message } : {}),
      });
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(body as NewTireSetBody);
      toast.success('Tire set added');
      onDone();
    } catch (error) {
      toast.error(`Failed to add tire set: ${errorMessage(error)}`);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Add Tire Set">
      <div className={styles.formGrid}>
        <TextField label="Set name" placeholder="e.g. Set 5" {...field('name')} />
        <TextField label="Manufacturer" placeholder="e.g. Hoosier" {...field('manufacturer')} />
        <TextField label="Compound" placeholder="e.g. R7" {...field('compound')} />
        <TextField label="Size" placeholder="e.g. 225/45R17" {...field('size')} />
        <SelectField label="Condition" options={TIRE_SET_CONDITIONS} {...field('condition')} />
        <TextField label="Tread when new (mm)" inputMode="decimal" placeholder="e.g. 8.0" {...field('treadNewMm')} />
        <TextField label="Minimum tread (mm)" inputMode="decimal" placeholder="e.g. 1.5" {...field('treadMinimumMm')} />
        <TextField label="Barcode" placeholder="As on the supplier's label" autoCapitalize="characters" autoComplete="off" {...field('barcode')} />
      </div>
      <EarlierUseFields condition={text.condition ?? 'new'} field={field} />
      <div className={styles.formGrid}>
        {CORNERS.map((c) => (
          <TextField key={c.value} label={`DOT code ${c.label.toLowerCase()}`} placeholder="e.g. 2324" inputMode="numeric" {...field(`dot_${c.value}`)} />
        ))}
      </div>
      <TextField label="Notes" {...field('notes')} />
      <div className="pw-form-actions" style={{ marginTop: 0 }}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Tire Set'}
        </Button>
      </div>
    </form>
  );
}
