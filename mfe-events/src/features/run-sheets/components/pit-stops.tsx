import { useState } from 'react';
import type { RunSession, TeamMember } from '@pitwall/contracts';
import { driverTimes, fuelPerLapAsRun, raceAsRun } from '@pitwall/contracts/values';
import { Button, Card, SelectField, TextField, errorMessage, useSessions, useSetSessionFuelAtEnd, useSetSessionStints, useToast } from '@pitwall/kit';
import { useRacePlan } from '../../race-plan';
import { TireSetPicker } from './tire-set-picker';
import { PitStopLog } from './pit-stop-log';
import { driverSelectOptions, driversFirst, memberName } from '../../../lib/drivers';
import { stintsFromLaps } from '../lib/lap-drivers';
import { MAX_STOP_SECONDS, StintList, typedNumber } from './stint-list';
import styles from './run-sheets.module.css';

/** A time on track in ms as 'h:mm:ss' (whole seconds, rounded down), e.g. 4_830_000 → '1:20:30'. */
export function drivingTimeText(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}


/**
 * The fuel in the tank after the session (L) and the fuel per lap as run it gives: (fuel at start +
 * litres added at the stops − fuel at end) ÷ laps (fuelPerLapAsRun), shown at once, offline too;
 * while a stop's litres are not recorded it says so instead of a figure.
 */
function FuelAtEnd({ carId, session }: { carId: number; session: RunSession }) {
  const [value, setValue] = useState(session.fuelAtEndLitres === null ? '' : String(session.fuelAtEndLitres));
  const [error, setError] = useState<string | undefined>();
  const save = useSetSessionFuelAtEnd(carId, session.eventId);
  const toast = useToast();
  const perLap = fuelPerLapAsRun(session.fuelLitres, session.stints.map((s) => s.fuelAddedLitres), session.fuelAtEndLitres, session.laps.length);
  const submit = async () => {
    const litres = typedNumber(value);
    if (value.trim() !== '' && (litres === null || litres < 0 || litres > 500)) {
      setError('Enter the litres left, 0 to 500');
      return;
    }
    try {
      await save.mutateAsync({ sessionId: session.id, body: { fuelAtEndLitres: litres } });
      toast.success('Fuel at end saved');
    } catch (e) {
      toast.error(`Failed to save the fuel at end: ${errorMessage(e)}`);
    }
  };
  return (
    <div className={styles.fuelAtEnd}>
      <TextField label="Fuel at end (L)" inputMode="decimal" value={value} error={error} onChange={(e) => { setValue(e.target.value); setError(undefined); }} />
      <Button variant="secondary" onClick={() => void submit()} disabled={save.isPending}>
        Save Fuel at End
      </Button>
      <p className={styles.muted}>
        {perLap !== null
          ? `Fuel per lap as run: ${perLap} L/lap over ${session.laps.length} laps`
          : session.stints.some((st) => st.fuelAddedLitres === null)
            ? 'Fuel per lap as run: needs the litres added at every stop (Edit the stints marked fuel not recorded).'
            : 'Fuel per lap as run: needs the fuel at start and at end.'}
      </p>
    </div>
  );
}

/**
 * 'Pit Stops & Driver Time' of a session: each driver's time on track and laps in this session and
 * in the race event (its race sessions), the race plan's driving-time rules broken so far, the
 * stints (each correctable or removable: StintList; taken from the timing import when its laps name the drivers), the fuel at the end with the fuel per lap as run, and 'Pit Stop' — one screen with big targets: driver out → driver in, the lap they came in
 * on, litres added, the stop's time and the tires fitted. A stop ends the outgoing stint on that
 * lap and starts the next one on the following lap, running to the last lap entered so far. A
 * race session without stints entered whole logs its stops as they happen instead (PitStopLog: the
 * big 'Pit stop' button and the logged stops; its stints are theirs).
 */
