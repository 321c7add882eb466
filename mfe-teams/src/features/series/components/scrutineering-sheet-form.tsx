import { z } from 'zod';
import type { ScrutineeringItem, ScrutineeringSheet, ScrutineeringStatus } from '@pitwall/contracts';
import { Button, TextAreaField, errorMessage, useToast } from '@pitwall/kit';
import { useRecordScrutineering } from '../api/series';
import { useZodForm } from '@pitwall/kit/forms';
import { STATUSES, recordedLine } from './scrutineering-results';
import styles from './series.module.css';

/** The sheet's fields: per checklist item (keyed 'i{itemId}') its verdict (null = none yet) and notes. */
const SheetFields = z.object({ items: z.record(z.string(), z.object({ status: z.string().nullable(), notes: z.string() })) });
type Draft = z.input<typeof SheetFields>;

const draftOf = (items: readonly ScrutineeringItem[], sheet: ScrutineeringSheet): Draft => ({
  items: Object.fromEntries(
    items.map((item) => {
      const result = sheet.results.find((r) => r.itemId === item.id);
      return [`i${item.id}`, { status: result?.status ?? null, notes: result?.notes ?? '' }];
    }),
  ),
});

/**
 * The organiser's sheet for one car at one round: per checklist item Pass / Fail / Reinspect as
 * big radio buttons (56 px), notes, and who recorded it when; 'Save Sheet' sends every item with a
 * verdict (the server records only what changed, with the organiser and the time).
 */
export function ScrutineeringSheetForm({ seriesId, items, sheet }: { seriesId: number; items: readonly ScrutineeringItem[]; sheet: ScrutineeringSheet }) {
  const toast = useToast();
  const record = useRecordScrutineering(seriesId, sheet.roundId, sheet.entryId);
  const { register, handleSubmit, reset } = useZodForm(SheetFields, { defaultValues: draftOf(items, sheet) });

  const onSave = handleSubmit(async (draft) => {
    const results = items.flatMap((item) => {
      const entry = draft.items[`i${item.id}`];
      return entry?.status ? [{ itemId: item.id, status: entry.status as ScrutineeringStatus, notes: entry.notes }] : [];
    });
    try {
      const saved = await record.mutateAsync({ results });
      reset(draftOf(items, saved));
      toast.success('Scrutineering saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="pw-form-grid" onSubmit={(e) => void onSave(e)} noValidate>
      {items.map((item) => {
        const recorded = sheet.results.find((r) => r.itemId === item.id);
        return (
          <fieldset key={item.id} className={styles.checkItem}>
            <legend>{item.title}</legend>
            <div className={styles.verdicts}>
              {STATUSES.map((s) => (
                <label key={s.value} className={`${styles.verdict} ${styles[`verdict_${s.value}`]}`}>
                  <input type="radio" value={s.value} {...register(`items.i${item.id}.status`)} />
                  {s.label}
                </label>
              ))}
            </div>
            <TextAreaField label="Notes" rows={2} {...register(`items.i${item.id}.notes`)} />
            {recorded && <span className={styles.rowMeta}>Recorded {recordedLine(recorded)}</span>}
          </fieldset>
        );
      })}
      <div className={styles.sheetActions}>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Save Sheet'}
        </Button>
      </div>
    </form>
  );
}
