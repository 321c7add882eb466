import { useState, type FormEvent } from 'react';
import type { ScrutineeringItem, ScrutineeringSheet, ScrutineeringStatus } from '@pitwall/contracts';
import { Button, TextAreaField, errorMessage, useRecordScrutineering, useToast } from '@pitwall/kit';
import { STATUSES, recordedLine } from './scrutineering-results';
import styles from './series.module.css';

type Draft = Record<number, { status: ScrutineeringStatus | null; notes: string }>;

const draftOf = (sheet: ScrutineeringSheet): Draft =>
  Object.fromEntries(sheet.results.map((r) => [r.itemId, { status: r.status, notes: r.notes ?? '' }]));

/**
 * The organiser's sheet for one car at one round: per checklist item Pass / Fail / Reinspect as
 * big radio buttons (56 px), notes, and who recorded it when; 'Save Sheet' sends every item with a
 * verdict (the server records only what changed, with the organiser and the time).
 */
export function ScrutineeringSheetForm({ seriesId, items, sheet }: { seriesId: number; items: readonly ScrutineeringItem[]; sheet: ScrutineeringSheet }) {
  const toast = useToast();
  const record = useRecordScrutineering(seriesId, sheet.roundId, sheet.entryId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(sheet));
  const set = (itemId: number, change: Partial<Draft[number]>) =>
    setDraft((d) => ({ ...d, [itemId]: { status: d[itemId]?.status ?? null, notes: d[itemId]?.notes ?? '', ...change } }));

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const results = items.flatMap((item) => {
      const entry = draft[item.id];
      return entry?.status ? [{ itemId: item.id, status: entry.status, notes: entry.notes }] : [];
    });
    try {
      const saved = await record.mutateAsync({ results });
      setDraft(draftOf(saved));
      toast.success('Scrutineering saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

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
                  <input
                    type="radio"
                    name={`item-${item.id}`}
                    value={s.value}
                    checked={draft[item.id]?.status === s.value}
                    onChange={() => set(item.id, { status: s.value })}
                  />
                  {s.label}
                </label>
              ))}
            </div>
            <TextAreaField label="Notes" rows={2} value={draft[item.id]?.notes ?? ''} onChange={(e) => set(item.id, { notes: e.target.value })} />
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
