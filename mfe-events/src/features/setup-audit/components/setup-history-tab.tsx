import { CompareSetups } from './compare-setups';
import { SetupAsOf } from './setup-as-of';
import { SetupChanges } from './setup-changes';
import styles from './setup-audit.module.css';

/**
 * The race event's 'Setup History' tab: 'Setup changes' (who changed what, when),
 * 'Compare with…' another race event or the baseline, and 'As it was at…' a race event or a date.
 */
export function SetupHistoryTab({ carId, raceEventId }: { carId: number; raceEventId: number }) {
  return (
    <div className={styles.stack}>
      <SetupChanges carId={carId} raceEventId={raceEventId} />
      <CompareSetups carId={carId} raceEventId={raceEventId} />
      <SetupAsOf carId={carId} raceEventId={raceEventId} />
    </div>
  );
}
