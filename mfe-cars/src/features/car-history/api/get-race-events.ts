import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events: the car's race events (their names label history entries). */
export function getRaceEvents(carId: number, signal?: AbortSignal): Promise<RaceEvent[]> {
  return apiFetch<RaceEvent[]>(`/api/cars/${carId}/events`, { signal });
}

/** Keys ['cars', carId, 'events'] (the key the issues feature and the events remote use for this list, so one cache). */
export function getRaceEventsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events'] as const,
    queryFn: ({ signal }) => getRaceEvents(carId, signal),
  });
}

/** The car's race events. */
export function useRaceEvents(carId: number) {
  return useQuery(getRaceEventsQueryOptions(carId));
}
