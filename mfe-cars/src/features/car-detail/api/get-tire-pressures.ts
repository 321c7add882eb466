import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TirePressures } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/tire-pressures: `{ items, notes }` of the car's baseline (or a race event's). */
export function getTirePressures(carId: number, eventId?: number, signal?: AbortSignal): Promise<TirePressures> {
  const query = eventId ? `?eventId=${eventId}` : '';
  return apiFetch<TirePressures>(`/api/cars/${carId}/tire-pressures${query}`, { signal });
}

/** Keys ['cars', carId, 'tire-pressures', eventId ?? 'baseline']. */
export function getTirePressuresQueryOptions(carId: number, eventId?: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'tire-pressures', eventId ?? 'baseline'] as const,
    queryFn: ({ signal }) => getTirePressures(carId, eventId, signal),
  });
}

/** The car's tire pressure rows and shared note. */
export function useTirePressures(carId: number, eventId?: number) {
  return useQuery(getTirePressuresQueryOptions(carId, eventId));
}
