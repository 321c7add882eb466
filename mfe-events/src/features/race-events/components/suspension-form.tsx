import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PutSuspensionBody, SUSPENSION_SETTINGS, type RaceEvent, type Suspension } from '@pitwall/contracts';
import { Button, Card, TextAreaField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useUpdateRaceEventSuspension } from '../api/update-suspension';
import { FullPageForm } from './full-page-form';
import { StartFromPrevious, type PreviousSetup } from './start-from-previous';
import styles from './race-events.module.css';

type SuspensionInput = z.input<typeof PutSuspensionBody>;
type SettingKey = `${'front' | 'rear'}${(typeof SUSPENSION_SETTINGS)[number]['key']}`;

const SIDES = [
  { prefix: 'front', label: 'Front' },
  { prefix: 'rear', label: 'Rear' },
] as const;

function defaults(suspension: Suspension | null): SuspensionInput {
  const values: Record<string, string> = { notes: suspension?.notes ?? '' };
  for (const side of SIDES) {
    for (const setting of SUSPENSION_SETTINGS) {
      const key: SettingKey = `${side.prefix}${setting.key}`;
      values[key] = suspension?.[key] ?? '';
    }
  }
  return values as SuspensionInput;
}

/**
 * Full-page 'Edit Suspension & Alignment' form of ONE race event: Front and Rear (ride height, spring
 * rate, damper comp/reb, camber, toe, anti-roll bar) and notes, all optional text; PUT with ?eventId=.
 * Opens with the race event's EFFECTIVE values (`suspension`, the GET answer); the server keeps as
 * its own only what differs from the baseline (issue 19). `previous` ('Start from <name>') refills
 * the form with the previous race event's effective values.
 */
export function SuspensionForm({ raceEvent, suspension, previous, onDone }: { raceEvent: RaceEvent; suspension: Suspension | null; previous?: PreviousSetup<Suspension | null>; onDone: () => void }) {
  const save = useUpdateRaceEventSuspension(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SuspensionInput, unknown, z.output<typeof PutSuspensionBody>>({
    resolver: zodResolver(PutSuspensionBody),
    defaultValues: defaults(suspension),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Suspension settings updated successfully');
      onDone();
    } catch (error) {
      toast.error(`Failed to update suspension settings: ${errorMessage(error)}`);
    }
  });

  return (
    <FullPageForm title="Edit Suspension & Alignment" subtitle={`Settings for ${raceEvent.name}`}>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Edit Suspension & Alignment">
          <StartFromPrevious previous={previous} onStart={(values) => reset(defaults(values))} />
          {SIDES.map((side) => (
            <fieldset key={side.prefix} className={styles.fieldset}>
              <legend>{side.label}</legend>
              <div className={styles.formGrid}>
                {SUSPENSION_SETTINGS.map((setting) => {
                  const key: SettingKey = `${side.prefix}${setting.key}`;
                  return (
                    <TextField
                      key={key}
                      label={`${side.label} ${setting.label}`}
                      placeholder={setting.placeholder}
                      autoComplete="off"
                      error={errors[key]?.message}
                      {...register(key)}
                    />
                  );
                })}
              </div>
            </fieldset>
          ))}
          <TextAreaField label="Notes" placeholder="e.g. Corner-weighted with driver" error={errors.notes?.message} {...register('notes')} />
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
