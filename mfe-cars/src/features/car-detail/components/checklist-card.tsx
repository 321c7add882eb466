import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import type { ChecklistItem } from '@pitwall/contracts';
import { Alert, Badge, Button, Card, Skeleton, errorMessage, useToast, useChecklist, useToggleChecklistItem, useDeleteChecklistItem, getChecklistQueryOptions, restoreChecklistItem } from '@pitwall/kit';
import { HistoryButton } from '../../car-history';
import { AddChecklistItemForm, FormSuspense } from './lazy-forms';
import styles from './car-record.module.css';
import checklistStyles from './checklist.module.css';

const PRIORITY_TONE = { high: 'danger', medium: 'warning', low: 'neutral' } as const;

/**
 * One checklist item; a ticked one says who ticked it and when ('Ticked by Ana at 14:35', local
 * time), as the server recorded it. The whole row (a label around the checkbox, at least 44 px high) toggles
 * completion; Delete removes at once and offers 'Undo' in the 'Item removed' toast for as long as
 * it is shown (TOAST_DURATION_MS).
 */
function ChecklistRow({ carId, item }: { carId: number; item: ChecklistItem }) {
  const toggle = useToggleChecklistItem(carId);
  const remove = useDeleteChecklistItem(carId);
  const toast = useToast();
  const queryClient = useQueryClient();
  const descriptionId = `checklist-${item.id}-description`;
  // Set in the click itself, so the box answers in the same frame (the cache update of the mutation comes a tick later).
  const [pendingCompletion, setPendingCompletion] = useState<boolean | null>(null);
  const isCompleted = pendingCompletion ?? item.isCompleted;

  const onToggle = async () => {
    setPendingCompletion(!item.isCompleted);
    try {
      await toggle.mutateAsync(item);
    } catch (error) {
      toast.error(`Failed to update checklist item: ${errorMessage(error)}`);
    } finally {
      setPendingCompletion(null);
    }
  };
  const onDelete = async () => {
    // Undo brings back the item as the user saw it: a tick still on its way to the server included.
    const shown = { ...item, isCompleted };
    try {
      await remove.mutateAsync(item.id);
      // The row is gone by the time Undo is clicked: the undo uses nothing of this component.
      toast.toast({ description: 'Item removed', action: { label: 'Undo', onClick: () => void undoDelete(shown) } });
    } catch (error) {
      toast.error(`Failed to delete checklist item: ${errorMessage(error)}`);
    }
  };
  const undoDelete = async (removed: ChecklistItem) => {
    try {
      await restoreChecklistItem(carId, removed);
    } catch (error) {
      toast.error(`Failed to restore checklist item: ${errorMessage(error)}`);
    }
    await queryClient.invalidateQueries({ queryKey: getChecklistQueryOptions(carId).queryKey });
  };

  return (
    <li className={checklistStyles.checkItem} data-completed={isCompleted ? '' : undefined}>
      <label className={checklistStyles.checkToggle}>
        <input
          type="checkbox"
          className={checklistStyles.checkBox}
          checked={isCompleted}
          disabled={toggle.isPending}
          onChange={() => void onToggle()}
          aria-label={item.title}
          aria-describedby={item.description ? descriptionId : undefined}
        />
        <span className={checklistStyles.checkBody}>
          <span className={checklistStyles.checkTitleRow}>
            <span className={checklistStyles.checkTitle}>{item.title}</span>
            <Badge tone={PRIORITY_TONE[item.priority]}>{item.priority}</Badge>
          </span>
          {item.description && (
            <span id={descriptionId} className={checklistStyles.checkDescription}>
              {item.description}
            </span>
          )}
          {isCompleted && item.completedBy !== null && item.completedAt !== null && (
            <span className={checklistStyles.checkTicked}>
              Ticked by {item.completedBy} at <time dateTime={item.completedAt}>{format(new Date(item.completedAt), 'HH:mm')}</time>
            </span>
          )}
        </span>
      </label>
      <Button variant="ghost" size="sm" aria-label={`Delete ${item.title}`} disabled={remove.isPending} onClick={() => void onDelete()}>
        Delete
      </Button>
    </li>
  );
}

/**
 * 'Car Checklist' card: items to tick off (completed ones dimmed and struck through), add and
 * delete; 'History' lists every item added, ticked, reopened or removed with who did it and when
 * (a crew relies on who torqued the wheel nuts).
 */
export function ChecklistCard({ carId }: { carId: number }) {
  const [adding, setAdding] = useState(false);
  const { data: items, isPending, error } = useChecklist(carId);

  let content;
  if (isPending) {
    content = (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading checklist">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="2.5rem" />
        ))}
      </div>
    );
  } else if (error) {
    content = <Alert title="The checklist could not be loaded.">{errorMessage(error)}</Alert>;
  } else if (items.length === 0) {
    content = <p className={styles.empty}>No checklist items yet. Add the jobs to do before the next session.</p>;
  } else {
    const done = items.filter((i) => i.isCompleted).length;
    content = (
      <>
        <p className={styles.hint} style={{ marginTop: 0, marginBottom: '0.5rem' }}>{`${done} of ${items.length} done`}</p>
        <ul className={checklistStyles.checklist}>
          {items.map((item) => (
            <ChecklistRow key={item.id} carId={carId} item={item} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card
      title="Car Checklist"
      actions={
        <>
          <HistoryButton carId={carId} section="checklist" title="Car Checklist" />
          {!adding && (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              Add Item
            </Button>
          )}
        </>
      }
    >
      {content}
      {adding && (
        <FormSuspense>
          <AddChecklistItemForm carId={carId} onDone={() => setAdding(false)} />
        </FormSuspense>
      )}
    </Card>
  );
}
