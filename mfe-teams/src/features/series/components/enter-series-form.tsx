import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button, Card, SelectField, TextField, errorMessage, useTeams, useToast } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { useEnterSeries } from '../api/series';
import styles from './series.module.css';

/** The form's fields: the team (its id as the select holds it) and the code as typed (the API's schema reads it). */
const EnterSeriesFields = z.object({ teamId: z.string(), code: z.string().trim().min(1, 'Join code is required') });

/**
 * 'Enter a Series': a team the user owns or administers, and the organiser's join code
 * ('K7QX-2M9P', any case, dash optional). On success the team's entry opens the series.
 */
export function EnterSeriesForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const teams = useTeams();
  const enter = useEnterSeries();
  const managed = (teams.data ?? []).filter((t) => t.myRole === 'owner' || t.myRole === 'admin');
  // The first managed team is chosen once the list arrives; a code typed before then is kept.
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(EnterSeriesFields, { values: { teamId: String(managed[0]?.id ?? ''), code: '' }, resetOptions: { keepDirtyValues: true } });

  const onSubmit = handleSubmit(async ({ teamId, code }) => {
    try {
      const entry = await enter.mutateAsync({ teamId: Number(teamId), body: { code } });
      toast.toast({ title: `Entered ${entry.seriesName}`, description: 'You can now enter your cars.' });
      reset();
      void navigate(`/series/${entry.seriesId}`);
    } catch (error) {
      setError('code', { message: errorMessage(error).replace(/^code: /, '') });
    }
  });

  return (
    <Card title="Enter a Series">
      {teams.isSuccess && managed.length === 0 ? (
        <p className={styles.muted}>Only a team owner or admin can enter a team in a series.</p>
      ) : (
        <form className={styles.formRow} onSubmit={onSubmit} noValidate>
          <SelectField label="Team" options={managed.map((t) => ({ value: String(t.id), label: t.name }))} {...register('teamId')} />
          <TextField label="Join Code" placeholder="K7QX-2M9P" autoCapitalize="characters" autoComplete="off" error={errors.code?.message} {...register('code')} />
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Entering...' : 'Enter Series'}
          </Button>
        </form>
      )}
    </Card>
  );
}
