import { useState } from 'react';
import type { RunSession, StintValue } from '@pitwall/contracts';
import { MAX_PIT_STOP_MS, stintsProblem } from '@pitwall/contracts/values';
import { Button, ConfirmDialog, SelectField, TextField, errorMessage, useToast, type useSetSessionStints } from '@pitwall/kit';
import styles from './run-sheets.module.css';
import { TireSetName, TireSetPicker } from './tire-set-picker';
import { typedNumber } from '../lib/typed-number';

export { typedNumber };

/** The longest stop a form takes, in seconds (24 hours: a garage repair in a 24-hour race). */
export const MAX_STOP_SECONDS = MAX_PIT_STOP_MS / 1000;

type StintForm = Record<'driver' | 'fromLap' | 'toLap' | 'litres' | 'stopSeconds' | 'tireSetId', string>;

const formOf = (s: StintValue): StintForm => ({
  driver: String(s.driverMemberId), fromLap: String(s.fromLap), toLap: String(s.toLap), litres: s.fuelAddedLitres === null ? '' : String(s.fuelAddedLitres), stopSeconds: String(s.pitStopMs / 1000),
  tireSetId: s.tireSetId === null ? '' : String(s.tireSetId),
});

/**
 * The session's saved stints, each with 'Edit' (driver, laps from–to, litres added at the stop that
 * began it, the stop's time in s, the tire set fitted at it: none when the tires were not changed,
 * so the set before it runs on and counts these laps) and 'Remove' (after a confirmation). Either saves the whole list
 * (PUT …/stints takes the complete list); a list whose laps overlap or leave the session is refused
 * here under the field, before anything is sent. `save` is the Pit Stop screen's own stints write,
 * so every change of the list goes through one write path and merges against the list last saved.
 */
