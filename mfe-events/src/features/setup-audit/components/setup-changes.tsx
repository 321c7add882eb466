import { useEffect } from 'react';
import { useInView } from 'react-intersection-observer';
import type { HistoryEntry, HistorySection } from '@pitwall/contracts';
import { Alert, Badge, Button, Card, Skeleton, errorMessage, useRaceEventHistory } from '@pitwall/kit';
import { ROLE_LABELS, SECTION_LABELS, SETUP_SECTIONS, formatAt, formatChange, formatRelative } from '../lib/audit-format';
import styles from './setup-audit.module.css';

/** One change: who (name, role, member colour dot), when (date-time and relative), section, field by field. */
export function HistoryEntryItem({ entry, now }: { entry: HistoryEntry; now?: Date }) {
  const who = entry.actor.displayName ?? 'Unknown member';
  const section = SECTION_LABELS[entry.section];
  return (
    <li className={styles.entry} aria-label={`${section} changed by ${who}`}>
      <div className={styles.entryTop}>
        <span className={styles.who}>
          <span className={styles.memberDot} style={{ background: entry.actor.memberColor ?? 'var(--muted)' }} aria-hidden="true" />
          <span className={styles.whoName}>{who}</span>
          {entry.actor.role && <Badge>{ROLE_LABELS[entry.actor.role]}</Badge>}
        </span>
        <Badge tone="primary">{section}</Badge>
      </div>
      <p className={styles.when}>
        <time dateTime={entry.at}>{formatAt(entry.at)}</time> · <span>{formatRelative(entry.at, now)}</span>
      </p>
      {entry.changes.length ? (
        <ul className={styles.changes}>
          {entry.changes.map((change) => (
            <li key={change.field}>{formatChange(entry.section, change)}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.mutedSmall}>Saved with no values changed.</p>
      )}
    </li>
  );
}

/**
 * A race event's changes of some sections of the record, newest first, 20 at a time with 'Load
 * more' (paged by position); a fetched page holding none of `sections` loads the next one at once.
 * The first page loads once the card comes into view (at once where the browser cannot tell), so a
 * screen that shows it below its own content does not wait for a history it has not scrolled to.
 * Default: 'Setup changes' — its own setup changes (gear ratios, suspension, tire pressures); issue
 * changes are left to the Issues tab. The Sessions tab shows its run sheet changes with it.
 */
export function SetupChanges({
  carId,
  raceEventId,
  sections = SETUP_SECTIONS,
  title = 'Setup changes',
  emptyText = 'No setup changes for this race event yet. Changes to its gear ratios, suspension and tire pressures will show here, with who made them.',
}: {
  carId: number;
  raceEventId: number;
  sections?: readonly HistorySection[];
  title?: string;
  emptyText?: string;
}) {
  const { ref, inView } = useInView({ triggerOnce: true, fallbackInView: true });
  const history = useRaceEventHistory(carId, raceEventId, inView);
  const entries = (history.data?.pages.flat() ?? []).filter((e) => sections.includes(e.section));
  const lastPage = history.data?.pages.at(-1);
  const lastPageHasSetup = lastPage?.some((e) => sections.includes(e.section)) ?? true;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    if (!lastPageHasSetup && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastPageHasSetup, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Card title={title}>
      <div ref={ref}>
        {history.error ? (
          <Alert title={`${title} could not be loaded.`}>{errorMessage(history.error)}</Alert>
        ) : history.isPending ? (
          <div role="status" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`} className={styles.stack}>
            <Skeleton height="4.5rem" />
            <Skeleton height="4.5rem" />
          </div>
        ) : entries.length === 0 && !hasNextPage ? (
          <p className={styles.muted}>{emptyText}</p>
        ) : (
          <>
            <ol className={styles.timeline} aria-label={`${title}, newest first`}>
              {entries.map((entry) => (
                <HistoryEntryItem key={entry.position} entry={entry} />
              ))}
            </ol>
            {hasNextPage && (
              <div className={styles.loadMore}>
                <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
