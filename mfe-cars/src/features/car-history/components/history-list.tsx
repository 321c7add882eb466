import type { HistoryEntry } from '@pitwall/contracts';
import { Alert, Badge, Button, Skeleton, errorMessage, useCarHistory, type CarHistorySection, useRaceEvents } from '@pitwall/kit';
import { ROLE_LABELS, formatAt, formatChange, formatRelative } from '../lib/format-history';
import styles from './car-history.module.css';

/** Who made a change: the member's display name, else 'User {userId}', else 'Unknown member'. */
const actorName = (entry: HistoryEntry) => entry.actor.displayName ?? (entry.actor.userId !== null ? `User ${entry.actor.userId}` : 'Unknown member');

/** One change: who (colour dot, name, role), when (date-time and relative), its race event or 'Baseline', and the changes. */
function HistoryEntryItem({ entry, raceEventName }: { entry: HistoryEntry; raceEventName: string }) {
  const who = actorName(entry);
  return (
    <li className={styles.entry} aria-label={`Change by ${who}, ${formatAt(entry.at)}`}>
      <div className={styles.entryTop}>
        <span className={styles.who}>
          <span className={styles.dot} style={{ background: entry.actor.memberColor ?? '#6b7280' }} aria-hidden="true" />
          <span className={styles.name}>{who}</span>
          {entry.actor.role && <Badge>{ROLE_LABELS[entry.actor.role]}</Badge>}
        </span>
        <Badge tone={entry.eventId === null ? 'neutral' : 'primary'}>{raceEventName}</Badge>
      </div>
      <p className={styles.when}>
        <time dateTime={entry.at}>{formatAt(entry.at)}</time>
        <span aria-hidden="true"> · </span>
        <span>{formatRelative(entry.at)}</span>
      </p>
      {entry.changes.length > 0 ? (
        <ul className={styles.changes}>
          {entry.changes.map((change) => (
            <li key={change.field}>{formatChange(entry.section, change)}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Saved with no values changed.</p>
      )}
    </li>
  );
}

/**
 * Every change of one section of a car's record, newest first, 20 at a time with 'Load more'
 * (paged by position). Race events are named from the car's race event list; changes to the
 * car's own setup read 'Baseline'. Shared by every card's 'History' view.
 */
export function HistoryList({ carId, section }: { carId: number; section: CarHistorySection }) {
  const history = useCarHistory(carId, section);
  const raceEvents = useRaceEvents(carId);
  const entries = history.data?.pages.flat() ?? [];

  if (history.error) return <Alert title="The history could not be loaded.">{errorMessage(history.error)}</Alert>;
  if (history.isPending) {
    return (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading history">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="4.5rem" />
        ))}
      </div>
    );
  }
  if (entries.length === 0) return <p className={styles.empty}>No changes recorded yet.</p>;

  const raceEventName = (raceEventId: number | null) => {
    if (raceEventId === null) return 'Baseline';
    return raceEvents.data?.find((e) => e.id === raceEventId)?.name ?? (raceEvents.isPending ? 'Race event' : `Race event ${raceEventId}`);
  };

  return (
    <>
      <ol className={styles.list} aria-label="Changes, newest first">
        {entries.map((entry) => (
          <HistoryEntryItem key={entry.position} entry={entry} raceEventName={raceEventName(entry.eventId)} />
        ))}
      </ol>
      {history.hasNextPage && (
        <div className={styles.loadMore}>
          <Button variant="secondary" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
