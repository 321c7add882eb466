import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { raceEventFormPath, raceEventPath, raceEventsPath, type RaceEventForm, type RaceEventTab } from './race-event-paths';

/** What a full-page form's history entry carries: the path it was opened from, where closing it returns. */
interface FormState {
  back?: string;
}

/**
 * Moves between the views of one race event. Opening a form pushes a history entry (Back closes
 * it); switching tabs and closing a form replace the current one; 'Back to All Events' pushes the list.
 */
export function useRaceEventNav(carId: number, raceEventId: number) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = (location.state as FormState | null)?.back;
  return {
    setTab: useCallback((tab: RaceEventTab) => navigate(raceEventPath(carId, raceEventId, tab), { replace: true }), [navigate, carId, raceEventId]),
    openForm: useCallback(
      (form: RaceEventForm) => navigate(raceEventFormPath(carId, raceEventId, form), { state: { back: location.pathname } satisfies FormState }),
      [navigate, carId, raceEventId, location.pathname],
    ),
    closeForm: useCallback(() => navigate(back ?? raceEventPath(carId, raceEventId), { replace: true }), [navigate, back, carId, raceEventId]),
    backToList: useCallback(() => navigate(raceEventsPath(carId)), [navigate, carId]),
  };
}
