import { useState } from 'react';
import type { Series } from '@pitwall/contracts';
import { Button, Card, TextField, errorMessage, useToast } from '@pitwall/kit';
import { useSetScrutineeringItems } from '../api/series';
import styles from './series.module.css';

type ChecklistItem = { id?: number; title: string };

/**
 * The organiser's scrutineering checklist ('Seat FIA label valid', …). 'Add Item' and 'Remove' save
 * at once (the whole list, PUT …/scrutineering-items), as the car checklist does: nothing typed in
 * can be lost by leaving the page. A removed item leaves future sheets; results recorded against it
 * stay.
 */
export function ChecklistCard({ series }: { series: Series }) {
  const toast = useToast();
  const save = useSetScrutineeringItems(series.id);
  const [title, setTitle] = useState('');
  const items: ChecklistItem[] = series.scrutineeringItems;

  /** Sends the list; answers whether it was saved (the series is read again before it answers). */
  const send = async (next: ChecklistItem[], done: string) => {
    try {
      await save.mutateAsync({ items: next });
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };
  const add = async () => {
    const added = title.trim();
    if (added.length < 2 || save.isPending) return;
    // Emptied only if it still holds the item added: what was typed meanwhile (the next item) stays.
    if (await send([...items, { title: added }], 'Item added')) setTitle((current) => (current.trim() === added ? '' : current));
  };

  return (
    <Card title="Scrutineering Checklist">
      {items.length === 0 ? (
        <p className={styles.muted}>No checklist items yet.</p>
      ) : (
        <ol className={styles.list}>
          {items.map((item, i) => (
            <li key={item.id ?? `new-${i}`} className={styles.row}>
              <span className={styles.rowTitle}>{item.title}</span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${item.title}`} disabled={save.isPending} onClick={() => void send(items.filter((_, j) => j !== i), 'Item removed')}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className={`${styles.formRow} ${styles.addForm}`}>
        <TextField
          label="New Checklist Item"
          placeholder="e.g. Fire extinguisher armed"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <Button variant="secondary" onClick={() => void add()} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Add Item'}
        </Button>
      </div>
    </Card>
  );
}
