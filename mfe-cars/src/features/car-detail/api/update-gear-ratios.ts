import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutGearRatiosBody, type GearRatio } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getCarQueryOptions } from './get-car';
import { getCarHistoryQueryOptions } from '../../car-history';
import { getGearRatiosQueryOptions } from './get-gear-ratios';

/** PUT /api/cars/{carId}/gear-ratios: replaces all rows (order kept); answers the stored rows. */
export function updateGearRatios(carId: number, rows: PutGearRatiosBody): Promise<GearRatio[]> {
  return apiFetch<GearRatio[]>(`/api/cars/${carId}/gear-ratios`, { method: 'PUT', body: PutGearRatiosBody.parse(rows) });
}

/** Saves the rows, then refreshes the gear ratios the car (spec §4) and the section's history. */
export function useUpdateGearRatios(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: PutGearRatiosBody) => updateGearRatios(carId, rows),
    onSuccess: async (rows) => {
      queryClient.setQueryData(getGearRatiosQueryOptions(carId).queryKey, rows);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getGearRatiosQueryOptions(carId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(carId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCarHistoryQueryOptions(carId, 'gear-ratios').queryKey }),
      ]);
    },
  });
}
