import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events/{eventId}: one race event (ApiError 404 when it is not this car's). */
export function getSheetRaceEvent(carId: number, eventId: number, signal?: AbortSignal): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events/${eventId}`, { signal });
}

/** Query options keyed ['cars', carId, 'events', eventId] — shared with the race event detail. */
export function getSheetRaceEventQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', eventId] as const,
    queryFn: ({ signal }) => getSheetRaceEvent(carId, eventId, signal),
  });
}

/** The race event the setup sheet is for. */
export function useSheetRaceEvent(carId: number, eventId: number) {
  return useQuery({ ...getSheetRaceEventQueryOptions(carId, eventId), enabled: Number.isInteger(eventId) });
}
