import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutTirePressureTargetsBody, TirePressureSuggestion, TirePressureTargets } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { requestSchemas } from './request-schemas';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { useOpenedVersion } from './use-opened-version';
import { carChangeName } from './change-names';
import type { ChangeDescription } from '../offline/write-queue';
import { invalidationsOf, keysOf } from './change-invalidations';
import { tirePressureTargetsKey } from './query-keys';

/**
 * The tire pressure assistant: a car's target hot pressures and the cold pressures to set
 * now at a race event (psi, °C on the wire). Keys: ['cars', carId, 'tire-pressure-targets'] and
 * ['cars', carId, 'events', raceEventId, 'tire-pressure-suggestion', request].
 */

const targetsPath = (carId: number) => `/api/cars/${carId}/tire-pressure-targets`;

/** GET /api/cars/{carId}/tire-pressure-targets: psi per axle and corner, null = not set. */
export function getTirePressureTargetsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: tirePressureTargetsKey(carId),
    queryFn: ({ signal }) => apiFetch<TirePressureTargets>(targetsPath(carId), { signal }),
  });
}

/** The car's target hot pressures. */
export function useTirePressureTargets(carId: number) {
  return useQuery(getTirePressureTargetsQueryOptions(carId));
}

/** PUT /api/cars/{carId}/tire-pressure-targets (psi; ApiError 400 naming the field); answers the stored targets. */
export async function updateTirePressureTargets(carId: number, body: PutTirePressureTargetsBody, change?: ChangeDescription<TirePressureTargets>): Promise<TirePressureTargets> {
  return apiFetch<TirePressureTargets>(targetsPath(carId), { method: 'PUT', body: (await requestSchemas()).PutTirePressureTargetsBody.parse(body), change });
}

/** Saves the targets (based on them as they were when the calling form mounted), then refreshes them and their history. */
export function useUpdateTirePressureTargets(carId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(targetsPath(carId));
  const refreshed = invalidationsOf('TirePressureTargetsSet', { teamId: null, carId });
  return useInvalidatingMutation((body: PutTirePressureTargetsBody) => updateTirePressureTargets(carId, body, { name: carChangeName(queryClient, carId, 'Target hot pressures'), invalidates: keysOf(refreshed), base: opened.base() }), refreshed);
}

/** What a suggestion is asked for: the temperature now (°C) and, optionally, the reference session the engineer picked and the tire set whose sessions alone may be references. */
export interface SuggestionRequest {
  ambientC: number;
  sessionId?: number | undefined;
  tireSetId?: number | undefined;
}

/**
 * GET /api/cars/{carId}/events/{raceEventId}/tire-pressure-suggestion?ambientC=[&sessionId=][&tireSetId=]: the cold
 * pressures to set now, per corner, with the basis in words. Fetched afresh whenever asked (staleTime 0).
 */
export function getTirePressureSuggestionQueryOptions(carId: number, raceEventId: number, request: SuggestionRequest) {
  const query = new URLSearchParams({ ambientC: String(request.ambientC) });
  if (request.sessionId !== undefined) query.set('sessionId', String(request.sessionId));
  if (request.tireSetId !== undefined) query.set('tireSetId', String(request.tireSetId));
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'tire-pressure-suggestion', request] as const,
    queryFn: ({ signal }) => apiFetch<TirePressureSuggestion>(`/api/cars/${carId}/events/${raceEventId}/tire-pressure-suggestion?${query.toString()}`, { signal }),
    staleTime: 0,
  });
}

/** The suggestion for `request`; idle while it is null. */
export function useTirePressureSuggestion(carId: number, raceEventId: number, request: SuggestionRequest | null) {
  return useQuery({ ...getTirePressureSuggestionQueryOptions(carId, raceEventId, request ?? { ambientC: 0 }), enabled: request !== null });
}
