import { useEffect } from 'react';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import type { RaceEvent } from '@pitwall/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, ApiError, Button, CarNotFound, Skeleton, errorMessage, getRaceEventQueryOptions, useRaceEventView, useSelectedCar } from '@pitwall/kit';
import { parseId } from '../lib/parse-id';
import { raceEventsPath } from '../lib/race-event-paths';
import styles from '../components/race-events.module.css';

/** What a race event's views (its tabs and full-page forms) get from the route above them. */
export interface RaceEventOutlet {
  carId: number;
  raceEvent: RaceEvent;
}

/** The car and the race event of the route above (inside /car/:id/events/:raceEventId only). */
export function useRaceEventOutlet(): RaceEventOutlet {
  return useOutletContext<RaceEventOutlet>();
}

/** '← Back to All Events': pushes the car's race events list. */
export function BackToAllEvents({ carId }: { carId: number }) {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={() => navigate(raceEventsPath(carId))}>
      ← Back to All Events
    </Button>
  );
}

/**
 * A race event (/car/:id/events/:raceEventId/…): loads it, shows 'Race event not found' for an id
 * that is not this car's race event (and 'Car not found' for a car the user cannot see), then the
 * view its path names (the detail tabs or a full-page form). Visiting makes the car the selected car.
 * The data of the tabs around comes in one request, the race event's view, which fills the queries
 * they read; the race event itself is read from its own query (which a save updates) once it is in.
 */
export function RaceEventRoute() {
  const params = useParams();
  const carId = parseId(params.id);
  const raceEventId = parseId(params.raceEventId);
  const view = useRaceEventView(carId, raceEventId);
  // Once the view has answered, its failed refresh leaves the screen as it was (the race event's own query says).
  const viewed = view.data !== undefined;
  const raceEvent = useQuery({ ...getRaceEventQueryOptions(carId, raceEventId), enabled: viewed });
  const error = viewed ? raceEvent.error : view.error;
  const { selectCar } = useSelectedCar();

  useEffect(() => {
    if (raceEvent.isSuccess) selectCar(carId);
  }, [raceEvent.isSuccess, carId, selectCar]);

  const notFound = error instanceof ApiError && error.status === 404 ? error : null;
  if (Number.isNaN(carId) || notFound?.serverMessage === 'Car not found') return <CarNotFound />;
  if (Number.isNaN(raceEventId) || notFound) {
    return (
      <div className={styles.empty}>
        <h1>Race event not found</h1>
        <p className={styles.muted}>This race event does not exist for this car.</p>
        <BackToAllEvents carId={carId} />
      </div>
    );
  }
  if (error) {
    return <Alert title="The race event could not be loaded." action={<BackToAllEvents carId={carId} />}>{errorMessage(error)}</Alert>;
  }
  if (!viewed || raceEvent.data === undefined) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label="Loading race event">
        <Skeleton height="2.5rem" width="60%" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  return <Outlet context={{ carId, raceEvent: raceEvent.data } satisfies RaceEventOutlet} />;
}
