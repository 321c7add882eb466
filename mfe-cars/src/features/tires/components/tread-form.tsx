import { useState, type FormEvent } from 'react';
import { CORNERS, TreadMeasurementBody, type TireSet } from '@pitwall/contracts';
import { Button, TextField, errorMessage, useRecordTread, useToast } from '@pitwall/kit';
import { isoOfLocal, localNow, numberOf } from '../../parts';
import styles from './tires.module.css';

/** The measuring points of a corner, across the tread. */
const POINTS = ['Outer', 'Centre', 'Inner'] as const;

/**
 * 'Record tread depth': when, and per corner (a group named by the corner) the depths at the outer,
 * centre and inner point (mm; a blank point is not measured, at least one per corner). Saved through the write queue.
 */
export function TreadForm({ set }: { set: TireSet }) {
  const record = useRecordTread(set.teamId, set.id);
  const toast = useToast();
  const [at, setAt] = useState(localNow);
  const [depths, setDepths] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const corner = (c: string) => POINTS.map((p) => depths[`${c}-${p}`] ?? '').filter((t) => t.trim() !== '').map((t) => numberOf(t)!);
    const body = { measuredAt: isoOfLocal(at), fl: corner('fl'), fr: corner('fr'), rl: corner('rl'), rr: corner('rr') };
    const parsed = TreadMeasurementBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await record.mutateAsync(parsed.data);
      toast.success('Tread depth recorded');
      setDepths({});
    } catch (error) {
      toast.error(`Failed to record tread depth: ${errorMessage(error)}`);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Record tread depth">
      <TextField label="Measured at" type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} error={errors.measuredAt} />
      <div className={styles.cornerGrid}>
        {CORNERS.map((c) => (
          <fieldset key={c.value} className={styles.corner}>
            <legend>{c.label}</legend>
            <div className={styles.points}>
              {POINTS.map((p) => (
                <TextField
                  key={p}
                  label={`${p} (mm)`}
                  inputMode="decimal"
                  value={depths[`${c.value}-${p}`] ?? ''}
                  onChange={(e) => setDepths((d) => ({ ...d, [`${c.value}-${p}`]: e.target.value }))}
                  error={p === 'Outer' ? errors[c.value] : undefined}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <Button type="submit" disabled={record.isPending}>
        Record Tread Depth
      </Button>
    </form>
  );
}
