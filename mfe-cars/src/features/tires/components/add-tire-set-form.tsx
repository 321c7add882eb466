import { z } from 'zod';
import { CORNERS, earlierUseProblem, NewTireSetBody, TIRE_SET_CONDITIONS, type TireSetCondition } from '@pitwall/contracts';
import { Button, SelectField, TextField, errorMessage, useCreateTireSet, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { numberOf } from '../../parts';
import { EarlierUseFields, earlierUseOf } from './earlier-use-fields';
import styles from './tires.module.css';

/**
 * The form's fields as typed, named as the body's (so the contract's messages land on them by path):
 * the numbers read by numberOf, the earlier use by earlierUseOf (none for a new set); then the
 * contract, a minimum tread below the tread when new and earlierUseProblem.
 */
const TireSetFields = z
  .object({
    name: z.string(),
    manufacturer: z.string(),
    compound: z.string(),
    size: z.string(),
    condition: z.string(),
    treadNewMm: z.string(),
    treadMinimumMm: z.string(),
    barcode: z.string(),
    earlierHeatCycles: z.string(),
    earlierLaps: z.string(),
    dotCodes: z.object({ fl: z.string(), fr: z.string(), rl: z.string(), rr: z.string() }),
    notes: z.string(),
  })
  .transform(({ treadNewMm, treadMinimumMm, earlierHeatCycles, earlierLaps, ...set }): NewTireSetBody => ({
    ...set,
    condition: set.condition as TireSetCondition,
    treadNewMm: numberOf(treadNewMm),
    treadMinimumMm: numberOf(treadMinimumMm),
    ...earlierUseOf(set.condition, { earlierHeatCycles, earlierLaps }),
  }))
  .pipe(NewTireSetBody)
  .superRefine((set, ctx) => {
    if (set.treadNewMm !== null && set.treadMinimumMm !== null && set.treadMinimumMm >= set.treadNewMm) {
      ctx.addIssue({ code: 'custom', path: ['treadMinimumMm'], message: 'must be less than the tread when new' });
    }
    const earlier = earlierUseProblem(set);
    if (earlier) ctx.addIssue({ code: 'custom', path: [earlier.field], message: earlier.message });
  });

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
  const { register, handleSubmit, getFieldState, formState, watch } = useZodForm(TireSetFields, {
    defaultValues: {
      name: '', manufacturer: '', compound: '', size: '', condition: 'new', treadNewMm: '', treadMinimumMm: '', barcode: '',
      earlierHeatCycles: '', earlierLaps: '', dotCodes: { fl: '', fr: '', rl: '', rr: '' }, notes: '',
    },
  });
  const field = (name: Parameters<typeof register>[0]) => ({ ...register(name), error: getFieldState(name, formState).error?.message });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, carId });
      toast.success('Tire set added');
      onDone();
    } catch (error) {
      toast.error(`Failed to add tire set: ${errorMessage(error)}`);
    }
  });

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add Tire Set">
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
      <EarlierUseFields condition={watch('condition')} field={field} />
      <div className={styles.formGrid}>
        {CORNERS.map((c) => (
          <TextField key={c.value} label={`DOT code ${c.label.toLowerCase()}`} placeholder="e.g. 2324" inputMode="numeric" {...field(`dotCodes.${c.value}`)} />
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
