import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events: the car's race events (for the issue form's optional race event). */
export function getRaceEvents(carId: number, signal?: AbortSignal): Promise<RaceEvent[]> {
  return apiFetch<RaceEvent[]>(`/api/cars/${carId}/events`, { signal });
}

/** Keys ['cars', carId, 'events'] (the same key the events remote uses for this list). */
export function getRaceEventsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events'] as const,
    queryFn: ({ signal }) => getRaceEvents(carId, signal),
  });
}

/** The car's race events; disabled for a non-numeric id. */
export function useRaceEvents(carId: number) {
  return useQuery({ ...getRaceEventsQueryOptions(carId), enabled: Number.isInteger(carId) });
}
