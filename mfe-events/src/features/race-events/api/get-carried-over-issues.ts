import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Issue } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/**
 * GET /api/cars/{carId}/events/{eventId}/carried-over: unresolved issues, tools and parts of the car's
 * EARLIER race events (Pitwall's "carried over", beyond the spec).
 */
export function getCarriedOverIssues(carId: number, eventId: number, signal?: AbortSignal): Promise<Issue[]> {
  return apiFetch<Issue[]>(`/api/cars/${carId}/events/${eventId}/carried-over`, { signal });
}

/** Query options keyed ['cars', carId, 'events', eventId, 'carried-over']. */
export function getCarriedOverIssuesQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', eventId, 'carried-over'] as const,
    queryFn: ({ signal }) => getCarriedOverIssues(carId, eventId, signal),
  });
}

/** Issues carried over to this race event from earlier ones. */
export function useCarriedOverIssues(carId: number, eventId: number) {
  return useQuery(getCarriedOverIssuesQueryOptions(carId, eventId));
}
