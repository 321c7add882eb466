import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchRaceEventBody, type RaceEvent } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getRaceEventGearRatiosQueryOptions } from './get-gear-ratios';
import { getRaceEventQueryOptions } from './get-race-event';
import { getRaceEventsQueryOptions } from './get-race-events';

/**
 * PATCH /api/cars/{carId}/events/{eventId} (spec §7): the final drive (finalDriveRatio + finalDriveNotes)
 * and/or the profile / timetable image URLs. Answers the updated race event.
 */
export function updateRaceEvent(carId: number, eventId: number, body: PatchRaceEventBody): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events/${eventId}`, { method: 'PATCH', body: PatchRaceEventBody.parse(body) });
}

/** Updates a race event, then refreshes it, the car's race event list and its effective gear ratios. */
export function useUpdateRaceEvent(carId: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchRaceEventBody) => updateRaceEvent(carId, eventId, body),
    onSuccess: async (raceEvent) => {
      queryClient.setQueryData(getRaceEventQueryOptions(carId, eventId).queryKey, raceEvent);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getRaceEventsQueryOptions(carId).queryKey, exact: true }),
        // The race final drive is the effective 'Final Drive' gear ratio (issue 19).
        queryClient.invalidateQueries({ queryKey: getRaceEventGearRatiosQueryOptions(carId, eventId).queryKey }),
      ]);
    },
  });
}
