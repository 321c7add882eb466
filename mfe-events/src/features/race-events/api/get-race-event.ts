import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events/{eventId}: one race event (ApiError 404 when it is not this car's). */
export function getRaceEvent(carId: number, eventId: number, signal?: AbortSignal): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events/${eventId}`, { signal });
}

/** Query options keyed ['cars', carId, 'events', eventId]. */
export function getRaceEventQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', eventId] as const,
    queryFn: ({ signal }) => getRaceEvent(carId, eventId, signal),
  });
}

/** One race event. */
export function useRaceEvent(carId: number, eventId: number) {
  return useQuery(getRaceEventQueryOptions(carId, eventId));
}
