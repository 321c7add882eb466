import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events: the car's race events, newest first. A missing car rejects with ApiError 404. */
export function getRaceEvents(carId: number, signal?: AbortSignal): Promise<RaceEvent[]> {
  return apiFetch<RaceEvent[]>(`/api/cars/${carId}/events`, { signal });
}

/** Query options keyed ['cars', carId, 'events'] (a prefix of every per-race-event key). */
export function getRaceEventsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events'] as const,
    queryFn: ({ signal }) => getRaceEvents(carId, signal),
  });
}

/** The car's race events; disabled when `carId` is not a whole number. */
export function useRaceEvents(carId: number) {
  return useQuery({ ...getRaceEventsQueryOptions(carId), enabled: Number.isInteger(carId) });
}
