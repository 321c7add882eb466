import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutTirePressuresBody, type TirePressures } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getCarQueryOptions } from './get-car';
import { getCarHistoryQueryOptions } from '../../car-history';
import { getTirePressuresQueryOptions } from './get-tire-pressures';

/** PUT /api/cars/{carId}/tire-pressures: all rows and the shared note; answers `{ items, notes }`. */
export function updateTirePressures(carId: number, body: PutTirePressuresBody): Promise<TirePressures> {
  return apiFetch<TirePressures>(`/api/cars/${carId}/tire-pressures`, { method: 'PUT', body: PutTirePressuresBody.parse(body) });
}

/** Saves the tire pressures, then refreshes them the car (spec §4) and the section's history. */
export function useUpdateTirePressures(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTirePressuresBody) => updateTirePressures(carId, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getTirePressuresQueryOptions(carId).queryKey, answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getTirePressuresQueryOptions(carId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(carId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCarHistoryQueryOptions(carId, 'tire-pressures').queryKey }),
      ]);
    },
  });
}
