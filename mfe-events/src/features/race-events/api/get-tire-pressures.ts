import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TirePressures } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/cars/{carId}/tire-pressures?eventId=: the race event's EFFECTIVE rows (condition + four corners, text with unit; `own`: its own) and shared note. */
export function getRaceEventTirePressures(carId: number, eventId: number, signal?: AbortSignal): Promise<TirePressures> {
  return apiFetch<TirePressures>(`/api/cars/${carId}/tire-pressures?eventId=${eventId}`, { signal });
}

/** Query options keyed ['cars', carId, 'tire-pressures', eventId]. */
export function getRaceEventTirePressuresQueryOptions(carId: number, eventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'tire-pressures', eventId] as const,
    queryFn: ({ signal }) => getRaceEventTirePressures(carId, eventId, signal),
  });
}

/** The race event's tire pressures. */
export function useRaceEventTirePressures(carId: number, eventId: number) {
  return useQuery(getRaceEventTirePressuresQueryOptions(carId, eventId));
}
