import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Issue } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/issues: the car's issues, notes, parts and tool needs, newest first. */
export function getIssues(carId: number, signal?: AbortSignal): Promise<Issue[]> {
  return apiFetch<Issue[]>(`/api/cars/${carId}/issues`, { signal });
}

/** Keys ['cars', carId, 'issues']. */
export function getIssuesQueryOptions(carId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'issues'] as const,
    queryFn: ({ signal }) => getIssues(carId, signal),
  });
}

/** The car's issues and equipment needs; disabled for a non-numeric id. */
export function useIssues(carId: number) {
  return useQuery({ ...getIssuesQueryOptions(carId), enabled: Number.isInteger(carId) });
}
