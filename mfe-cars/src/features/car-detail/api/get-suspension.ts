import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suspension } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/suspension: the car's baseline suspension & alignment, or null when none is recorded. */
export function getSuspension(carId: number, eventId?: number, signal?: AbortSignal): Promise<Suspension | null> {
  const query = eventId ? `?eventId=${eventId}` : '';
  return apiFetch<Suspension | null>(`/api/cars/${carId}/suspension${query}`, { signal }).then((s) => s ?? null);
}

/** Keys ['cars', carId, 'suspension', eventId ?? 'baseline']. */
export function getSuspensionQueryOptions(carId: number, eventId?: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'suspension', eventId ?? 'baseline'] as const,
    queryFn: ({ signal }) => getSuspension(carId, eventId, signal),
  });
}

/** The car's suspension (null when none). */
export function useSuspension(carId: number, eventId?: number) {
  return useQuery(getSuspensionQueryOptions(carId, eventId));
}
