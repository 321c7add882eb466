import { useEffect } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, ApiError, CarNotFound, Skeleton, errorMessage, useSelectedCar, useRaceEvents } from '@pitwall/kit';
import { RaceEventList } from '../components/race-event-list';
import { addRaceEventPath, legacyEventsTarget, raceEventPath } from '../lib/race-event-paths';
import { parseId } from '../lib/parse-id';
import styles from '../components/race-events.module.css';

/**
 * Events list (/car/:id/events, docs/product.md, 'Race events'): 'Race Events', 'Add New Event' and a card per race event. A link
 * in the query-string form (`?eventId=…&tab=…&session=…&form=…`) is redirected to the view's own
 * path. Visiting makes the car the selected car.
 */
export function RaceEventsRoute() {
  const carId = parseId(useParams().id);
  const [search] = useSearchParams();
  if (Number.isNaN(carId)) return <CarNotFound />;
  const target = legacyEventsTarget(carId, search);
  return target === null ? <RaceEventsList carId={carId} /> : <Navigate to={target} replace />;
}

/** The list itself: its loading, error and 'Car not found' states. */
function RaceEventsList({ carId }: { carId: number }) {
  const navigate = useNavigate();
  const raceEvents = useRaceEvents(carId);
  const { selectCar } = useSelectedCar();

  useEffect(() => {
    if (raceEvents.isSuccess) selectCar(carId);
  }, [raceEvents.isSuccess, carId, selectCar]);

  if (raceEvents.error instanceof ApiError && raceEvents.error.status === 404) return <CarNotFound />;
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
  return <RaceEventList raceEvents={raceEvents.data} onAdd={() => navigate(addRaceEventPath(carId))} onOpen={(id) => navigate(raceEventPath(carId, id))} />;
}
