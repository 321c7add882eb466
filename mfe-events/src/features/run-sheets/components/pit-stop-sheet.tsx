import { useState } from 'react';
import type { PitStopAnswer, RunSession } from '@pitwall/contracts';
import { Button, Dialog, TextField, errorMessage, useLogPitStop, useRevisePitStop, useToast } from '@pitwall/kit';
import { TireSetPicker } from './tire-set-picker';
import { pitStopFormOf, readPitStopForm, type PitStopForm } from '../lib/pit-stop-form';
import styles from './run-sheets.module.css';

/**
 * The 'Pit stop' sheet of a race session, made for the pit wall's phone: 'In lap' (numeric keypad,
 * offered), 'Driver out' (one tap on a driver, drivers first in name order, or 'Same driver stays
 * in'), 'Fuel added (L)', 'Stop time (s)', 'Tires fitted' (the car's tire sets) and Save — open,
 * driver, fuel, tires (two taps, a native select), Save: a typical stop in six taps plus the litres typed. `stop` null logs a new stop (POST), else
 * corrects that one (PATCH). Fields left blank are not recorded; the timing file fills the stop time later.
 */
export function PitStopSheet({ session, stop, offeredInLap, driverOptions, onClose }: {
  session: RunSession;
  /** The stop to correct; null for a new one. */
  stop: PitStopAnswer | null;
  /** The in lap offered for a new stop (nextInLap). */
  offeredInLap: string;
  driverOptions: readonly { value: string; label: string }[];
  onClose: () => void;
}) {
  const log = useLogPitStop(session.carId, session.eventId);
  const revise = useRevisePitStop(session.carId, session.eventId);
  const toast = useToast();
  const [form, setForm] = useState<PitStopForm>(() => pitStopFormOf(stop, offeredInLap));
  const [errors, setErrors] = useState<Partial<Record<keyof PitStopForm, string>>>({});
  // A new stop's in lap follows the offer (the race plan may arrive after the sheet opens) until typed in.
  const [inLapTyped, setInLapTyped] = useState(stop !== null);
  const fields = inLapTyped ? form : { ...form, inLap: offeredInLap };
  const set = (field: keyof PitStopForm) => (value: string) => {
    if (field === 'inLap') setInLapTyped(true);
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const pending = log.isPending || revise.isPending;

  const save = async () => {
    const read = readPitStopForm(fields, session.laps.length);
    if ('errors' in read) return setErrors(read.errors);
    try {
      if (stop) await revise.mutateAsync({ sessionId: session.id, body: { stopId: stop.stopId, changes: read.body } });
      else await log.mutateAsync({ sessionId: session.id, body: { ...read.body, at: new Date().toISOString() } });
      toast.success(`Pit stop saved: in on lap ${read.body.inLap}`);
      onClose();
    } catch (error) {
      toast.error(`Failed to save the pit stop: ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={stop ? `Edit pit stop, in on lap ${stop.inLap}` : 'Pit stop'}>
      <form className={`${styles.stack} ${styles.pitStop}`} onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <TextField label="In lap" inputMode="numeric" autoComplete="off" value={fields.inLap} error={errors.inLap} onChange={(e) => set('inLap')(e.target.value)} />
        <fieldset className={styles.choices}>
          <legend className="pw-field__label">Driver out</legend>
          {[{ value: '', label: 'Same driver stays in' }, ...driverOptions].map((option) => (
            <label key={option.value} className={styles.choice}>
              <input type="radio" name="driver-out" value={option.value} checked={fields.driver === option.value} onChange={() => set('driver')(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        <TextField label="Fuel added (L)" inputMode="decimal" autoComplete="off" value={fields.litres} error={errors.litres} onChange={(e) => set('litres')(e.target.value)} />
        <TextField label="Stop time (s)" inputMode="decimal" autoComplete="off" value={fields.stopSeconds} error={errors.stopSeconds} helperText="Blank: the timing file fills it" onChange={(e) => set('stopSeconds')(e.target.value)} />
        <TireSetPicker carId={session.carId} label="Tires fitted" noneLabel="Not changed / not tracked" value={fields.tireSetId} onChange={set('tireSetId')} />
        <Button type="submit" disabled={pending}>{pending ? 'Saving...' : 'Save'}</Button>
      </form>
    </Dialog>
  );
}
