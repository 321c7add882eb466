import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GearRatio } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/gear-ratios: the car's baseline rows (or a race event's with `eventId`), in order. */
export function getGearRatios(carId: number, eventId?: number, signal?: AbortSignal): Promise<GearRatio[]> {
  const query = eventId ? `?eventId=${eventId}` : '';
  return apiFetch<GearRatio[]>(`/api/cars/${carId}/gear-ratios${query}`, { signal });
}

/** Keys ['cars', carId, 'gear-ratios', eventId ?? 'baseline']. */
export function getGearRatiosQueryOptions(carId: number, eventId?: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'gear-ratios', eventId ?? 'baseline'] as const,
    queryFn: ({ signal }) => getGearRatios(carId, eventId, signal),
  });
}

/** The car's gear ratio rows. */
export function useGearRatios(carId: number, eventId?: number) {
  return useQuery(getGearRatiosQueryOptions(carId, eventId));
}
