import { useNavigate, useParams } from 'react-router-dom';
import { CarNotFound } from '@pitwall/kit';
import { AddRaceEventForm } from '../components/add-race-event-form';
import { parseId } from '../lib/parse-id';
import { raceEventPath, raceEventsPath } from '../lib/race-event-paths';

/** 'Add New Event' (/car/:id/events/new): Cancel returns to the list, a created race event opens in its place (both replace this entry). */
export function AddRaceEventRoute() {
  const carId = parseId(useParams().id);
  const navigate = useNavigate();
  if (Number.isNaN(carId)) return <CarNotFound />;
  return (
    <AddRaceEventForm
      carId={carId}
      onCancel={() => navigate(raceEventsPath(carId), { replace: true })}
      onCreated={(raceEvent) => navigate(raceEventPath(carId, raceEvent.id), { replace: true })}
    />
  );
}
