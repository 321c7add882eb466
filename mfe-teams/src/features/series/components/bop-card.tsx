import { useState } from 'react';
import { format, parseISO } from 'date-fns';
import { z } from 'zod';
import type { Bop, PutBopBody, Series, SeriesEntry } from '@pitwall/contracts';
import { Alert, Button, Card, Skeleton, TextAreaField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useRoundBop, useSeriesEntries, useSetBop } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './series.module.css';

/** A number as typed on a phone ('22,5' as '22.5'); '' stays ''. */
const typedNumber = (v: string) => v.trim().replace(',', '.');

/** A field of the form: `required` refuses '', otherwise '' means none. */
const measure = (label: string, min: number, max: number, unit: string, required: boolean) =>
  z.string().refine((v) => {
    const t = typedNumber(v);
    if (t === '') return !required;
    const n = Number(t);
    return /^\d+(\.\d+)?$/.test(t) && n >= min && n <= max;
  }, `${label} must be a number from ${min} to ${max} ${unit}${required ? '' : ', or empty for none'}`);

const FormValues = z.object({
  ballastKg: measure('Ballast', 0, 200, 'kg', true),
  restrictorMm: measure('Restrictor', 10, 100, 'mm', false),
  minWeightKg: measure('Minimum weight', 500, 2500, 'kg', false),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
});
type FormValues = z.infer<typeof FormValues>;

const orNull = (v: string) => (typedNumber(v) === '' ? null : Number(typedNumber(v)));
const textOf = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
/** Kilograms or millimetres as the card prints them ('1,250 kg'); none: '—'. */
const shown = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? '—' : `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}`);

/** Ballast, restrictor and minimum weight of one car, as a small list that wraps on a phone. */
function BopValues({ bop }: { bop: Bop | undefined }) {
  return (
    <dl className={styles.passport}>
      <div><dt>Ballast</dt><dd>{shown(bop?.ballastKg, 'kg')}</dd></div>
      <div><dt>Restrictor</dt><dd>{shown(bop?.restrictorMm, 'mm')}</dd></div>
      <div><dt>Min weight</dt><dd>{shown(bop?.minWeightKg, 'kg')}</dd></div>
    </dl>
  );
}

/** Who set the BoP last and when, and its notes. */
function BopMeta({ bop }: { bop: Bop }) {
  return (
    <>
      {bop.notes && <p className={styles.resultNotes}>{bop.notes}</p>}
      <span className={styles.rowMeta}>Set by {bop.setBy}, {format(parseISO(bop.setAt), 'MMM d, yyyy HH:mm')}</span>
    </>
  );
}

/** The organiser's 'Edit BoP' form for one car: ballast (kg), restrictor (mm), minimum weight (kg), notes; empty restrictor or minimum weight: none. */
function BopForm({ seriesId, roundId, entry, bop, onDone }: { seriesId: number; roundId: number; entry: SeriesEntry; bop: Bop | undefined; onDone: () => void }) {
  const toast = useToast();
  const save = useSetBop(seriesId, roundId);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(FormValues, {
    defaultValues: { ballastKg: textOf(bop?.ballastKg ?? 0), restrictorMm: textOf(bop?.restrictorMm), minWeightKg: textOf(bop?.minWeightKg), notes: bop?.notes ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const body: PutBopBody = { ballastKg: Number(typedNumber(values.ballastKg)), restrictorMm: orNull(values.restrictorMm), minWeightKg: orNull(values.minWeightKg), notes: values.notes };
    try {
      await save.mutateAsync({ entryId: entry.id, body });
      toast.success(`BoP of #${entry.number} saved`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate aria-label={`BoP of #${entry.number}`}>
      <div className={styles.fields}>
        <TextField label="Ballast (kg)" inputMode="decimal" error={errors.ballastKg?.message} {...register('ballastKg')} />
        <TextField label="Restrictor (mm)" inputMode="decimal" placeholder="none" error={errors.restrictorMm?.message} {...register('restrictorMm')} />
        <TextField label="Minimum weight (kg)" inputMode="decimal" placeholder="none" error={errors.minWeightKg?.message} {...register('minWeightKg')} />
      </div>
      <TextAreaField label="Notes" rows={2} error={errors.notes?.message} {...register('notes')} />
      <div className={styles.bopActions}>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : 'Save BoP'}</Button>
      </div>
    </form>
  );
}

/**
 * 'Balance of Performance' on a round's page. The organiser sees every entered car (number, class,
 * ballast, restrictor, minimum weight) with 'Edit BoP' on each; a team sees its own cars' BoP at
 * this round, read only. One column of wrapping rows: no sideways scroll on a 390 px phone.
 */
export function BopCard({ series, roundId }: { series: Series; roundId: number }) {
  const bops = useRoundBop(series.id, roundId);
  const entries = useSeriesEntries(series.id);
  const [editing, setEditing] = useState<number | null>(null);
  const organiser = series.role === 'organiser';
  const pending = bops.isPending || (organiser && entries.isPending);
  const error = bops.error ?? (organiser ? entries.error : null);
  return (
    <Card title="Balance of Performance" headingLevel={2}>
      {pending ? (
        <Skeleton height="6rem" />
      ) : error ? (
        <Alert title="The balance of performance could not be loaded.">{errorMessage(error)}</Alert>
      ) : organiser ? (
        (entries.data ?? []).length === 0 ? (
          <p className={styles.muted}>No cars entered.</p>
        ) : (
          <ul className={styles.list} aria-label="BoP per car">
            {(entries.data ?? []).map((entry) => {
              const bop = bops.data?.find((b) => b.entryId === entry.id);
              return (
                <li key={entry.id} className={styles.bopRow}>
                  <div className={styles.bopTop}>
                    <span className={styles.rowTitle}>#{entry.number} {entry.passport.name}</span>
                    <span className={styles.rowMeta}>{entry.class}</span>
                    {editing !== entry.id && (
                      <Button variant="secondary" aria-label={`Edit BoP of #${entry.number}`} onClick={() => setEditing(entry.id)}>
                        Edit BoP
                      </Button>
                    )}
                  </div>
                  {editing === entry.id ? (
                    <BopForm seriesId={series.id} roundId={roundId} entry={entry} bop={bop} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <BopValues bop={bop} />
                      {bop ? <BopMeta bop={bop} /> : <span className={styles.rowMeta}>No BoP set</span>}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : (bops.data ?? []).length === 0 ? (
        <p className={styles.muted}>No BoP set for your cars at this round.</p>
      ) : (
        <ul className={styles.list} aria-label="BoP per car">
          {(bops.data ?? []).map((bop) => (
            <li key={bop.entryId} className={styles.bopRow}>
              <div className={styles.bopTop}>
                <span className={styles.rowTitle}>#{bop.number}</span>
                <span className={styles.rowMeta}>{bop.class}</span>
              </div>
              <BopValues bop={bop} />
              <BopMeta bop={bop} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
