import { z } from 'zod';
import { Link, useParams } from 'react-router-dom';
import { CORNERS, DEFAULT_TEAM_UNITS, earlierUseProblem, formatLapTime, PatchTireSetBody, TIRE_SET_CONDITIONS, type Car, type TeamUnits, type TireSet, type TireSetCondition, type TireSetSession } from '@pitwall/contracts';
import { Alert, ApiError, Badge, Button, Card, NotFoundPage, SelectField, Skeleton, TextField, errorMessage, useCars, useTeamSettings, useTireSet, useToast, useTreadMeasurements, useUpdateTireSet } from '@pitwall/kit';
import { useZodForm } from '@pitwall/kit/forms';
import { gaugePressure } from '@pitwall/setup-forms';
import { useTeamId } from '../../parts';
import { TireSetFigures } from '../components/tire-set-card';
import { TreadForm } from '../components/tread-form';
import { TreadPicture } from '../components/tread-picture';
import { EarlierUseFields, earlierUseOf, earlierUseText } from '../components/earlier-use-fields';
import { CONDITION_TONE, conditionLabel, earlierUseSummary, formatPercent, tireSetDescription } from '../lib/tire-set-display';
import styles from '../components/tires.module.css';

/**
 * The fields of 'Condition, car and earlier use' as typed, sent as PatchTireSetBody (the car '' = the
 * store, a blank barcode = none, the earlier use by earlierUseOf); earlierUseProblem is named too
 * when another field is refused.
 */
const ConditionAndCarFields = z
  .object({ condition: z.string(), carId: z.string(), barcode: z.string(), earlierHeatCycles: z.string(), earlierLaps: z.string() })
  .transform(({ condition, carId, barcode, ...earlier }): PatchTireSetBody => ({
    condition: condition as TireSetCondition,
    carId: carId === '' ? null : Number(carId),
    barcode: barcode.trim() === '' ? null : barcode.trim(),
    ...earlierUseOf(condition, earlier),
  }))
  .pipe(
    PatchTireSetBody.check(
      z.superRefine((body, ctx) => {
        const problem = earlierUseProblem({ earlierHeatCycles: body.earlierHeatCycles ?? 0, earlierLaps: body.earlierLaps ?? 0 });
        if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }, { when: () => true }),
    ),
  );

/** Condition, car (or the store), barcode and the earlier use of a set bought scrubbed or used (EarlierUseFields), saved together. */
function ConditionAndCar({ set, cars }: { set: TireSet; cars: readonly Car[] }) {
  const update = useUpdateTireSet(set.teamId, set.id);
  const toast = useToast();
  const { register, handleSubmit, getFieldState, formState, watch } = useZodForm(ConditionAndCarFields, {
    defaultValues: { condition: set.condition, carId: set.carId === null ? '' : String(set.carId), barcode: set.barcode ?? '', ...earlierUseText(set) },
  });
  const field = (name: Parameters<typeof register>[0]) => ({ ...register(name), error: getFieldState(name, formState).error?.message });
  const onSave = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      toast.success('Tire set updated');
    } catch (error) {
      toast.error(`Failed to update tire set: ${errorMessage(error)}`);
    }
  });
  const teamCars = cars.filter((c) => c.teamId === set.teamId);
  return (
    <Card title="Condition, car and earlier use">
      <form className={styles.form} onSubmit={(e) => void onSave(e)} noValidate aria-label="Condition, car and earlier use">
        <div className={styles.formGrid}>
          <SelectField label="Condition" options={TIRE_SET_CONDITIONS} {...register('condition')} />
          <SelectField label="Car" options={[{ value: '', label: 'In the store' }, ...teamCars.map((c) => ({ value: String(c.id), label: c.name }))]} {...register('carId')} />
          <TextField label="Barcode" placeholder="As on the supplier's label" autoCapitalize="characters" autoComplete="off" {...field('barcode')} />
        </div>
        <EarlierUseFields condition={watch('condition')} field={field} />
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
      </form>
    </Card>
  );
}

/** Four pressures (psi from the API) in the team's unit: 'FL 28.0 · FR 28.0 · RL 27.0 · RR 27.0'. */
const pressuresText = (p: Record<'fl' | 'fr' | 'rl' | 'rr', number>, units: TeamUnits) => CORNERS.map((c) => `${c.value.toUpperCase()} ${gaugePressure(p[c.value], units)}`).join(' · ');

