import { Link } from 'react-router-dom';
import { buttonClass } from '@pitwall/kit';

/** 'Setup Sheet': opens the race event's printable setup sheet (/car/{carId}/events/sheet?eventId=). */
export function SetupSheetLink({ carId, raceEventId }: { carId: number; raceEventId: number }) {
  return (
    <Link className={buttonClass('secondary')} to={`/car/${carId}/events/sheet?eventId=${raceEventId}`}>
      Setup Sheet
    </Link>
  );
}
