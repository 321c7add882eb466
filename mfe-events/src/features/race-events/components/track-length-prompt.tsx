import { z } from 'zod';
import type { RaceEvent } from '@pitwall/contracts';
import { Button, TextField, errorMessage, useToast, useUpdateRaceEvent } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './race-events.module.css';

/** The prompt's field: the track length as typed (the server reads it; its refusal is shown under the field). */
const TrackLengthFields = z.object({ trackLength: z.string() });

/** Asks for the track length when sessions exist without one: their distance cannot be counted until it is known. */
export function TrackLengthPrompt({ raceEvent }: { raceEvent: RaceEvent }) {
  const update = useUpdateRaceEvent(raceEvent.carId, raceEvent.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useZodForm(TrackLengthFields, { defaultValues: { trackLength: raceEvent.trackLength ?? '' } });
  const onSubmit = handleSubmit(async ({ trackLength }) => {
    try {
      await update.mutateAsync({ trackLength });
      clearErrors('trackLength');
      toast.success('Track length saved');
    } catch (e) {
      setError('trackLength', { message: errorMessage(e) });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Enter the track length" className={styles.stack}>
      <p>
        {raceEvent.trackLength ? `The track length '${raceEvent.trackLength}' cannot be read as a distance` : 'The track length is unknown'}: the sessions of this race event count laps and time for parts life, not distance. Enter it to count the distance.
      </p>
      <TextField label="Track length" placeholder="e.g. 3.602 km or 2.238 mi" error={errors.trackLength?.message} {...register('trackLength')} />
      <Button type="submit" disabled={update.isPending}>
        Save track length
      </Button>
    </form>
  );
}
