import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DEFAULT_TIRE_CONDITIONS, PutTirePressuresBody, type RaceEvent, type TirePressures } from '@pitwall/contracts';
import { Button, Card, TextAreaField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useUpdateRaceEventTirePressures } from '../api/update-tire-pressures';
import { FullPageForm } from './full-page-form';
import { StartFromPrevious, type PreviousSetup } from './start-from-previous';
import styles from './race-events.module.css';

type TireInput = z.input<typeof PutTirePressuresBody>;

const CORNERS = [
  { key: 'frontLeft', label: 'Front Left' },
  { key: 'frontRight', label: 'Front Right' },
  { key: 'rearLeft', label: 'Rear Left' },
  { key: 'rearRight', label: 'Rear Right' },
] as const;

const emptyRow = (condition = '') => ({ condition, frontLeft: '', frontRight: '', rearLeft: '', rearRight: '' });

function defaults(tirePressures: TirePressures | undefined): TireInput {
  const items = tirePressures?.items.length
    ? tirePressures.items.map(({ condition, frontLeft, frontRight, rearLeft, rearRight }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight }))
    : DEFAULT_TIRE_CONDITIONS.map((condition) => emptyRow(condition));
  return { items, notes: tirePressures?.notes ?? '' };
}

/**
 * Full-page 'Edit Tire Pressures' form of ONE race event: one row per condition with the four corner
 * pressures (text with unit, e.g. '24.5 psi', all required) and a shared note; PUT with ?eventId=.
 * Opens with the race event's EFFECTIVE rows (the baseline's, overridden by its own; issue 19); with
 * none at all it starts from the default conditions (spec §9). `previous` ('Start from <name>')
 * refills the form with the previous race event's effective rows.
 */
export function TirePressuresForm({ raceEvent, tirePressures, previous, onDone }: { raceEvent: RaceEvent; tirePressures: TirePressures | undefined; previous?: PreviousSetup<TirePressures>; onDone: () => void }) {
  const save = useUpdateRaceEventTirePressures(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TireInput, unknown, z.output<typeof PutTirePressuresBody>>({
    resolver: zodResolver(PutTirePressuresBody),
    defaultValues: defaults(tirePressures),
  });
  const rows = useFieldArray({ control, name: 'items' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Tire pressures updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update tire pressures: ${errorMessage(error)}`);
    }
  });

  return (
    <FullPageForm title="Edit Tire Pressures" subtitle={`Pressures for ${raceEvent.name}`}>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Edit Tire Pressures">
          <StartFromPrevious previous={previous} onStart={(values) => reset(defaults(values))} />
          {rows.fields.map((field, index) => (
            <fieldset key={field.id} className={styles.rowFieldset}>
              <legend>Condition {index + 1}</legend>
              <div className={styles.rowGrid}>
                <TextField
                  label="Condition"
                  placeholder="e.g. Dry (Cold)"
                  autoComplete="off"
                  error={errors.items?.[index]?.condition?.message}
                  {...register(`items.${index}.condition`)}
                />
                {CORNERS.map((corner) => (
                  <TextField
                    key={corner.key}
                    label={corner.label}
                    placeholder="24.5 psi"
                    autoComplete="off"
                    error={errors.items?.[index]?.[corner.key]?.message}
                    {...register(`items.${index}.${corner.key}`)}
                  />
                ))}
              </div>
              <div className={styles.rowActions}>
                <Button variant="ghost" size="sm" onClick={() => rows.remove(index)} aria-label={`Remove condition ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </fieldset>
          ))}
          <Button variant="secondary" onClick={() => rows.append(emptyRow())}>
            Add Condition
          </Button>
          <div style={{ marginTop: '1rem' }}>
            <TextAreaField label="Notes" placeholder="e.g. Bleed to target after 3 laps" error={errors.notes?.message} {...register('notes')} />
          </div>
          <div className="pw-form-actions">
            <Button variant="secondary" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
    </FullPageForm>
  );
}
