import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import type { PitStopAnswer, RunSession } from '@pitwall/contracts';
import { Button, Dialog, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useLogPitStop, useRevisePitStop } from '../api/pit-stops';
import { useZodForm } from '@pitwall/kit/forms';
import { TireSetPicker } from './tire-set-picker';
import { pitStopFormOf, readPitStopForm } from '../lib/pit-stop-form';
import styles from './run-sheets.module.css';

/** The sheet's schema for a session of `lapCount` laps: the fields as typed, read by readPitStopForm (its messages on the fields). */
const pitStopFields = (lapCount: number) =>
  z.object({ inLap: z.string(), driver: z.string(), litres: z.string(), stopSeconds: z.string(), tireSetId: z.string() }).transform((form, ctx) => {
    const read = readPitStopForm(form, lapCount);
    if ('body' in read) return read.body;
    for (const [field, message] of Object.entries(read.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });

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
  const schema = useMemo(() => pitStopFields(session.laps.length), [session.laps.length]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: pitStopFormOf(stop, offeredInLap) });
  // A new stop's in lap follows the offer (the race plan may arrive after the sheet opens) until typed in.
  const [inLapTyped, setInLapTyped] = useState(stop !== null);
  useEffect(() => {
    if (!inLapTyped) setValue('inLap', offeredInLap);
  }, [inLapTyped, offeredInLap, setValue]);
  const pending = log.isPending || revise.isPending;

  const save = handleSubmit(async (body) => {
    try {
      if (stop) await revise.mutateAsync({ sessionId: session.id, body: { stopId: stop.stopId, changes: body } });
      else await log.mutateAsync({ sessionId: session.id, body: { ...body, at: new Date().toISOString() } });
      toast.success(`Pit stop saved: in on lap ${body.inLap}`);
      onClose();
    } catch (error) {
      toast.error(`Failed to save the pit stop: ${errorMessage(error)}`);
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={stop ? `Edit pit stop, in on lap ${stop.inLap}` : 'Pit stop'}>
      <form className={`${styles.stack} ${styles.pitStop}`} onSubmit={(e) => void save(e)}>
        <TextField label="In lap" inputMode="numeric" autoComplete="off" error={errors.inLap?.message} {...register('inLap', { onChange: () => setInLapTyped(true) })} />
        <fieldset className={styles.choices}>
          <legend className="pw-field__label">Driver out</legend>
          {[{ value: '', label: 'Same driver stays in' }, ...driverOptions].map((option) => (
            <label key={option.value} className={styles.choice}>
              <input type="radio" value={option.value} {...register('driver')} />
              {option.label}
            </label>
          ))}
        </fieldset>
        <TextField label="Fuel added (L)" inputMode="decimal" autoComplete="off" error={errors.litres?.message} {...register('litres')} />
        <TextField label="Stop time (s)" inputMode="decimal" autoComplete="off" error={errors.stopSeconds?.message} helperText="Blank: the timing file fills it" {...register('stopSeconds')} />
        <TireSetPicker carId={session.carId} label="Tires fitted" noneLabel="Not changed / not tracked" value={watch('tireSetId')} onChange={(v) => setValue('tireSetId', v)} />
        <Button type="submit" disabled={pending}>{pending ? 'Saving...' : 'Save'}</Button>
      </form>
    </Dialog>
  );
}
