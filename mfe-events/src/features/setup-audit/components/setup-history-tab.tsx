import { CompareSetups } from './compare-setups';
import { SetupAsOf } from './setup-as-of';
import { SetupChanges } from './setup-changes';
import styles from './setup-audit.module.css';

/**
 * The race event's 'Setup History' tab: 'Setup changes' (who changed what, when),
 * 'Compare with…' another race event or the baseline, and 'As it was at…' a race event or a date.
 */
export function SetupHistoryTab({ carId, eventId }: { carId: number; eventId: number }) {
  return (
    <div className={styles.stack}>
      <SetupChanges carId={carId} eventId={eventId} />
      <CompareSetups carId={carId} eventId={eventId} />
      <SetupAsOf carId={carId} eventId={eventId} />
    </div>
  );
}
