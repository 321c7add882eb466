import { z } from 'zod';
import { checkedDate, NewRaceEventFields, type RaceEvent } from '@pitwall/contracts';
import { Card, TextAreaField, TextField, errorMessage, useToast, useCreateRaceEvent, FormActions } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { todayIsoDate } from '../lib/race-event-format';
import { FullPageForm } from './full-page-form';
import styles from './race-events.module.css';

const RaceEventFields = NewRaceEventFields.pick({ name: true, location: true, date: true, trackLength: true, weather: true, notes: true }).extend({
  // Empty: a one-day event.
  endsOn: z.union([z.literal('').transform(() => null), checkedDate('date', { label: 'End date' })]),
});

export interface AddRaceEventFormProps {
  carId: number;
  onCancel: () => void;
  onCreated: (raceEvent: RaceEvent) => void;
}

/** Full-page 'Add New Event' form (docs/product.md, 'Validation'): name ≥ 2, location ≥ 2, date required (default today), an end date for an event over several days. */
export function AddRaceEventForm({ carId, onCancel, onCreated }: AddRaceEventFormProps) {
  const createRaceEvent = useCreateRaceEvent(carId);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(RaceEventFields, {
    defaultValues: { name: '', location: '', date: todayIsoDate(), endsOn: '', trackLength: '', weather: '', notes: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const raceEvent = await createRaceEvent.mutateAsync(values);
      toast.success('Event added successfully');
      onCreated(raceEvent);
    } catch (error) {
      toast.error(`Failed to add event: ${errorMessage(error)}`);
    }
  });

  return (
    <FullPageForm title="Add New Event" subtitle="Schedule a race weekend, test day or track day for this car.">
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label="Add New Event">
          <div className={styles.formGrid}>
            <TextField label="Event Name" placeholder="e.g. Spring Sprint Round 1" error={errors.name?.message} {...register('name')} />
            <TextField label="Location" placeholder="e.g. WeatherTech Raceway Laguna Seca" error={errors.location?.message} {...register('location')} />
            <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
            <TextField label="Last Day (optional)" type="date" error={errors.endsOn?.message} {...register('endsOn')} />
            <TextField label="Track Length" placeholder="e.g. 3.602 km" error={errors.trackLength?.message} {...register('trackLength')} />
            <TextField label="Weather" placeholder="e.g. Sunny, 19°C" error={errors.weather?.message} {...register('weather')} />
          </div>
          <div style={{ marginTop: '1rem' }}>
            <TextAreaField label="Notes" placeholder="Track notes, schedule, reminders" error={errors.notes?.message} {...register('notes')} />
          </div>
          <FormActions submitLabel="Add Event" isSaving={isSubmitting} onCancel={onCancel} />
        </form>
      </Card>
    </FullPageForm>
  );
}
