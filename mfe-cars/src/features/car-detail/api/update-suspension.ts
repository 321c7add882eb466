import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutSuspensionBody, type Suspension } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getCarQueryOptions } from './get-car';
import { getCarHistoryQueryOptions } from '../../car-history';
import { getSuspensionQueryOptions } from './get-suspension';

/** PUT /api/cars/{carId}/suspension: the one suspension object (blank fields are stored as null). */
export function updateSuspension(carId: number, body: PutSuspensionBody): Promise<Suspension> {
  return apiFetch<Suspension>(`/api/cars/${carId}/suspension`, { method: 'PUT', body: PutSuspensionBody.parse({ ...body, carId }) });
}

/** Saves the suspension, then refreshes it the car (spec §4) and the section's history. */
export function useUpdateSuspension(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSuspensionBody) => updateSuspension(carId, body),
    onSuccess: async (suspension) => {
      queryClient.setQueryData(getSuspensionQueryOptions(carId).queryKey, suspension);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getSuspensionQueryOptions(carId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(carId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getCarHistoryQueryOptions(carId, 'suspension').queryKey }),
      ]);
    },
  });
}
