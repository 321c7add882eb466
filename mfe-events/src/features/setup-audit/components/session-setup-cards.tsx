import type { RunSession } from '@pitwall/contracts';
import { Alert, Card, Skeleton, errorMessage, useSessionChanges, useSessionSetup } from '@pitwall/kit';
import { HistoryEntryItem } from './setup-changes';
import { SetupTables } from './setup-tables';
import styles from './setup-audit.module.css';

/** 'Changes since <previous session>': the setup changes recorded between the previous session and this one, with who made them. */
function ChangesSince({ carId, session }: { carId: number; session: RunSession }) {
  const changes = useSessionChanges(carId, session.eventId, session.id);
  if (changes.error) return <Alert title="The changes could not be loaded.">{errorMessage(changes.error)}</Alert>;
  if (changes.isPending) return <Skeleton height="5rem" />;
  const { previous, entries } = changes.data;
  if (!previous) {
    return (
      <Card title="Changes since the previous session" headingLevel={3}>
        <p className={styles.muted}>This is the first session of the race event.</p>
      </Card>
    );
  }
  return (
    <Card title={`Changes since ${previous.name}`} headingLevel={3}>
      {entries.length === 0 ? (
        <p className={styles.muted}>No setup changes between {previous.name} and {session.name}.</p>
      ) : (
        <ol className={styles.timeline} aria-label={`Setup changes since ${previous.name}, oldest first`}>
          {entries.map((entry) => (
            <HistoryEntryItem key={entry.position} entry={entry} />
          ))}
        </ol>
      )}
      <p className={styles.changesLegend}>Changes of this race event's own setup and of the car's baseline, as the audit trail recorded them.</p>
    </Card>
  );
}

/** 'Setup as Run': the race event's setup at the position the session pinned when it was added. */
function SetupAsRun({ carId, session }: { carId: number; session: RunSession }) {
  const setup = useSessionSetup(carId, session.eventId, session.id);
  return (
    <Card title="Setup as Run" headingLevel={3}>
      {setup.error ? (
        <Alert title="The setup could not be loaded.">{errorMessage(setup.error)}</Alert>
      ) : setup.isPending ? (
        <Skeleton height="8rem" />
      ) : (
        <SetupTables setup={setup.data.raceEvent!.setup} emptyText="Not set when the session was added." markOwn />
      )}
    </Card>
  );
}

/**
 * The end of a session's run sheet: the setup changes since the previous session and the setup as
 * run (the session's pin in the audit trail).
 */
export function SessionSetupCards({ carId, session }: { carId: number; session: RunSession }) {
  return (
    <>
      <ChangesSince carId={carId} session={session} />
      <SetupAsRun carId={carId} session={session} />
    </>
  );
}
