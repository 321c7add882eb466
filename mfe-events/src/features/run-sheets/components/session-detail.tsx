import { useEffect, useState } from 'react';
import type { RunSession, TeamMember, TeamUnits } from '@pitwall/contracts';
import { Alert, Badge, Button, Card, ConfirmDialog, Skeleton, errorMessage, useDeleteSession, useSessionChanges, useSessionSetup, useToast } from '@pitwall/kit';
import { HistoryEntryItem, SetupTables } from '../../setup-audit';
import { conditionsText, FEEDBACK_TAG_LABELS, gapText, lapTimeText, SESSION_TYPE_LABELS, sessionStartText } from '../lib/run-sheet-format';
import { sectorsText } from './lap-import';
import { FeedbackForm } from './feedback-form';
import { LapChart } from './lap-chart';
import { LapTimesEditor } from './lap-times-editor';
import { PitStops } from './pit-stops';
import { SessionPressuresForm } from './session-pressures-form';
import { SessionTireSetField } from './tire-set-picker';
import styles from './run-sheets.module.css';

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
      <p className={styles.legend}>Changes of this race event's own setup and of the car's baseline, as the audit trail recorded them.</p>
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
 * One session's run sheet: details and conditions, best lap / average of the best three / timed
 * laps / theoretical best (the sum of the best sectors, with the best lap's gap to it), then what a
 * crew enters between two runs — lap times, tire pressures, driver feedback — then the lap chart,
 * the changes since the previous session and the setup as run. 'Delete Session' sits in the 'More'
 * menu (a destructive action is never the first button on a phone) and asks first.
 */
export function SessionDetail({ carId, session, units, members, trackLengthKm, onBack }: {
  carId: number;
  session: RunSession;
  units: TeamUnits;
  /** The team's members, to match a lap's driver named by a timing export. */
  members: readonly TeamMember[];
  /** The race event's track length (km), to flag imported laps too fast for it; null when unknown. */
  trackLengthKm: number | null;
  onBack: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSession(carId, session.eventId);
  const toast = useToast();
  const conditions = conditionsText(session, units);
  // A run sheet opens at its top (after Add Session the page would stay scrolled to the form's end).
  // Braces: the effect must return nothing (Chromium's scrollTo may answer a promise, not a cleanup).
  useEffect(() => {
    document.scrollingElement?.scrollTo?.(0, 0);
  }, [session.id]);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(session.id);
      toast.success(`Session ${session.name} deleted`);
      onBack();
    } catch (error) {
      toast.error(`Failed to delete session: ${errorMessage(error)}`);
    }
  };

  return (
    <div className={styles.stack}>
      <div className={styles.detailHeader}>
        <Button variant="secondary" onClick={onBack}>
          ← All Sessions
        </Button>
        <details className={styles.moreMenu}>
          <summary className={styles.moreButton}>
            More<span className="pw-visually-hidden"> actions for {session.name}</span>
          </summary>
          <div className={styles.morePanel}>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete Session
            </Button>
          </div>
        </details>
      </div>
      <div>
        <h2 className={styles.sessionTitle}>
          {session.name} <Badge tone="primary">{SESSION_TYPE_LABELS[session.type]}</Badge>
        </h2>
        <p className={styles.muted}>
          {sessionStartText(session.startedAt)} · {session.driverName ?? 'No driver named'}
          {conditions && ` · ${conditions}`}
        </p>
        <p className={styles.muted}>
          {[session.tireSet && `Tires: ${session.tireSet}`, session.fuelLitres !== null && `Fuel at start: ${session.fuelLitres} L`].filter(Boolean).join(' · ')}
        </p>
        <SessionTireSetField carId={carId} session={session} />
        {session.notes && <p className={styles.notes}>{session.notes}</p>}
        {session.feedbackTags.length > 0 && (
          <p className={styles.tagSummary}>
            {session.feedbackTags.map((t) => (
              <Badge key={t}>{FEEDBACK_TAG_LABELS[t]}</Badge>
            ))}
          </p>
        )}
      </div>
      <dl className={styles.statList}>
        <div>
          <dt>Best lap</dt>
          <dd className={styles.mono}>{lapTimeText(session.bestLapMs)}</dd>
        </div>
        <div>
          <dt>Average of best three</dt>
          <dd className={styles.mono}>{lapTimeText(session.averageBestThreeMs)}</dd>
        </div>
        <div>
          <dt>Timed laps</dt>
          <dd>{session.timedLapCount}</dd>
        </div>
        {session.theoreticalBestMs !== null && (
          <div>
            <dt>Theoretical best</dt>
            <dd className={styles.mono}>
              {lapTimeText(session.theoreticalBestMs)}
              {session.bestLapMs !== null && <span className={styles.statNote}>Best lap {gapText(session.bestLapMs - session.theoreticalBestMs)}</span>}
            </dd>
          </div>
        )}
        {session.bestSectorsMs.length > 0 && (
          <div className={styles.statWide}>
            <dt>Best sectors</dt>
            <dd className={styles.sectorLine}>{sectorsText(session.bestSectorsMs)}</dd>
          </div>
        )}
      </dl>
      <LapTimesEditor key={`laps-${session.id}`} carId={carId} session={session} members={members} trackLengthKm={trackLengthKm} />
      <PitStops key={`stints-${session.id}`} carId={carId} session={session} members={members} />
      <SessionPressuresForm key={`tires-${session.id}`} carId={carId} session={session} units={units} />
      <FeedbackForm key={`feedback-${session.id}`} carId={carId} session={session} />
      <LapChart laps={session.laps} bestSectorsMs={session.bestSectorsMs} />
      <ChangesSince carId={carId} session={session} />
      <SetupAsRun carId={carId} session={session} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${session.name}?`}
        description="The session, its lap times and tire pressures leave the race event; the car's history keeps the record."
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </div>
  );
}
