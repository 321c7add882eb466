import type { Session, TeamUnits } from '@pitwall/contracts';
import { Badge } from '@pitwall/kit';
import { conditionsText, lapTimeText, SESSION_TYPE_LABELS, sessionStartText } from '../lib/run-sheet-format';
import { TireSetName } from './tire-set-picker';
import styles from './run-sheets.module.css';

/** A session's card: name, type, start, driver, conditions, the tire set it ran on, best lap and timed laps; the whole card opens the run sheet. */
export function SessionCard({ session, units, onOpen }: { session: Session; units: TeamUnits; onOpen: () => void }) {
  const conditions = conditionsText(session, units);
  return (
    <button type="button" className={styles.sessionCard} onClick={onOpen} aria-label={`Open ${session.name}`}>
      <span className={styles.sessionTop}>
        <span className={styles.sessionName}>{session.name}</span>
        <Badge tone="primary">{SESSION_TYPE_LABELS[session.type]}</Badge>
      </span>
      <span className={styles.muted}>
        {sessionStartText(session.startedAt)} · {session.driverName ?? 'No driver named'}
      </span>
      {conditions && <span className={styles.muted}>{conditions}</span>}
      <TireSetName carId={session.carId} tireSetId={session.tireSetId} />
      <span className={styles.sessionStats}>
        <span>
          Best lap <strong className={styles.mono}>{lapTimeText(session.bestLapMs)}</strong>
        </span>
        <span>
          Timed laps <strong>{session.timedLapCount}</strong>
        </span>
      </span>
    </button>
  );
}
