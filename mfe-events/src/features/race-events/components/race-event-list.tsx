import type { RaceEvent } from '@pitwall/contracts';
import { Button } from '@pitwall/kit';
import { formatRaceEventDays } from '../lib/race-event-format';
import { WeatherBadge } from './weather-badge';
import styles from './race-events.module.css';

export interface RaceEventListProps {
  raceEvents: readonly RaceEvent[];
  onAdd: () => void;
  onOpen: (raceEventId: number) => void;
}

/** List mode (docs/product.md, 'Race events'): 'Race Events', 'Add New Event', one card per race event, or the empty state. */
export function RaceEventList({ raceEvents, onAdd, onOpen }: RaceEventListProps) {
  return (
    <div className={styles.page}>
      <div className={styles.pageHeader}>
        <h1 className={styles.title}>Race Events</h1>
        <Button onClick={onAdd}>Add New Event</Button>
      </div>
      {raceEvents.length === 0 ? (
        <div className={styles.empty}>
          <h2>No events created yet</h2>
          <p className={styles.muted}>Plan a race weekend: its setup, issues to fix and images live with the event.</p>
          <Button onClick={onAdd}>Add First Event</Button>
        </div>
      ) : (
        <ul className={styles.grid} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Race events">
          {raceEvents.map((raceEvent) => (
            <li key={raceEvent.id}>
              <button type="button" className={styles.eventCard} onClick={() => onOpen(raceEvent.id)}>
                <WeatherBadge weather={raceEvent.weather} />
                <span className={styles.eventName}>{raceEvent.name}</span>
                <span className={styles.eventMeta}>
                  <span>{raceEvent.location}</span>
                  <span className={styles.eventDate}>{formatRaceEventDays(raceEvent.date, raceEvent.endsOn)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
