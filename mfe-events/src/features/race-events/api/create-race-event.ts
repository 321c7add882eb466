import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewRaceEventBody, type RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getRaceEventsQueryOptions } from './get-race-events';

/** POST /api/cars/{carId}/events (spec §7): schedules a race event; `date` is 'YYYY-MM-DD'. Answers the created race event. */
export function createRaceEvent(carId: number, body: NewRaceEventBody): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events`, { method: 'POST', body: NewRaceEventBody.parse({ ...body, carId }) });
}

/** Schedules a race event, then refreshes the car's race event list. */
export function useCreateRaceEvent(carId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRaceEventBody) => createRaceEvent(carId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey }),
  });
}
