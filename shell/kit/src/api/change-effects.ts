import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeEffect, FieldChangeEffect } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { fieldChangeEffectsKey, sessionsKey } from './query-keys';

/**
 * What each change did: the change effects of a race event's sessions (under the race event's
 * sessions' key, so every session change refreshes them) and one setup field's changes across
 * race events (['cars', carId, 'change-effects', field, location]).
 */

/** GET …/events/{eventId}/change-effects: each session after the first with its changes, deltas (ms) and verdict. Key [...sessions, 'change-effects']. */
export function getChangeEffectsQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: [...sessionsKey(carId, raceEventId), 'change-effects'] as const,
    queryFn: ({ signal }) => apiFetch<ChangeEffect[]>(`/api/cars/${carId}/events/${raceEventId}/change-effects`, { signal }),
  });
}

/** The race event's change effects, in running order. */
export function useChangeEffects(carId: number, raceEventId: number) {
  return useQuery(getChangeEffectsQueryOptions(carId, raceEventId));
}

/** GET /api/cars/{carId}/change-effects?field=&location=: every change of `field` (API name) at `location` (null: anywhere), newest race event first. */
export function getFieldChangeEffectsQueryOptions(carId: number, field: string, location: string | null) {
  const query = new URLSearchParams({ field, ...(location === null ? {} : { location }) });
  return queryOptions({
    queryKey: [...fieldChangeEffectsKey(carId), field, location] as const,
    queryFn: ({ signal }) => apiFetch<FieldChangeEffect[]>(`/api/cars/${carId}/change-effects?${query.toString()}`, { signal }),
  });
}

/** Every change of one setup field at a track (or anywhere), with its verdict. */
export function useFieldChangeEffects(carId: number, field: string, location: string | null) {
  return useQuery(getFieldChangeEffectsQueryOptions(carId, field, location));
}

