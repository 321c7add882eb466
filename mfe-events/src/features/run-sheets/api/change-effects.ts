import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeEffect } from '@pitwall/contracts';
import { apiFetch, sessionsKey } from '@pitwall/kit';

/**
 * What each change did: the change effects of a race event's sessions, under the race event's
 * sessions' key, so every session change refreshes them.
 */

/** GET …/events/{eventId}/change-effects: each session after the first with its changes, deltas (ms) and verdict. Key [...sessions, 'change-effects']. */
function getChangeEffectsQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: [...sessionsKey(carId, raceEventId), 'change-effects'] as const,
    queryFn: ({ signal }) => apiFetch<ChangeEffect[]>(`/api/cars/${carId}/events/${raceEventId}/change-effects`, { signal }),
  });
}

/** The race event's change effects, in running order. */
export function useChangeEffects(carId: number, raceEventId: number) {
  return useQuery(getChangeEffectsQueryOptions(carId, raceEventId));
}
