import type { RunSession, TeamUnits } from '@pitwall/contracts';
import { Badge } from '@pitwall/kit';
import { conditionsText, lapTimeText, SESSION_TYPE_LABELS, sessionStartText } from '../lib/run-sheet-format';
import { TireSetName } from './tire-set-picker';
import styles from './run-sheets.module.css';

/**
 * A session's card: name, type, start, driver, conditions, the tire set it ran on, best lap and timed laps; the whole card
 * opens the run sheet ('Open FP1 …' to a screen reader: the visible text with 'Open' before it, so
 * the name and what is seen agree), and 'Next session' under it starts the session after this one.
 */
export function SessionCard({ session, units, onOpen, onNext }: { session: RunSession; units: TeamUnits; onOpen: () => void; onNext: () => void }) {
  const conditions = conditionsText(session, units);
  return (
    <div className={styles.sessionCardFrame}>
      <button type="button" className={styles.sessionCard} onClick={onOpen}>
        <span className={styles.sessionTop}>
          <span className={styles.sessionName}>
            <span className="pw-visually-hidden">Open </span>
            {session.name}
          </span>
          {' '}
          <Badge tone="primary">{SESSION_TYPE_LABELS[session.type]}</Badge>
        </span>{' '}
        <span className={styles.muted}>
          {sessionStartText(session.startedAt)} · {session.driverName ?? 'No driver named'}
        </span>
        {conditions && <span className={styles.muted}> {conditions}</span>}{' '}
        <TireSetName carId={session.carId} tireSetId={session.tireSetId} />{' '}
        <span className={styles.sessionStats}>
          <span>
            Best lap <strong className={styles.mono}>{lapTimeText(session.bestLapMs)}</strong>
          </span>{' '}
          <span>
            Timed laps <strong>{session.timedLapCount}</strong>
          </span>
        </span>
      </button>
      <button type="button" className={styles.nextSession} onClick={onNext}>
        Next session<span className="pw-visually-hidden"> after {session.name}</span>
      </button>
    </div>
  );
}
