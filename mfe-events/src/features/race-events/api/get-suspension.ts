import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suspension } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/suspension?eventId=: the race event's EFFECTIVE suspension & alignment (`ownFields`: its own), or null when neither it nor the baseline has one. */
export function getRaceEventSuspension(carId: number, eventId: number, signal?: AbortSignal): Promise<Suspension | null> {
  return apiFetch<Suspension | null>(`/api/cars/${carId}/suspension?eventId=${eventId}`, { signal });
}

/** Query options keyed ['cars', carId, 'suspension', eventId]. */
export function getRaceEventSuspensionQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'suspension', eventId] as const,
    queryFn: async ({ signal }) => (await getRaceEventSuspension(carId, eventId, signal)) ?? null,
  });
}

/** The race event's suspension (null when not configured). */
export function useRaceEventSuspension(carId: number, eventId: number) {
  return useQuery(getRaceEventSuspensionQueryOptions(carId, eventId));
}
