import { z } from 'zod';
import { Link, useParams } from 'react-router-dom';
import type { Car, DistanceUnit, Part, PartLifeEntry } from '@pitwall/contracts';
import { Alert, ApiError, Badge, Button, Card, NotFoundPage, SelectField, Skeleton, TextField, errorMessage, useCars, useMovePart, usePart, usePartLife, useTeamSettings, useToast, type PartMove } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { PartCard } from '../components/part-card';
import { categoryLabel, formatDistance, STATUS_TONE, statusLabel } from '../lib/part-display';
import { isoOfLocal, localNow, useTeamId } from '../lib/use-team-id';
import styles from '../components/parts.module.css';

/** A life entry in words: 'Fitted to MX-5 #27', 'Serviced — Clutch rebuilt (life reset)', 'FP1: 25 laps · 80.0 km · 0.69 h'. */
function lifeText(entry: PartLifeEntry, carName: (id: number | null) => string, unit: DistanceUnit): string {
  switch (entry.kind) {
    case 'fitted':
      return `Fitted to ${carName(entry.carId)}${entry.notes ? ` (${entry.notes})` : ''}`;
    case 'removed':
      return `Removed from ${carName(entry.carId)}`;
    case 'serviced':
      return `Serviced — ${entry.notes ?? ''}${entry.resetsLife ? ' (life reset)' : ''}`;
    case 'session':
      return `Session on ${carName(entry.carId)}: ${entry.laps} laps · ${entry.km === null || entry.km === undefined ? 'distance unknown (no track length)' : formatDistance(entry.km, unit)} · ${entry.hours!.toFixed(2)} h`;
  }
}

/** The fields of 'Fit, remove, service': when, the car to fit to, and the service (its notes required only to record one). */
const PartActionFields = z.object({
  at: z.string(),
  carId: z.string(),
  notes: z.string().refine((notes) => notes.trim() !== '', 'Service notes are required'),
  resetsLife: z.boolean(),
});

/** Fit to a car (a move when it is on another), remove to the shelf, or record a service: each dated. */
function PartActions({ part, cars }: { part: Part; cars: readonly Car[] }) {
  const move = useMovePart(part.teamId, part.id);
  const toast = useToast();
  const otherCars = cars.filter((c) => c.teamId === part.teamId && c.id !== part.carId);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useZodForm(PartActionFields, { defaultValues: { at: localNow(), carId: String(otherCars[0]?.id ?? ''), notes: '', resetsLife: false } });
  const carId = watch('carId');

  const send = async (change: PartMove, done: string) => {
    try {
      await move.mutateAsync(change);
      toast.success(done);
      if (change.action === 'service') {
        setValue('notes', '');
        setValue('resetsLife', false);
      }
    } catch (error) {
      toast.error(`Failed to update part: ${errorMessage(error)}`);
    }
  };
  const onService = handleSubmit(({ at, notes, resetsLife }) => send({ action: 'service', body: { at: isoOfLocal(at), notes, resetsLife } }, 'Service recorded'));

  return (
    <Card title="Fit, remove, service">
      <div className={styles.form}>
        <TextField label="When" type="datetime-local" {...register('at')} />
        {otherCars.length > 0 ? (
          <div className={styles.formGrid}>
            <SelectField label="Car" options={otherCars.map((c) => ({ value: String(c.id), label: c.name }))} {...register('carId')} />
            <Button onClick={() => void send({ action: 'fit', body: { carId: Number(carId), at: isoOfLocal(getValues('at')) } }, 'Part fitted')} disabled={move.isPending || !carId}>
              {part.carId === null ? 'Fit to car' : 'Move to car'}
            </Button>
          </div>
        ) : null}
        {part.carId !== null ? (
          <Button variant="secondary" onClick={() => void send({ action: 'remove', body: { at: isoOfLocal(getValues('at')) } }, 'Part removed')} disabled={move.isPending}>
            Remove to shelf
          </Button>
        ) : null}
        <form className={styles.form} onSubmit={(e) => void onService(e)} noValidate aria-label="Record Service">
          <TextField label="Service notes" placeholder="e.g. Gearbox rebuilt, new synchros" error={errors.notes?.message} {...register('notes')} />
          <label className={styles.checkbox}>
            <input type="checkbox" {...register('resetsLife')} />
            Rebuild: the life count starts again at zero
          </label>
          <Button type="submit" disabled={move.isPending}>
            Record Service
          </Button>
        </form>
      </div>
    </Card>
  );
}

