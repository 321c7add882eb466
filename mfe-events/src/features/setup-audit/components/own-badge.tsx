import { Badge } from '@pitwall/kit';
import styles from './setup-audit.module.css';

/**
 * Marks a value of a race event's effective setup that is the race event's OWN (changed for it);
 * unmarked values come from the car's baseline. The same words everywhere: the badge
 * 'Race event', the legend `OWN_LEGEND`.
 */
export function OwnBadge({ own }: { own: boolean | undefined }) {
  // The space keeps the value and the badge apart in text and accessible names ('-3.1° Race event').
  return own ? (
    <>
      {' '}
      <Badge tone="primary" title="Set for this race event" className={styles.ownMark}>
        Race event
      </Badge>
    </>
  ) : null;
}

/** The legend under an effective setup. */
export const OWN_LEGEND = "Marked 'Race event': set for this race event. Everything else comes from the car's baseline.";
