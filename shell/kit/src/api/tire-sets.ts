import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewTireSetBody, PatchTireSetBody, TireSet, TireSetsQuery, TreadMeasurement, TreadMeasurementBody } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { requestSchemas } from './request-schemas';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { invalidationsOf, keysOf } from './change-invalidations';
import type { ChangeDescription } from '../offline/write-queue';
import { teamTireSetsKey } from './query-keys';

/**
 * Tire sets: a team's sets with their heat cycles, laps, distance, time and wear (derived by the
 * server from the run sheets, the earlier use entered for a set bought scrubbed or used, and the
 * tread measurements). Keys: ['teams', teamId, 'tire-sets', …]
 * for the team's sets, a set and its measurements. Every set change refreshes the team's
 * (change-invalidations.ts), and every session change every team's ({@link isTireSetsQuery}: the
 * life comes from sessions).
 */

const setsPath = (teamId: number) => `/api/teams/${teamId}/tire-sets`;

/** GET /api/teams/{teamId}/tire-sets with its filters (carId: on that car now; condition). Key ['teams', teamId, 'tire-sets', filter]. */
export function getTeamTireSetsQueryOptions(teamId: number, filter: TireSetsQuery = {}) {
  const search = new URLSearchParams(Object.entries(filter).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return queryOptions({
    queryKey: [...teamTireSetsKey(teamId), filter] as const,
    queryFn: ({ signal }) => apiFetch<TireSet[]>(`${setsPath(teamId)}${search ? `?${search}` : ''}`, { signal }),
  });
}

/** The team's tire sets (in the store and on every car), filtered; idle until the team is known. */
export function useTeamTireSets(teamId: number | undefined, filter: TireSetsQuery = {}) {
  return useQuery({ ...getTeamTireSetsQueryOptions(teamId ?? 0, filter), enabled: Number.isInteger(teamId) && teamId! > 0 });
}

/** GET /api/teams/{teamId}/tire-sets/{setId}. Key ['teams', teamId, 'tire-sets', 'set', setId]. */
export function getTireSetQueryOptions(teamId: number, setId: number) {
  return queryOptions({
    queryKey: [...teamTireSetsKey(teamId), 'set', setId] as const,
    queryFn: ({ signal }) => apiFetch<TireSet>(`${setsPath(teamId)}/${setId}`, { signal }),
  });
}

/** One set with its sessions, life and wear (404 ApiError for another team's or a deleted set). */
export function useTireSet(teamId: number, setId: number) {
  return useQuery({ ...getTireSetQueryOptions(teamId, setId), enabled: Number.isInteger(teamId) && teamId > 0 && Number.isInteger(setId) });
}

/** GET …/tire-sets/{setId}/tread: the tread measurements, oldest first. Key ['teams', teamId, 'tire-sets', 'set', setId, 'tread']. */
export function getTreadMeasurementsQueryOptions(teamId: number, setId: number) {
  return queryOptions({
    queryKey: [...getTireSetQueryOptions(teamId, setId).queryKey, 'tread'] as const,
    queryFn: ({ signal }) => apiFetch<TreadMeasurement[]>(`${setsPath(teamId)}/${setId}/tread`, { signal }),
  });
}

/** A set's tread measurements with their wear, oldest first. */
export function useTreadMeasurements(teamId: number, setId: number) {
  return useQuery({ ...getTreadMeasurementsQueryOptions(teamId, setId), enabled: Number.isInteger(teamId) && teamId > 0 && Number.isInteger(setId) });
}

/** POST /api/teams/{teamId}/tire-sets → the set (201); a set bought scrubbed or used with its `earlierHeatCycles` and `earlierLaps` (0 when left out). */
export async function createTireSet(teamId: number, body: NewTireSetBody): Promise<TireSet> {
  return apiFetch<TireSet>(setsPath(teamId), { method: 'POST', body: (await requestSchemas()).NewTireSetBody.parse(body) });
}

/** Adds a set (to the store or a car); refreshes every tire set view. */
export function useCreateTireSet(teamId: number) {
  return useInvalidatingMutation((body: NewTireSetBody) => createTireSet(teamId, body), invalidationsOf('TireSetAdded', { teamId, carId: null }));
}

/** PATCH /api/teams/{teamId}/tire-sets/{setId}: description, condition, earlier use (heat cycles, laps before Pitwall), tread depths or car (null: the store); fields left out keep their value. */
export async function updateTireSet(teamId: number, setId: number, body: PatchTireSetBody): Promise<TireSet> {
  return apiFetch<TireSet>(`${setsPath(teamId)}/${setId}`, { method: 'PATCH', body: (await requestSchemas()).PatchTireSetBody.parse(body) });
}

/** Changes a set (its condition, its car …). */
export function useUpdateTireSet(teamId: number, setId: number) {
  return useInvalidatingMutation((body: PatchTireSetBody) => updateTireSet(teamId, setId, body), invalidationsOf('TireSetRevised', { teamId, carId: null }));
}

/**
 * POST …/tire-sets/{setId}/tread: 1 to 4 depths per corner (mm) at `measuredAt` → the set with its
 * wear (ApiError 400 naming the corner for a depth deeper than the tread when new).
 */
export async function recordTread(teamId: number, setId: number, body: TreadMeasurementBody, change?: ChangeDescription<TireSet>): Promise<TireSet> {
  return apiFetch<TireSet>(`${setsPath(teamId)}/${setId}/tread`, { method: 'POST', body: (await requestSchemas()).TreadMeasurementBody.parse(body), change });
}

/**
 * Records a tread measurement ('Set 5 — tread measured' in the write queue): with no signal it waits in
 * the write queue and the set shows as it was until it is saved (the wear is the server's to compute).
 */
export function useRecordTread(teamId: number, setId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getTireSetQueryOptions(teamId, setId);
  const refreshed = invalidationsOf('TireSetTreadMeasured', { teamId, carId: null });
  return useInvalidatingMutation(
    (body: TreadMeasurementBody) => {
      const set = queryClient.getQueryData(queryKey);
      return recordTread(teamId, setId, body, {
        name: `${set?.name ?? 'Tire set'} — tread measured`,
        offlineAnswer: () => set ?? ({ id: setId } as TireSet),
        invalidates: keysOf(refreshed),
      });
    },
    refreshed,
  );
}
