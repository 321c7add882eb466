import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events: the car's race events (the pickers of 'Compare with…' and 'As it was at…'). */
export function getCarRaceEvents(carId: number, signal?: AbortSignal): Promise<RaceEvent[]> {
  return apiFetch<RaceEvent[]>(`/api/cars/${carId}/events`, { signal });
}

/** Query options keyed ['cars', carId, 'events'] — the same key (and cache entry) as the race event list. */
export function getCarRaceEventsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events'] as const,
    queryFn: ({ signal }) => getCarRaceEvents(carId, signal),
  });
}

/** The car's race events. */
export function useCarRaceEvents(carId: number) {
  return useQuery(getCarRaceEventsQueryOptions(carId));
}
