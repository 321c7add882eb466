import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutSuspensionBody, type Suspension } from '@pitwall/contracts';
import { apiFetch, getCarQueryOptions } from '@pitwall/kit';
import { getRaceEventSuspensionQueryOptions } from './get-suspension';

/** PUT /api/cars/{carId}/suspension?eventId=: replaces the race event's suspension (all fields optional text). */
export function updateRaceEventSuspension(carId: number, eventId: number, body: PutSuspensionBody): Promise<Suspension> {
  return apiFetch<Suspension>(`/api/cars/${carId}/suspension?eventId=${eventId}`, {
    method: 'PUT',
    body: PutSuspensionBody.parse({ ...body, carId, eventId }),
  });
}

/** Saves the race event's suspension, then refreshes it and the car (spec §4). */
export function useUpdateRaceEventSuspension(carId: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSuspensionBody) => updateRaceEventSuspension(carId, eventId, body),
    onSuccess: (suspension) => {
      queryClient.setQueryData(getRaceEventSuspensionQueryOptions(carId, eventId).queryKey, suspension);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getRaceEventSuspensionQueryOptions(carId, eventId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getCarQueryOptions(carId).queryKey, exact: true }),
      ]);
    },
  });
}
