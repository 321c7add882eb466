import { useId, useState } from 'react';
import { z } from 'zod';
import type { PutRoundResultsBody, RoundResultLine, RoundResults, SeriesEntry } from '@pitwall/contracts';
import { formatLapTime, parseLapTime } from '@pitwall/contracts/values';
import { Alert, Button, SelectField, TextField, errorMessage, useToast } from '@pitwall/kit';
import { previewRoundResults, useSetRoundResults } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import styles from './series.module.css';

const STATUS_OPTIONS = [
  { value: 'classified', label: 'Classified' },
  { value: 'dnf', label: 'DNF' },
  { value: 'dsq', label: 'DSQ' },
] as const;

/** A car's row as typed: an empty position leaves the car out of the classification. */
const RowValues = z
  .object({
    number: z.string(),
    position: z.string().trim().regex(/^(\d{1,3})?$/, 'Position must be a whole number from 1 to 999'),
    laps: z.string().trim().regex(/^(\d{1,5})?$/, 'Laps must be a whole number'),
    bestLap: z.string().trim(),
    status: z.enum(['classified', 'dnf', 'dsq']),
    pole: z.boolean(),
  })
  .superRefine((row, ctx) => {
    if (row.position === '') return;
    if (Number(row.position) < 1) ctx.addIssue({ code: 'custom', path: ['position'], message: 'Position must be a whole number from 1 to 999' });
    if (row.laps === '') ctx.addIssue({ code: 'custom', path: ['laps'], message: 'Laps are required for a classified car' });
    const best = row.bestLap === '' ? null : parseLapTime(row.bestLap);
    if (best && !best.ok) ctx.addIssue({ code: 'custom', path: ['bestLap'], message: best.message });
  });
const FormValues = z.object({ rows: z.array(RowValues) });
type FormValues = z.infer<typeof FormValues>;

type Car = { number: string; label: string };

/** A car's result as the form is filled from it (the recorded classification, or one read from a file). */
type Known = Pick<RoundResultLine, 'number' | 'position' | 'laps' | 'bestLapMs' | 'status'> & { pole?: boolean };

/** The form's rows, one per car, each prefilled from its result in `known` (none: left without a position). */
function rowsOf(cars: readonly Car[], known: readonly Known[]): FormValues['rows'] {
  return cars.map(({ number }) => {
    const r = known.find((x) => x.number === number);
    return r
      ? { number, position: String(r.position), laps: String(r.laps), bestLap: r.bestLapMs === null ? '' : formatLapTime(r.bestLapMs), status: r.status, pole: r.pole ?? false }
      : { number, position: '', laps: '', bestLap: '', status: 'classified' as const, pole: false };
  });
}

/** The classification to send: the rows with a position, best laps in ms. */
function bodyOf(values: FormValues): PutRoundResultsBody {
  return {
    results: values.rows.flatMap((row) => {
      if (row.position === '') return [];
      const best = row.bestLap === '' ? null : parseLapTime(row.bestLap);
      return [{ number: row.number, position: Number(row.position), laps: Number(row.laps), bestLapMs: best?.ok ? best.ms : null, status: row.status, pole: row.pole }];
    }),
  };
}

/**
 * The organiser's 'Record Results' for a round: per entered car its overall position (empty: not in
 * the classification), laps, best lap (1:42.318), status and pole, prefilled from what was recorded.
 * 'Classification file' reads the timing's Al Kamel 'Classification' or 'Analysis' CSV into the rows
 * (nothing saved; the numbers no car is entered under are named). 'Save Results' records the whole
 * classification again, so a penalty is a change of position or status here; the standings follow.
 */
export function RoundResultsForm({ seriesId, roundId, entries, results }: { seriesId: number; roundId: number; entries: readonly SeriesEntry[]; results: RoundResults }) {
  const toast = useToast();
  const save = useSetRoundResults(seriesId, roundId);
  const cars: Car[] = [
    ...entries.map((e) => ({ number: e.number, label: `#${e.number} ${e.passport.name} (${e.class})` })),
    ...results.results.filter((r) => !entries.some((e) => e.number === r.number)).map((r) => ({ number: r.number, label: `#${r.number} (${r.class}, withdrawn)` })),
  ];
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(FormValues, { values: { rows: rowsOf(cars, results.results) }, resetOptions: { keepDirtyValues: true } });
  const fileId = useId();
  const [fileNote, setFileNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  /** Fills the rows from a classification file; the cars it does not hold are left without a position. */
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const read = await previewRoundResults(seriesId, roundId, await file.text());
      // Typed, not saved: the rows stay dirty against the recorded results, so a refresh of those keeps them.
      reset({ rows: rowsOf(cars, read.results) }, { keepDefaultValues: true });
      const unmatched = read.unmatched.length > 0 ? ` Not entered in this series, left out: ${read.unmatched.map((n) => `#${n}`).join(', ')}.` : '';
      setFileNote({ tone: 'info', text: `Read ${read.results.length - read.unmatched.length} entered cars from ${file.name}: check them and save.${unmatched}` });
    } catch (error) {
      setFileNote({ tone: 'error', text: errorMessage(error) });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      reset({ rows: rowsOf(cars, saved.results) });
      toast.success('Results saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate aria-label="Record Results">
      <div className="pw-field">
        <label className="pw-field__label" htmlFor={fileId}>
          Classification file
        </label>
        <input id={fileId} type="file" className="pw-input" aria-describedby={`${fileId}-hint`} onChange={(e) => void readFile(e.target.files?.[0])} />
        <span id={`${fileId}-hint`} className="pw-field__help">
          The timing's 'Classification' or 'Analysis' CSV (Al Kamel): it fills the rows below; nothing is saved until 'Save Results'.
        </span>
      </div>
      {fileNote && (
        <Alert tone={fileNote.tone === 'error' ? 'error' : 'info'} title={fileNote.tone === 'error' ? 'The file could not be read.' : 'Classification read'}>
          {fileNote.text}
        </Alert>
      )}
      {cars.map((car, i) => {
        const rowErrors = errors.rows?.[i];
        return (
          <fieldset key={car.number} className={styles.resultRow}>
            <legend>{car.label}</legend>
            <TextField label={`Position of #${car.number}`} inputMode="numeric" error={rowErrors?.position?.message} {...register(`rows.${i}.position`)} />
            <TextField label={`Laps of #${car.number}`} inputMode="numeric" error={rowErrors?.laps?.message} {...register(`rows.${i}.laps`)} />
            <TextField label={`Best lap of #${car.number}`} inputMode="decimal" placeholder="1:42.318" error={rowErrors?.bestLap?.message} {...register(`rows.${i}.bestLap`)} />
            <SelectField label={`Status of #${car.number}`} options={STATUS_OPTIONS} {...register(`rows.${i}.status`)} />
            <label className={styles.pole}>
              <input type="checkbox" aria-label={`Pole for #${car.number}`} {...register(`rows.${i}.pole`)} />
              Pole
            </label>
          </fieldset>
        );
      })}
      <Button type="submit" disabled={isSubmitting || cars.length === 0}>
        {isSubmitting ? 'Saving...' : 'Save Results'}
      </Button>
    </form>
  );
}
