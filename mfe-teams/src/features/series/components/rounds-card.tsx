import { Link } from 'react-router-dom';
import { z } from 'zod';
import { NewRoundBody, type Series } from '@pitwall/contracts';
import { Button, Card, TextField, buttonClass, errorMessage, useToast } from '@pitwall/kit';
import { useAddSeriesRound } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import { roundDates } from './round-dates';
import styles from './series.module.css';

/** The form's fields as typed: an empty 'Last Day (optional)' is a one-day round (no `endsOn` sent). */
const FormValues = z
  .object({ name: z.string(), location: z.string(), date: z.string(), endsOn: z.string() })
  .transform(({ endsOn, ...rest }): NewRoundBody => (endsOn === '' ? rest : { ...rest, endsOn }))
  .pipe(NewRoundBody);

const EMPTY = { name: '', location: '', date: '', endsOn: '' };

/**
 * The calendar: each round with a link to its page ('Results and Scrutineering' for the organiser,
 * 'Results' for a team); the organiser adds rounds below it.
 */
export function RoundsCard({ series }: { series: Series }) {
  const organiser = series.role === 'organiser';
  return (
    <Card title="Rounds">
      {series.rounds.length === 0 ? (
        <p className={styles.muted}>No rounds yet.</p>
      ) : (
        <ul className={styles.list}>
          {series.rounds.map((round) => (
            <li key={round.id} className={styles.row}>
              <div className={styles.rowMain}>
                <span className={styles.rowTitle}>{round.name}</span>
                <span className={styles.rowMeta}>
                  {round.location} · {roundDates(round)}
                </span>
              </div>
              <Link to={`/series/${series.id}/rounds/${round.id}`} className={buttonClass('secondary', 'sm')} aria-label={`${organiser ? 'Results and Scrutineering' : 'Results'}: ${round.name}`}>
                {organiser ? 'Results and Scrutineering' : 'Results'}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {organiser && <AddRoundForm seriesId={series.id} />}
    </Card>
  );
}

function AddRoundForm({ seriesId }: { seriesId: number }) {
  const toast = useToast();
  const addRound = useAddSeriesRound(seriesId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(FormValues, { defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await addRound.mutateAsync(values);
      reset(EMPTY);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className={`pw-form-grid ${styles.addForm}`} onSubmit={onSubmit} noValidate aria-label="Add Round">
      <div className={styles.formRow}>
        <TextField label="Round Name" placeholder="e.g. Round 1" error={errors.name?.message} {...register('name')} />
        <TextField label="Location" placeholder="e.g. Laguna Seca" error={errors.location?.message} {...register('location')} />
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <TextField label="Last Day (optional)" type="date" error={errors.endsOn?.message} {...register('endsOn')} />
      </div>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        {isSubmitting ? 'Adding...' : 'Add Round'}
      </Button>
    </form>
  );
}
