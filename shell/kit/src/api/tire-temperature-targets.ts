import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutTireTemperatureTargetsBody, TireTemperatureTargetsValue } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { carChangeName } from './change-names';
import { invalidationsOf, keysOf } from './change-invalidations';
import { requestSchemas } from './request-schemas';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { useOpenedVersion } from './use-opened-version';
import type { ChangeDescription } from '../offline/write-queue';
import { tireTemperatureTargetsKey } from './query-keys';

/**
 * A car's tire temperature targets, °C: the inner − outer spread it aims for (min ≤ max) and the
 * middle's tolerance either way; the defaults (5–10 °C, ±2 °C) until the car sets its own. Key
 * ['cars', carId, 'tire-temperature-targets'].
 */
const targetsPath = (carId: number) => `/api/cars/${carId}/tire-temperature-targets`;

/** GET /api/cars/{carId}/tire-temperature-targets: `{ spreadMinC, spreadMaxC, middleToleranceC }` (°C). */
export function getTireTemperatureTargetsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: tireTemperatureTargetsKey(carId),
    queryFn: ({ signal }) => apiFetch<TireTemperatureTargetsValue>(targetsPath(carId), { signal }),
  });
}

/** The car's tire temperature targets (°C). */
export function useTireTemperatureTargets(carId: number) {
  return useQuery(getTireTemperatureTargetsQueryOptions(carId));
}

/** PUT /api/cars/{carId}/tire-temperature-targets (°C: spread 0–50 with min ≤ max, tolerance 0–20; ApiError 400 naming the field); answers the stored targets. */
export async function updateTireTemperatureTargets(carId: number, body: PutTireTemperatureTargetsBody, change?: ChangeDescription<TireTemperatureTargetsValue>): Promise<TireTemperatureTargetsValue> {
  return apiFetch<TireTemperatureTargetsValue>(targetsPath(carId), { method: 'PUT', body: (await requestSchemas()).PutTireTemperatureTargetsBody.parse(body), change });
}

/**
 * Saves the targets (°C; based on them as they were when the calling form mounted): shown at once,
 * waits in the write queue with no signal; once saved, the answer is the cached targets and their
 * history is refreshed (change-invalidations.ts, `TireTemperatureTargetsSet`).
 */
export function useUpdateTireTemperatureTargets(carId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(targetsPath(carId));
  const { queryKey } = getTireTemperatureTargetsQueryOptions(carId);
  const refreshed = invalidationsOf('TireTemperatureTargetsSet', { teamId: null, carId });
  return useInvalidatingMutation(
    (body: PutTireTemperatureTargetsBody) =>
      updateTireTemperatureTargets(carId, body, { name: carChangeName(queryClient, carId, 'Tire temperature targets'), offlineAnswer: () => body, invalidates: keysOf(refreshed), base: opened.base() }),
    refreshed,
    (body) => queryClient.setQueryData(queryKey, body),
    (answer) => ({ queryKey, update: () => answer }),
  );
}
