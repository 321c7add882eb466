import { useState } from 'react';
import type { Series } from '@pitwall/contracts';
import { Button, Card, TextField, errorMessage, useSetScrutineeringItems, useToast } from '@pitwall/kit';
import styles from './series.module.css';

type DraftItem = { id?: number; title: string };

/**
 * The organiser's scrutineering checklist ('Seat FIA label valid', …): add and remove items, then
 * 'Save Checklist' sends the whole list. A removed item leaves future sheets; results recorded
 * against it stay.
 */
export function ChecklistCard({ series }: { series: Series }) {
  const toast = useToast();
  const save = useSetScrutineeringItems(series.id);
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [title, setTitle] = useState('');
  const items: DraftItem[] = draft ?? series.scrutineeringItems;

  const add = () => {
    if (title.trim().length < 2) return;
    setDraft([...items, { title: title.trim() }]);
    setTitle('');
  };
  const onSave = async () => {
    try {
      await save.mutateAsync({ items });
      setDraft(null);
      toast.success('Checklist saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
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
              <Button variant="ghost" size="sm" aria-label={`Remove ${item.title}`} onClick={() => setDraft(items.filter((_, j) => j !== i))}>
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
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add}>
          Add Item
        </Button>
      </div>
      {draft && (
        <Button onClick={() => void onSave()} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Checklist'}
        </Button>
      )}
    </Card>
  );
}
