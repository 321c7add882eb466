import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { PutRoundResultsBody, RoundResults, SeriesEntry } from '@pitwall/contracts';
import { formatLapTime, parseLapTime } from '@pitwall/contracts/values';
import { Button, SelectField, TextField, errorMessage, useSetRoundResults, useToast } from '@pitwall/kit';
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

/** The form's rows: each active entry, and any number the recorded classification holds beyond them (a withdrawn car), prefilled from it. */
function rowsOf(cars: readonly Car[], results: RoundResults): FormValues['rows'] {
  return cars.map(({ number }) => {
    const r = results.results.find((x) => x.number === number);
    return r
      ? { number, position: String(r.position), laps: String(r.laps), bestLap: r.bestLapMs === null ? '' : formatLapTime(r.bestLapMs), status: r.status, pole: r.pole }
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
 * 'Save Results' records the whole classification again, so a penalty is a change of position or
 * status here; the standings follow.
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
  } = useForm<FormValues>({ resolver: zodResolver(FormValues), values: { rows: rowsOf(cars, results) } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      reset({ rows: rowsOf(cars, saved) });
      toast.success('Results saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={onSubmit} noValidate aria-label="Record Results">
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