export function StintList({ save, session, driverOptions, nameOf }: {
  save: ReturnType<typeof useSetSessionStints>;
  session: RunSession;
  driverOptions: readonly { value: string; label: string }[];
  nameOf: (memberId: number) => string;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState<{ index: number; form: StintForm; error: { field: keyof StintForm; message: string } | null } | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const saveList = async (stints: StintValue[], done: string) => {
    try {
      // The stints' own fields only: the strict request validator refuses any other key.
      const body = stints.map(({ driverMemberId, fromLap, toLap, fuelAddedLitres, pitStopMs, tireSetId, notes }) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres, pitStopMs, tireSetId, notes }));
      await save.mutateAsync({ sessionId: session.id, body: { stints: body } });
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(`Failed to save the stints: ${errorMessage(error)}`);
      return false;
    }
  };

  const saveEdit = async () => {
    if (!editing) return;
    const { index, form } = editing;
    const [fromLap, toLap, litres, stopSeconds] = [typedNumber(form.fromLap), typedNumber(form.toLap), typedNumber(form.litres), typedNumber(form.stopSeconds)];
    const lapCount = session.laps.length;
    const fail = (field: keyof StintForm, message: string) => setEditing({ ...editing, error: { field, message } });
    if (fromLap === null || !Number.isInteger(fromLap) || fromLap < 1 || fromLap > lapCount) return fail('fromLap', `Enter a lap from 1 to ${lapCount}`);
    if (toLap === null || !Number.isInteger(toLap) || toLap < fromLap || toLap > lapCount) return fail('toLap', `Enter a lap from ${fromLap} to ${lapCount}`);
    if ((litres === null && form.litres.trim() !== '') || (litres !== null && (litres < 0 || litres > 500))) return fail('litres', 'Enter the litres added, 0 to 500, or leave it blank when not recorded');
    if (stopSeconds === null || stopSeconds < 0 || stopSeconds > MAX_STOP_SECONDS) return fail('stopSeconds', `Enter the stop time in seconds, 0 to ${MAX_STOP_SECONDS}`);
    const stint = { ...session.stints[index]!, driverMemberId: Number(form.driver), fromLap, toLap, fuelAddedLitres: litres, pitStopMs: Math.round(stopSeconds * 1000), tireSetId: form.tireSetId === '' ? null : Number(form.tireSetId) };
    const stints = session.stints.map((s, i) => (i === index ? stint : s));
    if (stintsProblem(stints, lapCount)) return fail('fromLap', `Laps ${fromLap}–${toLap} overlap another stint`);
    if (await saveList(stints, `Stint saved: ${nameOf(stint.driverMemberId)} laps ${fromLap}–${toLap}`)) setEditing(null);
  };

  const confirmRemove = async () => {
    if (removing === null) return;
    const gone = session.stints[removing]!;
    if (await saveList(session.stints.filter((_, i) => i !== removing), `Stint removed: ${nameOf(gone.driverMemberId)} laps ${gone.fromLap}–${gone.toLap}`)) setRemoving(null);
  };

  // A stint's driver who has since left the team stays choosable for their own stint.
  const optionsFor = (memberId: number) =>
    driverOptions.some((o) => o.value === String(memberId)) ? driverOptions : [...driverOptions, { value: String(memberId), label: nameOf(memberId) }];
  const removed = removing === null ? undefined : session.stints[removing];
  const set = (field: keyof StintForm) => (e: { target: { value: string } }) => setEditing((ed) => ed && { ...ed, form: { ...ed.form, [field]: e.target.value }, error: null });
  const fieldError = (field: keyof StintForm) => (editing?.error?.field === field ? editing.error.message : undefined);
  return (
    <>
      <ol className={styles.stintList} aria-label="Stints">
        {session.stints.map((s, i) => (
          <li key={`${s.fromLap}-${i}`} className={styles.stint}>
            {editing?.index === i ? (
              <fieldset className={`${styles.fieldset} ${styles.pitStop}`}>
                <legend>Stint {i + 1}</legend>
                <SelectField label="Driver" options={optionsFor(s.driverMemberId)} value={editing.form.driver} onChange={set('driver')} />
                <TextField label="From lap" inputMode="numeric" value={editing.form.fromLap} error={fieldError('fromLap')} onChange={set('fromLap')} />
                <TextField label="To lap" inputMode="numeric" value={editing.form.toLap} error={fieldError('toLap')} onChange={set('toLap')} />
                <TextField label="Fuel added (L)" inputMode="decimal" value={editing.form.litres} error={fieldError('litres')} onChange={set('litres')} />
                <TextField label="Stop time (s)" inputMode="decimal" value={editing.form.stopSeconds} error={fieldError('stopSeconds')} onChange={set('stopSeconds')} />
                <TireSetPicker carId={session.carId} label="Tires fitted" noneLabel="Not changed / not tracked" value={editing.form.tireSetId} onChange={(value) => set('tireSetId')({ target: { value } })} />
                <div className={styles.stintActions}>
                  <Button onClick={() => void saveEdit()} disabled={save.isPending}>Save Stint</Button>
                  <Button variant="secondary" onClick={() => setEditing(null)}>Cancel</Button>
                </div>
              </fieldset>
            ) : (
              <>
                <span>
                  {nameOf(s.driverMemberId)}: laps {s.fromLap}–{s.toLap}
                  {s.fromLap > 1 && ` · ${s.fuelAddedLitres === null ? 'fuel not recorded' : `${s.fuelAddedLitres} L added`} · stop ${(s.pitStopMs / 1000).toFixed(1)} s`}
                  {s.tireSetId !== null && <> · <TireSetName carId={session.carId} tireSetId={s.tireSetId} /></>}
                </span>
                <span className={styles.stintActions}>
                  <Button variant="secondary" aria-label={`Edit stint ${i + 1}`} onClick={() => setEditing({ index: i, form: formOf(s), error: null })}>Edit</Button>
                  <Button variant="danger" aria-label={`Remove stint ${i + 1}`} onClick={() => setRemoving(i)}>Remove</Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={removed !== undefined}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove stint ${(removing ?? 0) + 1}?`}
        description={removed ? `${nameOf(removed.driverMemberId)}'s laps ${removed.fromLap}–${removed.toLap} leave the session's stints; the car's history keeps the record.` : ''}
        confirmLabel="Remove"
        onConfirm={() => void confirmRemove()}
        busy={save.isPending}
      />
    </>
  );
}
