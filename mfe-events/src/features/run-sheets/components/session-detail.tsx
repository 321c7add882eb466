import { lazy, useEffect, useState } from 'react';
import type { RaceEvent, RunSession, TeamMember, TeamUnits } from '@pitwall/contracts';
import { Badge, Button, ConfirmDialog, OnceShown, Skeleton, errorMessage, useDeleteSession, useToast } from '@pitwall/kit';
import { conditionsText, FEEDBACK_TAG_LABELS, gapText, lapTimeText, SESSION_TYPE_LABELS, sectorsText, sessionStartText } from '../lib/run-sheet-format';
import { SessionSetupCards } from '../../setup-audit';
import { ChangeEffectsCard } from './change-effects-card';
import { downloadLapSheet } from '../lib/lap-sheet-download';
import { SessionTireSetField } from './tire-set-picker';
import styles from './run-sheets.module.css';

/**
 * What a crew enters between two runs (lap times, pit stops, tire pressures, feedback) and the lap
 * chart: its own chunk, which the page starts with a run sheet's URL (its screen in src/screens.ts), so
 * the Sessions tab and the Overview do without it. Shown once the session's figures above it are
 * painted: its forms consume the shared zod and react-hook-form, whose files would otherwise be
 * asked for in the render that shows the best lap.
 */
const RunSheetEntries = lazy(() => import(/* webpackChunkName: 'run-sheet' */ './run-sheet-entries').then((m) => ({ default: m.RunSheetEntries })));
/**
 * A race's 'Race now' panel: in the same chunk as the entries (it reads their driving-time format),
 * so it too is shown once the figures below it are painted (see RunSheetEntries).
 */
const RaceNowCard = lazy(() => import(/* webpackChunkName: 'run-sheet' */ './race-now-card').then((m) => ({ default: m.RaceNowCard })));

/**
 * One session's run sheet: details and conditions, for a race 'Race now' (RaceNowCard: the pit wall's
 * lap, stint, fuel and stop window by the clock), best lap / average of the best three / timed
 * laps / theoretical best (the sum of the best sectors, with the best lap's gap to it), then what a
 * crew enters between two runs — lap times, tire pressures, tire temperatures, driver feedback —
 * then the lap chart, what the changes since the previous session did, the changes themselves and
 * the setup as run.
 * 'Download Laps (CSV)' (one row per lap for a spreadsheet) and 'Delete Session' sit in the 'More'
 * menu (a destructive action is never the first button on a phone); deleting asks first.
 */
export function SessionDetail({ carId, session, raceEvent, units, members, trackLengthKm, onBack }: {
  carId: number;
  session: RunSession;
  /** The session's race event (its name and location: the track of the tire temperatures' trend). */
  raceEvent: Pick<RaceEvent, 'name' | 'location'>;
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
            {session.laps.length > 0 && (
              <Button variant="secondary" onClick={() => downloadLapSheet(session, members)}>
                Download Laps (CSV)
              </Button>
            )}
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
      {session.type === 'race' && (
        <OnceShown fallback={<Skeleton height="12rem" />}>
          <RaceNowCard key={`race-now-${session.id}`} carId={carId} session={session} members={members} />
        </OnceShown>
      )}
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
      <OnceShown fallback={<Skeleton height="12rem" />}>
        <RunSheetEntries carId={carId} session={session} raceEvent={raceEvent} units={units} members={members} trackLengthKm={trackLengthKm} />
      </OnceShown>
      <OnceShown fallback={<Skeleton height="8rem" />}>
        <ChangeEffectsCard carId={carId} raceEventId={session.eventId} units={units} sessionId={session.id} />
      </OnceShown>
      <OnceShown fallback={<Skeleton height="8rem" />}>
        <SessionSetupCards carId={carId} session={session} />
      </OnceShown>
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