/** A session the set ran: name, start, laps and best lap; its cold and hot pressures in the team's unit. */
function SessionLine({ session, carName, units }: { session: TireSetSession; carName: string; units: TeamUnits }) {
  return (
    <li className={styles.session}>
      <span className={styles.sessionTitle}>
        {session.name} · {carName}
      </span>
      <span className={styles.muted}>
        {new Date(session.startedAt).toLocaleString()} · {session.laps} {session.laps === 1 ? 'lap' : 'laps'}
        {session.bestLapMs === null ? '' : ` · best ${formatLapTime(session.bestLapMs)}`}
      </span>
      {session.cold ? <span>Cold ({units.pressureUnit}): {pressuresText(session.cold, units)}</span> : null}
      {session.hot ? <span>Hot ({units.pressureUnit}): {pressuresText(session.hot, units)}</span> : null}
    </li>
  );
}

/** A set's page (/tires/:setId?team=): what it is, its life (with what it ran before Pitwall), condition, car and earlier use, tread measurements with a per-corner picture, and its sessions. */
export function TireSetRoute() {
  const teamId = useTeamId() ?? 0;
  const setId = Number.parseInt(useParams().setId ?? '', 10);
  const { data: set, isPending, error } = useTireSet(teamId, setId);
  const { data: treads } = useTreadMeasurements(teamId, setId);
  const { data: cars = [] } = useCars();
  const settings = useTeamSettings(teamId || undefined).data;
  const units = settings ?? DEFAULT_TEAM_UNITS;
  const carName = (id: number | null) => (id === null ? 'the store' : (cars.find((c) => c.id === id)?.name ?? `Car ${id}`));

  if (Number.isNaN(setId) || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (error) return <Alert title="The tire set could not be loaded.">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton height="8rem" />;

  const dots = CORNERS.filter((c) => set.dotCodes[c.value]).map((c) => `${c.value.toUpperCase()} ${set.dotCodes[c.value]}`);
  return (
    <div className={styles.page}>
      <Link className={styles.link} to={`/tires?team=${set.teamId}`}>
        ← Tires
      </Link>
      <Card title={set.name} actions={<Badge tone={CONDITION_TONE[set.condition]}>{conditionLabel(set.condition)}</Badge>}>
        <p className={styles.muted}>
          {[tireSetDescription(set), set.carId === null ? 'In the store' : `On ${carName(set.carId)}`].filter(Boolean).join(' · ')}
          {dots.length ? ` · DOT ${dots.join(', ')}` : ''}
        </p>
        <div className={styles.summary}>
          <TireSetFigures set={set} />
        </div>
        <p className={styles.muted}>
          {set.hours.toFixed(2)} h{earlierUseSummary(set)}
          {set.lastUsedAt ? ` · last used ${new Date(set.lastUsedAt).toLocaleDateString()}` : ' · not run yet'}
          {set.treadNewMm !== null ? ` · tread ${set.treadNewMm} mm new` : ''}
          {set.treadMinimumMm !== null ? `, ${set.treadMinimumMm} mm minimum` : ''}
          {set.wearPerLap !== null ? ` · ${set.wearPerLap.toFixed(2)} % per lap` : ''}
          {set.lapsLeft !== null ? ` · ${set.lapsLeft} laps left` : ''}
        </p>
        {set.barcode ? <p className={styles.muted}>Barcode {set.barcode}</p> : null}
        {set.notes ? <p>{set.notes}</p> : null}
      </Card>
      <ConditionAndCar key={`${set.condition}-${set.carId}-${set.earlierHeatCycles}-${set.earlierLaps}-${set.barcode}`} set={set} cars={cars} />
      <Card title="Tread depth">
        {set.treadNewMm === null || set.treadMinimumMm === null ? <p className={styles.muted}>Record the tread when new and its minimum to see the wear.</p> : null}
        <TreadForm set={set} />
        {treads && treads.length === 0 ? <p className={styles.muted}>No tread measurements yet.</p> : null}
        <ol className={styles.measurements} aria-label="Tread measurements">
          {[...(treads ?? [])].reverse().map((t, i) => (
            <li key={`${t.measuredAt}-${i}`} className={styles.measurement}>
              <span className={styles.muted}>
                {new Date(t.measuredAt).toLocaleString()} · after {t.lapsSinceNew} laps{t.wearPercent === null ? '' : ` · ${formatPercent(t.wearPercent)} worn`}
              </span>
              <TreadPicture label={`Tread depth ${new Date(t.measuredAt).toLocaleString()}`} wear={t.wearByCorner} depths={t} />
            </li>
          ))}
        </ol>
      </Card>
      <Card title="Sessions">
        {set.sessions.length === 0 ? <p className={styles.muted}>No session has run on this set yet. Pick it on Add Session or in a session's details.</p> : null}
        <ol className={styles.sessions}>
          {[...set.sessions].reverse().map((s) => (
            <SessionLine key={s.sessionId} session={s} carName={carName(s.carId)} units={units} />
          ))}
        </ol>
      </Card>
    </div>
  );
}
