import { Button } from '@pitwall/kit';
import styles from './race-events.module.css';

/** The previous race event of the car (by date) and its effective values of one setup section, once loaded. */
export interface PreviousSetup<T> {
  name: string;
  /** undefined while loading. */
  values: T | undefined;
}

/**
 * 'Start from <previous race event>': an alternative source of a technical settings
 * form's initial values. The button refills the form with the previous race event's effective
 * values; nothing is saved until 'Save Changes'. Renders nothing when there is no previous race event.
 */
export function StartFromPrevious<T>({ previous, onStart }: { previous: PreviousSetup<T> | undefined; onStart: (values: T) => void }) {
  if (!previous) return null;
  const { values } = previous;
  return (
    <div className={styles.startFrom}>
      <Button variant="secondary" size="sm" disabled={values === undefined} onClick={() => values !== undefined && onStart(values)}>
        Start from {previous.name}
      </Button>
      <span className={styles.muted}>The form opens with this race event's values (the car's baseline where it changed nothing).</span>
    </div>
  );
}