export function PitStops({ carId, session, members }: { carId: number; session: RunSession; members: readonly TeamMember[] }) {
  const sessions = useSessions(carId, session.eventId).data ?? [session];
  const rules = useRacePlan(carId, session.eventId).data?.rules ?? null;
  const save = useSetSessionStints(carId, session.eventId);
  const toast = useToast();
  const lastLap = session.laps.length;
  const current = session.stints.at(-1);
  const drivers = driversFirst(members);
  const nameOf = (id: number) => {
    const member = members.find((m) => m.id === id);
    return member ? memberName(member) : `Member ${id}`;
  };
  const defaultOut = current?.driverMemberId ?? session.driverMemberId ?? drivers[0]?.id;
  const [form, setForm] = useState({ out: defaultOut === undefined ? '' : String(defaultOut), in: '', lap: '', litres: '', stopSeconds: '', tireSetId: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form, string>>>({});
  const set = (name: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const thisSession = driverTimes(session.stints, session.laps.map((l) => l.lapTimeMs));
  const asRun = raceAsRun(sessions.map((s) => (s.id === session.id ? session : s)), rules ?? { minDriverMinutes: null, maxDriverMinutes: null, maxStintMinutes: null });
  const driverIds = [...new Set([...thisSession.map((t) => t.driverMemberId), ...asRun.driverTime.map((t) => t.driverMemberId)])];

  const submit = async () => {
    const lap = typedNumber(form.lap);
    const litres = typedNumber(form.litres);
    const stopSeconds = typedNumber(form.stopSeconds);
    const found: typeof errors = {};
    if (form.out === '') found.out = 'Choose the driver who came in';
    if (form.in === '') found.in = 'Choose the driver who went out';
    const firstLap = current?.fromLap ?? 1;
    if (lap === null || !Number.isInteger(lap) || lap < firstLap || lap >= lastLap) found.lap = `Enter a lap from ${firstLap} to ${lastLap - 1}`;
    if (litres === null || litres < 0 || litres > 500) found.litres = 'Enter the litres added, 0 to 500';
    if (stopSeconds === null || stopSeconds < 0 || stopSeconds > MAX_STOP_SECONDS) found.stopSeconds = `Enter the stop time in seconds, 0 to ${MAX_STOP_SECONDS}`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const earlier = session.stints.slice(0, -1);
    const outgoing = { driverMemberId: Number(form.out), fromLap: firstLap, toLap: lap!, fuelAddedLitres: current?.fuelAddedLitres ?? 0, pitStopMs: current?.pitStopMs ?? 0, tireSetId: current?.tireSetId ?? null, notes: current?.notes ?? null };
    const incoming = { driverMemberId: Number(form.in), fromLap: lap! + 1, toLap: lastLap, fuelAddedLitres: litres!, pitStopMs: Math.round(stopSeconds! * 1000), tireSetId: form.tireSetId === '' ? null : Number(form.tireSetId), notes: null };
    try {
      await save.mutateAsync({ sessionId: session.id, body: { stints: [...earlier, outgoing, incoming] } });
      toast.success(`Pit stop saved: ${nameOf(outgoing.driverMemberId)} → ${nameOf(incoming.driverMemberId)}`);
      setForm({ out: form.in, in: '', lap: '', litres: '', stopSeconds: '', tireSetId: '' });
    } catch (error) {
      toast.error(`Failed to save the pit stop: ${errorMessage(error)}`);
    }
  };

  const imported = session.stints.length === 0 ? stintsFromLaps(session.laps, members) : [];
  // A race session logs its stops as they happen (Pit stop), unless its stints were entered whole.
  const loggedAsTheyHappen = session.pitStops.length > 0 || (session.type === 'race' && session.stints.length === 0);
  const takeImported = async () => {
    try {
      await save.mutateAsync({ sessionId: session.id, body: { stints: imported } });
      toast.success(`Stints taken from the timing import: ${imported.length}`);
    } catch (error) {
      toast.error(`Failed to save the stints: ${errorMessage(error)}`);
    }
  };

  const memberOptions = driverSelectOptions(members);
  const driverOptions = [{ value: '', label: 'Choose a driver' }, ...memberOptions];
  return (
    <Card title="Pit Stops & Driver Time" headingLevel={3}>
      <div className={styles.stack}>
        {driverIds.length > 0 && (
          <table className={styles.driverTable}>
            <caption>Driver time</caption>
            <thead>
              <tr>
                <th scope="col">Driver</th>
                <th scope="col">This session</th>
                <th scope="col">Race event</th>
              </tr>
            </thead>
            <tbody>
              {driverIds.map((id) => {
                const here = thisSession.find((t) => t.driverMemberId === id);
                const event = asRun.driverTime.find((t) => t.driverMemberId === id);
                return (
                  <tr key={id}>
                    <th scope="row">{nameOf(id)}</th>
                    <td className={styles.mono}>{here ? `${drivingTimeText(here.ms)} · ${here.laps} laps` : '—'}</td>
                    <td className={styles.mono}>{event ? `${drivingTimeText(event.ms)} · ${event.laps} laps` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {asRun.warnings.length > 0 && (
          <ul className={styles.ruleWarnings} aria-label="Driving-time rules broken">
            {asRun.warnings.map((w) => (
              <li key={`${w.driverMemberId}-${w.message}`}>{w.driverMemberId === undefined ? w.message : `${nameOf(w.driverMemberId)} ${w.message}`}</li>
            ))}
          </ul>
        )}
        {loggedAsTheyHappen && <PitStopLog session={session} driverOptions={memberOptions} nameOf={nameOf} />}
        {session.stints.length > 0 && !loggedAsTheyHappen && <StintList save={save} session={session} driverOptions={memberOptions} nameOf={nameOf} />}
        {imported.length > 0 && (
          <div>
            <Button variant="secondary" onClick={() => void takeImported()} disabled={save.isPending}>
              Take Stints from the Timing Import
            </Button>
            <p className={styles.muted}>The lap times name the drivers: {imported.map((s) => `${nameOf(s.driverMemberId)} laps ${s.fromLap}–${s.toLap}`).join(', ')}.</p>
          </div>
        )}
        <FuelAtEnd carId={carId} session={session} />
        {loggedAsTheyHappen ? null : lastLap < 2 ? (
          <p className={styles.muted}>Enter the lap times first: a pit stop ends a stint on one of the session's laps.</p>
        ) : (
          <fieldset className={`${styles.fieldset} ${styles.pitStop}`}>
            <legend>Pit Stop</legend>
            <div className={styles.pitStopDrivers}>
              <SelectField label="Driver out of the car" options={driverOptions} value={form.out} error={errors.out} onChange={(e) => set('out')(e.target.value)} />
              <span aria-hidden="true" className={styles.pitStopArrow}>→</span>
              <SelectField label="Driver into the car" options={driverOptions} value={form.in} error={errors.in} onChange={(e) => set('in')(e.target.value)} />
            </div>
            <TextField label="In on lap" inputMode="numeric" value={form.lap} error={errors.lap} onChange={(e) => set('lap')(e.target.value)} />
            <TextField label="Fuel added (L)" inputMode="decimal" value={form.litres} error={errors.litres} onChange={(e) => set('litres')(e.target.value)} />
            <TextField label="Stop time (s)" inputMode="decimal" value={form.stopSeconds} error={errors.stopSeconds} onChange={(e) => set('stopSeconds')(e.target.value)} />
            <TireSetPicker carId={carId} label="Tires fitted" noneLabel="Not changed / not tracked" value={form.tireSetId} onChange={set('tireSetId')} />
            <Button onClick={() => void submit()} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Pit Stop'}
            </Button>
          </fieldset>
        )}
      </div>
    </Card>
  );
}
