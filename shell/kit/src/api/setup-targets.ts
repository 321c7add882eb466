import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutSetupTargetsBody, SetupTargets } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { carChangeName } from './change-names';
import { invalidationsOf, keysOf } from './change-invalidations';
import { requestSchemas } from './request-schemas';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { useOpenedVersion } from './use-opened-version';
import type { ChangeDescription } from '../offline/write-queue';
import { setupTargetsKey } from './query-keys';

/** A car's setup targets: cross weight and front weight, percent. Key: ['cars', carId, 'setup-targets']. */
const targetsPath = (carId: number) => `/api/cars/${carId}/setup-targets`;

/** GET /api/cars/{carId}/setup-targets: `{ crossPercent, frontPercent }`, null = no target. */
export function getSetupTargetsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: setupTargetsKey(carId),
    queryFn: ({ signal }) => apiFetch<SetupTargets>(targetsPath(carId), { signal }),
  });
}

/** The car's target cross weight and front weight. */
export function useSetupTargets(carId: number) {
  return useQuery(getSetupTargetsQueryOptions(carId));
}

/** PUT /api/cars/{carId}/setup-targets (percent, 0–100; ApiError 400 naming the field); answers the stored targets. */
export async function updateSetupTargets(carId: number, body: PutSetupTargetsBody, change?: ChangeDescription<SetupTargets>): Promise<SetupTargets> {
  return apiFetch<SetupTargets>(targetsPath(carId), { method: 'PUT', body: (await requestSchemas()).PutSetupTargetsBody.parse(body), change });
}

/** Saves the targets (based on them as they were when the calling form mounted), then refreshes them and their history. */
export function useUpdateSetupTargets(carId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(targetsPath(carId));
  const refreshed = invalidationsOf('SetupTargetsSet', { teamId: null, carId });
  return useInvalidatingMutation((body: PutSetupTargetsBody) => updateSetupTargets(carId, body, { name: carChangeName(queryClient, carId, 'Setup targets'), invalidates: keysOf(refreshed), base: opened.base() }), refreshed);
}
