import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RaceEvent, RacePlan, RacePlanInput, TeamMember } from '@pitwall/contracts';
import { formatLapTime, parseLapTime, planRace, raceAsRun, racePlanSuggestions, type StintSplit } from '@pitwall/contracts/values';
import { Alert, Button, Card, SelectField, Skeleton, TextField, errorMessage, getTeamMembersQueryOptions, useCar, useSessions, useToast, useTrackSessions } from '@pitwall/kit';
import { useRacePlan, useSaveRacePlan } from './race-plan-api';
import { driverSelectOptions } from '../../lib/drivers';
import styles from './race-plan.module.css';

/** Driver slots on the form: a club endurance crew is two to four drivers; the API takes up to 20. */
const DRIVER_SLOTS = 4;

type Values = Record<'raceMinutes' | 'raceLaps' | 'lapTime' | 'fuelPerLap' | 'tank' | 'margin' | 'minStopSeconds' | 'minDriver' | 'maxDriver' | 'maxStint', string> & { stintSplit: StintSplit; drivers: string[] };

/** The stint splits as the plan offers them. */
const SPLIT_OPTIONS: { value: StintSplit; label: string }[] = [
  { value: 'full-tanks', label: 'Full tanks, the last stint short' },
  { value: 'even', label: 'Even split' },
];

const text = (value: number | null) => (value === null ? '' : String(value));
/** A number typed on a phone ('2,5' or '2.5'); null when blank, NaN when not a number. */
const typed = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

/** The form's texts of a plan's inputs; a plan without a tank takes the car's tank capacity (litres, null = none). */
function valuesOf(plan: RacePlan, carTankLitres: number | null): Values {
  return {
    raceMinutes: text(plan.raceMinutes), raceLaps: text(plan.raceLaps), lapTime: plan.lapTimeMs === null ? '' : formatLapTime(plan.lapTimeMs), fuelPerLap: text(plan.fuelPerLapLitres),
    tank: text(plan.tankLitres ?? carTankLitres), margin: String(plan.marginPercent), minStopSeconds: plan.minStopMs === null ? '' : String(plan.minStopMs / 1000), stintSplit: plan.stintSplit,
    minDriver: text(plan.rules.minDriverMinutes), maxDriver: text(plan.rules.maxDriverMinutes), maxStint: text(plan.rules.maxStintMinutes),
    drivers: Array.from({ length: DRIVER_SLOTS }, (_, i) => (plan.driverMemberIds[i] === undefined ? '' : String(plan.driverMemberIds[i]))),
  };
}

/** The inputs the form's texts stand for, or the first field that cannot be read and why. */
function inputOf(v: Values): { input: RacePlanInput } | { field: keyof Values; message: string } {
  const numbers = { raceMinutes: typed(v.raceMinutes), raceLaps: typed(v.raceLaps), fuelPerLap: typed(v.fuelPerLap), tank: typed(v.tank), margin: typed(v.margin), minStopSeconds: typed(v.minStopSeconds), minDriver: typed(v.minDriver), maxDriver: typed(v.maxDriver), maxStint: typed(v.maxStint) };
  for (const [field, value] of Object.entries(numbers)) if (value !== null && (Number.isNaN(value) || value < 0)) return { field: field as keyof Values, message: 'Must be a number of 0 or more' };
  const lap = v.lapTime.trim() === '' ? null : parseLapTime(v.lapTime);
  if (lap && !lap.ok) return { field: 'lapTime', message: lap.message };
  const driverMemberIds = v.drivers.filter((d) => d !== '').map(Number);
  if (new Set(driverMemberIds).size !== driverMemberIds.length) return { field: 'drivers', message: 'A driver is listed twice' };
  return {
    input: {
      raceMinutes: numbers.raceMinutes, raceLaps: numbers.raceLaps === null ? null : Math.round(numbers.raceLaps), lapTimeMs: lap?.ok ? lap.ms : null, fuelPerLapLitres: numbers.fuelPerLap, tankLitres: numbers.tank,
      marginPercent: numbers.margin ?? 0, minStopMs: numbers.minStopSeconds === null ? null : Math.round(numbers.minStopSeconds * 1000), stintSplit: v.stintSplit, driverMemberIds,
      rules: { minDriverMinutes: numbers.minDriver, maxDriverMinutes: numbers.maxDriver, maxStintMinutes: numbers.maxStint },
    },
  };
}