/** A moment (ISO) as a date-time field's value (local time, to the minute). */
const localOf = (iso: string) => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** The fit date as typed (a date-time field's value), required. */
const FitDateFields = z.object({ at: z.string().min(1, 'Fit date is required') });

/** Corrects the date of the part's current fit (`fittedAt`, ISO): the field starts at that date; Save with it unchanged sends nothing. */
function CorrectFitDate({ part, fittedAt }: { part: Part; fittedAt: string }) {
  const move = useMovePart(part.teamId, part.id);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(FitDateFields, { defaultValues: { at: localOf(fittedAt) } });
  const onSave = handleSubmit(async ({ at }) => {
    // Unchanged: the field shows the recorded date to the minute, so sending it would move the fit by its seconds.
    if (at === localOf(fittedAt)) return;
    try {
      await move.mutateAsync({ action: 'correct-fit-date', body: { at: new Date(at).toISOString() } });
      toast.success('Fit date corrected');
    } catch (failure) {
      toast.error(`Failed to update part: ${errorMessage(failure)}`);
    }
  });
  return (
    <Card title="Correct fit date">
      <form className={styles.form} onSubmit={(e) => void onSave(e)} noValidate aria-label="Correct fit date">
        <TextField label="Fit date" type="datetime-local" error={errors.at?.message} {...register('at')} />
        <Button type="submit" disabled={move.isPending}>
          Save
        </Button>
      </form>
    </Card>
  );
}

/** A part's page (/parts/:partId?team=): its status and figures, the actions, and its life, oldest first. */
export function PartRoute() {
  const teamId = useTeamId() ?? 0;
  const partId = Number.parseInt(useParams().partId ?? '', 10);
  const { data: part, isPending, error } = usePart(teamId, partId);
  const { data: life } = usePartLife(teamId, partId);
  const { data: cars = [] } = useCars();
  const unit = useTeamSettings(teamId || undefined).data?.distanceUnit ?? 'km';
  const carName = (id: number | null) => cars.find((c) => c.id === id)?.name ?? (id === null ? 'the shelf' : `Car ${id}`);
  const currentFit = life?.findLast((entry) => entry.kind === 'fitted' && entry.carId === part?.carId);

  if (Number.isNaN(partId) || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (error) return <Alert title="The part could not be loaded.">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton height="8rem" />;

  return (
    <div className={styles.page}>
      <Link className={styles.link} to={`/parts?team=${part.teamId}`}>
        ← Parts store
      </Link>
      <Card title={part.name} actions={<Badge tone={STATUS_TONE[part.status]}>{statusLabel(part.status)}</Badge>}>
        <p className={styles.muted}>
          {categoryLabel(part.category)}
          {part.partNumber ? ` · Part number ${part.partNumber}` : ''}
          {part.serialNumber ? ` · Serial ${part.serialNumber}` : ''} · {part.carId === null ? 'On the shelf' : `Fitted to ${carName(part.carId)}`}
        </p>
        <ul className={styles.list}>
          <PartCard part={part} />
        </ul>
        <p className={styles.muted}>
          Since new: {formatDistance(part.sinceNew.km, unit)} · {part.sinceNew.hours.toFixed(2)} h · {part.sinceNew.laps} laps
          {part.lastServicedAt ? ` · last serviced ${new Date(part.lastServicedAt).toLocaleDateString()}` : ''}
        </p>
      </Card>
      <PartActions part={part} cars={cars} />
      {part.carId !== null && currentFit ? <CorrectFitDate key={currentFit.at} part={part} fittedAt={currentFit.at} /> : null}
      <Card title="Life">
        {life && life.length === 0 ? <p className={styles.muted}>Nothing recorded yet.</p> : null}
        <ol className={styles.life}>
          {(life ?? []).map((entry, i) => (
            <li key={i} className={styles.lifeEntry}>
              <span className={styles.muted}>{new Date(entry.at).toLocaleString()}</span>
              <span>{lifeText(entry, carName, unit)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
