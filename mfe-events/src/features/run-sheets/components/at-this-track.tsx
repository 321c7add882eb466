import { Suspense, useState } from 'react';
import type { RaceEvent, TeamUnits, TrackRunSession } from '@pitwall/contracts';
import { Alert, Button, Card, SelectField, Skeleton, errorMessage, useSessionComparison, useTrackSessions, type SessionPair } from '@pitwall/kit';
import { ComparisonTable } from '../../setup-audit';
import { dateAndTimeText } from '../../race-events';
import { conditionsText, lapTimeText } from '../lib/run-sheet-format';
import styles from './run-sheets.module.css';

/** 'FP1 · Spring Sprint Round 1 · 21 Mar 2026, 09:10': unique among a car's sessions (start time in the viewer's time zone). */
const sessionLabel = (s: TrackRunSession) => `${s.name} · ${s.eventName} · ${dateAndTimeText(new Date(s.startedAt))}`;

/** 'Compare setups': two sessions at this track, their setups as run side by side with the differences marked. */
function CompareSessions({ carId, sessions }: { carId: number; sessions: readonly TrackRunSession[] }) {
  const [left, setLeft] = useState(String(sessions[0]!.id));
  const [right, setRight] = useState(String(sessions[1]!.id));
  const [pair, setPair] = useState<SessionPair | null>(null);
  const comparison = useSessionComparison(carId, pair);
  const options = sessions.map((s) => ({ value: String(s.id), label: sessionLabel(s) }));
  const compare = () => {
    const leftSession = sessions.find((s) => String(s.id) === left)!;
    setPair({ raceEventId: leftSession.eventId, left: leftSession.id, right: Number(right) });
  };
  return (
    <div className={styles.stack}>
      <div className={styles.formGrid}>
        <SelectField label="First session" options={options} value={left} onChange={(e) => setLeft(e.target.value)} />
        <SelectField label="Second session" options={options} value={right} onChange={(e) => setRight(e.target.value)} />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={compare}>
          Compare Setups
        </Button>
      </div>
      {pair &&
        (comparison.error ? (
          <Alert title="The setups could not be compared.">{errorMessage(comparison.error)}</Alert>
        ) : comparison.isPending ? (
          <Skeleton height="10rem" />
        ) : (
          <Suspense fallback={<Skeleton height="10rem" />}>
            <ComparisonTable comparison={comparison.data} />
          </Suspense>
        ))}
    </div>
  );
}

/**
 * 'At this track': every session this car ran at race events with this race event's location,
 * across seasons, ranked by best lap (sessions without a timed lap last), with driver and
 * conditions; 'Compare Setups' puts two of them side by side.
 */
export function AtThisTrack({ carId, raceEvent, units }: { carId: number; raceEvent: RaceEvent; units: TeamUnits }) {
  const ranking = useTrackSessions(carId, raceEvent.location);
  return (
    <Card title="At this track" headingLevel={3}>
      <p className={styles.muted}>Every session of this car at {raceEvent.location}, fastest first.</p>
      {ranking.error ? (
        <Alert title="The sessions at this track could not be loaded.">{errorMessage(ranking.error)}</Alert>
      ) : ranking.isPending ? (
        <Skeleton height="6rem" />
      ) : ranking.data.length === 0 ? (
        <p className={styles.muted}>No sessions here yet.</p>
      ) : (
        <div className={styles.stack}>
          <ol className={styles.ranking} aria-label={`Sessions at ${raceEvent.location}, best lap first`}>
            {ranking.data.map((s) => (
              <li key={s.id} className={styles.rankRow}>
                <span className={styles.rankTime}>{lapTimeText(s.bestLapMs)}</span>
                <span className={styles.rankWhat}>
                  <strong>{sessionLabel(s)}</strong>
                  <span className={styles.muted}>{[s.driverName ?? 'No driver named', conditionsText(s, units)].filter(Boolean).join(' · ')}</span>
                </span>
              </li>
            ))}
          </ol>
          {ranking.data.length >= 2 && <CompareSessions carId={carId} sessions={ranking.data} />}
        </div>
      )}
    </Card>
  );
}
