import { useEffect } from 'react';
import { Alert, ApiError, CarNotFound, Skeleton, errorMessage, useSelectedCar, useRaceEvents } from '@pitwall/kit';
import { AddRaceEventForm } from '../components/add-race-event-form';
import { RaceEventDetail } from '../components/race-event-detail';
import { RaceEventList } from '../components/race-event-list';
import { useRaceEventsView } from '../lib/use-race-events-view';
import styles from '../components/race-events.module.css';

/**
 * Events (/car/:id/events, docs/product.md, 'Race events'): list mode, or detail mode when `?eventId=` names a race event;
 * `?form=` shows a full-page form instead. Visiting makes the car the selected car.
 */
export function RaceEventsRoute() {
  const view = useRaceEventsView();
  const { carId, eventId, form } = view;
  const raceEvents = useRaceEvents(carId);
  const { selectCar } = useSelectedCar();

  useEffect(() => {
    if (raceEvents.isSuccess) selectCar(carId);
  }, [raceEvents.isSuccess, carId, selectCar]);

  if (Number.isNaN(carId)) return <CarNotFound />;
  if (raceEvents.error instanceof ApiError && raceEvents.error.status === 404) return <CarNotFound />;

  if (form === 'add-event') {
    return <AddRaceEventForm carId={carId} onCancel={view.closeForm} onCreated={(raceEvent) => view.showEventAfterCreate(raceEvent.id)} />;
  }
  if (eventId !== null && !Number.isNaN(eventId)) return <RaceEventDetail key={eventId} carId={carId} eventId={eventId} view={view} />;

  if (raceEvents.error) return <Alert title="Race events could not be loaded.">{errorMessage(raceEvents.error)}</Alert>;
  if (raceEvents.isPending) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label="Loading race events">
        <Skeleton height="2.5rem" width="40%" />
        <div className={styles.grid}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="7rem" />
          ))}
        </div>
      </div>
    );
  }
  return <RaceEventList raceEvents={raceEvents.data} onAdd={() => view.openForm('add-event')} onOpen={view.openEvent} />;
}