/**
 * 'Race Plan' of a race event: the inputs (race length in minutes or laps, expected lap time, fuel
 * per lap, tank, reserve margin, minimum stop time, full-tank or even stints, the drivers in order, the driving-time rules), the
 * answers as they are typed (planRace, computed here so they work offline), the suggestions from
 * the car's sessions at this track, and the plan beside the race as run (raceAsRun of the race
 * sessions' stints). A plan without a tank capacity starts from the car's, marked 'from the car'.
 */
export function RacePlanTab({ carId, raceEvent }: { carId: number; raceEvent: RaceEvent }) {
  const plan = useRacePlan(carId, raceEvent.id);
  const car = useCar(carId).data;
  const teamId = car?.teamId;
  const members = useQuery({ ...getTeamMembersQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
  if (plan.error) return <Alert title="The race plan could not be loaded.">{errorMessage(plan.error)}</Alert>;
  if (plan.isPending || members.isPending) return <Skeleton height="16rem" />;
  return <RacePlanForm carId={carId} raceEvent={raceEvent} plan={plan.data} carTankLitres={car?.tankLitres ?? null} members={members.data ?? []} />;
}

function RacePlanForm({ carId, raceEvent, plan, carTankLitres, members }: { carId: number; raceEvent: RaceEvent; plan: RacePlan; carTankLitres: number | null; members: readonly TeamMember[] }) {
  const [values, setValues] = useState(() => valuesOf(plan, carTankLitres));
  const tankFromCar = plan.tankLitres === null && carTankLitres !== null && values.tank === text(carTankLitres);
  const [error, setError] = useState<{ field: keyof Values; message: string } | null>(null);
  const save = useSaveRacePlan(carId, raceEvent.id);
  const toast = useToast();
  const sessions = useSessions(carId, raceEvent.id).data ?? [];
  const suggestions = racePlanSuggestions(useTrackSessions(carId, raceEvent.location).data ?? []);
  const read = inputOf(values);
  const input = 'input' in read ? read.input : null;
  const answers = input ? planRace(input) : null;
  const asRun = raceAsRun(sessions, input?.rules ?? plan.rules);
  const nameOf = (id: number | null | undefined) => {
    const m = members.find((x) => x.id === id);
    return id === null || id === undefined ? '—' : (m?.displayName ?? m?.username ?? `Member ${id}`);
  };
  const set = (name: Exclude<keyof Values, 'drivers'>) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const fieldError = (name: keyof Values) => (error?.field === name ? error.message : undefined);

  const submit = async () => {
    if (!input) {
      setError('field' in read ? read : null);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(input);
      toast.success('Race plan saved');
    } catch (e) {
      toast.error(`Failed to save the race plan: ${errorMessage(e)}`);
    }
  };

  const driverOptions = [{ value: '', label: 'No driver' }, ...driverSelectOptions(members)];
  const rows = Math.max(answers?.stints.length ?? 0, asRun.stints.length);
  return (
    <div className={styles.stack}>
      <Card title="Race Plan" headingLevel={2}>
        <div className={styles.stack}>
          <fieldset className={styles.fieldset}>
            <legend>Race</legend>
            <div className={styles.grid}>
              <TextField label="Race length (minutes)" inputMode="decimal" value={values.raceMinutes} error={fieldError('raceMinutes')} onChange={set('raceMinutes')} />
              <TextField label="Race length (laps)" inputMode="numeric" helperText="Laps win over minutes" value={values.raceLaps} error={fieldError('raceLaps')} onChange={set('raceLaps')} />
              <TextField label="Expected lap time" placeholder="2:00.000" value={values.lapTime} error={fieldError('lapTime')} onChange={set('lapTime')} />
              <TextField label="Fuel per lap (L)" inputMode="decimal" value={values.fuelPerLap} error={fieldError('fuelPerLap')} onChange={set('fuelPerLap')} />
              <TextField label="Tank capacity (L)" inputMode="decimal" helperText={tankFromCar ? 'from the car' : undefined} value={values.tank} error={fieldError('tank')} onChange={set('tank')} />
              <TextField label="Reserve margin (%)" inputMode="decimal" value={values.margin} error={fieldError('margin')} onChange={set('margin')} />
              <TextField label="Minimum stop time (s)" inputMode="decimal" helperText="Each stop's time off the track shortens a timed race" value={values.minStopSeconds} error={fieldError('minStopSeconds')} onChange={set('minStopSeconds')} />
              <SelectField label="Stints" options={SPLIT_OPTIONS} value={values.stintSplit} onChange={(e) => setValues((v) => ({ ...v, stintSplit: e.target.value as StintSplit }))} />
            </div>
            {(suggestions.lapTimeMs !== null || suggestions.fuelPerLapLitres !== null) && (
              <div className={styles.suggestion}>
                <span className={styles.muted}>From this car's sessions at {raceEvent.location}:</span>
                {suggestions.lapTimeMs !== null && (
                  <Button variant="secondary" onClick={() => setValues((v) => ({ ...v, lapTime: formatLapTime(suggestions.lapTimeMs!) }))}>
                    Use lap time {formatLapTime(suggestions.lapTimeMs)}
                  </Button>
                )}
                {suggestions.fuelPerLapLitres !== null && (
                  <Button variant="secondary" onClick={() => setValues((v) => ({ ...v, fuelPerLap: String(suggestions.fuelPerLapLitres) }))}>
                    Use {suggestions.fuelPerLapLitres} L/lap
                  </Button>
                )}
              </div>
            )}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>Drivers in order</legend>
            <div className={styles.grid}>
              {values.drivers.map((d, i) => (
                <SelectField
                  key={i}
                  label={`Driver ${i + 1}`}
                  options={driverOptions}
                  value={d}
                  error={i === 0 ? fieldError('drivers') : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, drivers: v.drivers.map((x, j) => (j === i ? e.target.value : x)) }))}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>Driving-time rules</legend>
            <div className={styles.grid}>
              <TextField label="Minimum per driver (minutes)" inputMode="decimal" value={values.minDriver} error={fieldError('minDriver')} onChange={set('minDriver')} />
              <TextField label="Maximum per driver (minutes)" inputMode="decimal" value={values.maxDriver} error={fieldError('maxDriver')} onChange={set('maxDriver')} />
              <TextField label="Maximum stint (minutes)" inputMode="decimal" value={values.maxStint} error={fieldError('maxStint')} onChange={set('maxStint')} />
            </div>
          </fieldset>
          <div className={styles.actions}>
            <Button onClick={() => void submit()} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Race Plan'}
            </Button>
          </div>
        </div>
      </Card>
      {answers && (
        <Card title="The Plan" headingLevel={2}>
          <div className={styles.stack}>
            <dl className={styles.answers}>
              <div><dt>Laps</dt><dd>{answers.laps ?? '—'}</dd></div>
              <div><dt>Laps per stint</dt><dd>{answers.lapsPerStint ?? '—'}</dd></div>
              <div><dt>Stops</dt><dd>{answers.stops ?? '—'}</dd></div>
              <div><dt>Fuel in all</dt><dd>{answers.fuelTotalLitres === null ? '—' : `${answers.fuelTotalLitres} L`}</dd></div>
            </dl>
            {answers.warnings.length > 0 && (
              <ul className={styles.warnings} aria-label="Plan warnings">
                {answers.warnings.map((w) => (
                  <li key={`${w.driverMemberId}-${w.message}`}>{w.driverMemberId === undefined ? w.message : `Planned: ${nameOf(w.driverMemberId)} ${w.message}`}</li>
                ))}
              </ul>
            )}
            {rows > 0 && (
              <table className={styles.table}>
                <caption>Plan and as run</caption>
                <thead>
                  <tr>
                    <th scope="col">Stint</th>
                    <th scope="col">Planned</th>
                    <th scope="col">As run</th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: rows }, (_, i) => {
                    const p = answers.stints[i];
                    const r = asRun.stints[i];
                    return (
                      <tr key={i}>
                        <th scope="row">{i + 1}</th>
                        <td>{p ? `${nameOf(p.driverMemberId)} · ${p.toLap - p.fromLap + 1} laps · ${p.fuelLitres} L · ${p.minutes} min` : '—'}</td>
                        <td>{r ? `${nameOf(r.driverMemberId)} · ${r.laps} laps · ${r.fuelAddedLitres === null ? 'fuel not recorded' : `${r.fuelAddedLitres} L added`} · ${r.minutes} min` : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
            {asRun.warnings.length > 0 && (
              <ul className={styles.warnings} aria-label="Rules broken as run">
                {asRun.warnings.map((w) => (
                  <li key={`${w.driverMemberId}-${w.message}`}>{`As run: ${nameOf(w.driverMemberId)} ${w.message}`}</li>
                ))}
              </ul>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
