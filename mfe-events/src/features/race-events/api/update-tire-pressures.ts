import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutTirePressuresBody, type TirePressures } from '@pitwall/contracts';
import { apiFetch, getCarQueryOptions } from '@pitwall/kit';
import { getRaceEventTirePressuresQueryOptions } from './get-tire-pressures';

/** PUT /api/cars/{carId}/tire-pressures?eventId=: replaces the race event's rows and shared note. */
export function updateRaceEventTirePressures(carId: number, eventId: number, body: PutTirePressuresBody): Promise<TirePressures> {
  const parsed = PutTirePressuresBody.parse({ ...body, eventId, items: body.items.map((row) => ({ ...row, carId, eventId })) });
  return apiFetch<TirePressures>(`/api/cars/${carId}/tire-pressures?eventId=${eventId}`, { method: 'PUT', body: parsed });
}

/** Saves the race event's tire pressures, then refreshes them and the car (spec §4). */
export function useUpdateRaceEventTirePressures(carId: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTirePressuresBody) => updateRaceEventTirePressures(carId, eventId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(getRaceEventTirePressuresQueryOptions(carId, eventId).queryKey, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getRaceEventTirePressuresQueryOptions(carId, eventId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(carId).queryKey, exact: true }),
      ]);
    },
  });
}
