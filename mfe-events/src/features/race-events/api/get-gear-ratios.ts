import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GearRatio } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/gear-ratios?eventId=: the race event's EFFECTIVE gear ratio rows (the baseline's, overridden by its own: `own`). */
export function getRaceEventGearRatios(carId: number, eventId: number, signal?: AbortSignal): Promise<GearRatio[]> {
  return apiFetch<GearRatio[]>(`/api/cars/${carId}/gear-ratios?eventId=${eventId}`, { signal });
}

/** Query options keyed ['cars', carId, 'gear-ratios', eventId]. */
export function getRaceEventGearRatiosQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'gear-ratios', eventId] as const,
    queryFn: ({ signal }) => getRaceEventGearRatios(carId, eventId, signal),
  });
}

/** The race event's gear ratios. */
export function useRaceEventGearRatios(carId: number, eventId: number) {
  return useQuery(getRaceEventGearRatiosQueryOptions(carId, eventId));
}
