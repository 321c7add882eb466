import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Issue } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/events/{eventId}/issues: the race event's issues, tools, parts and notes. */
export function getRaceEventIssues(carId: number, eventId: number, signal?: AbortSignal): Promise<Issue[]> {
  return apiFetch<Issue[]>(`/api/cars/${carId}/events/${eventId}/issues`, { signal });
}

/** Query options keyed ['cars', carId, 'events', eventId, 'issues']. */
export function getRaceEventIssuesQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', eventId, 'issues'] as const,
    queryFn: ({ signal }) => getRaceEventIssues(carId, eventId, signal),
  });
}

/** The race event's issues. */
export function useRaceEventIssues(carId: number, eventId: number) {
  return useQuery(getRaceEventIssuesQueryOptions(carId, eventId));
}
