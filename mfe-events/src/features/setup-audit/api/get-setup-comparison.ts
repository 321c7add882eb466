import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupComparison } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** What a race event is compared with: another race event's id, or the car's baseline. */
export type CompareTarget = number | 'baseline';

/**
 * GET /api/cars/{carId}/events/{eventId}/compare/{otherEventId|baseline}: both effective setups
 * (a race event's own section where it has one, else the baseline's) and every differing value.
 */
export function getSetupComparison(carId: number, eventId: number, other: CompareTarget, signal?: AbortSignal): Promise<SetupComparison> {
  return apiFetch<SetupComparison>(`/api/cars/${carId}/events/${eventId}/compare/${other}`, { signal });
}

/** Query options keyed ['cars', carId, 'events', eventId, 'compare', other]; refetched whenever shown. */
export function getSetupComparisonQueryOptions(carId: number, eventId: number, other: CompareTarget) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', eventId, 'compare', other] as const,
    queryFn: ({ signal }) => getSetupComparison(carId, eventId, other, signal),
    staleTime: 0,
  });
}

/** The comparison of the race event with `other`. */
export function useSetupComparison(carId: number, eventId: number, other: CompareTarget) {
  return useQuery(getSetupComparisonQueryOptions(carId, eventId, other));
}
