import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RacePlan, RacePlanBody } from '@pitwall/contracts';
import { apiFetch, carChangeName, getRaceEventHistoryQueryOptions, racePlanKey, requestSchemas, useInvalidatingMutation, useOpenedVersion, type ChangeDescription } from '@pitwall/kit';

/**
 * The race plan of a race event (endurance racing): its inputs (race length, lap time ms, fuel per
 * lap L, tank L, margin %, drivers, driving-time rules in minutes) and answers (laps, stops, fuel,
 * stints, warnings). Key ['cars', carId, 'events', raceEventId, 'race-plan'].
 */

const racePlanPath = (carId: number, raceEventId: number) => `/api/cars/${carId}/events/${raceEventId}/race-plan`;

/** GET …/race-plan: the plan (saved false: none saved yet, the defaults). */
function getRacePlanQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: racePlanKey(carId, raceEventId),
    queryFn: ({ signal }) => apiFetch<RacePlan>(racePlanPath(carId, raceEventId), { signal }),
  });
}

/** The race event's race plan. */
export function useRacePlan(carId: number, raceEventId: number) {
  return useQuery(getRacePlanQueryOptions(carId, raceEventId));
}

/** PUT …/race-plan (ApiError 400 naming the field); answers the saved plan with its answers. */
async function saveRacePlan(carId: number, raceEventId: number, body: RacePlanBody, change?: ChangeDescription<RacePlan>): Promise<RacePlan> {
  return apiFetch<RacePlan>(racePlanPath(carId, raceEventId), { method: 'PUT', body: (await requestSchemas()).RacePlanInput.parse(body), change });
}

/** Saves the race plan (based on it as it was when the calling form mounted; waits in the write queue with no signal), then refreshes it and the race event's history. */
export function useSaveRacePlan(carId: number, raceEventId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(racePlanPath(carId, raceEventId));
  const { queryKey } = getRacePlanQueryOptions(carId, raceEventId);
  return useInvalidatingMutation(
    (body: RacePlanBody) => saveRacePlan(carId, raceEventId, body, { name: carChangeName(queryClient, carId, 'Race plan'), invalidates: [queryKey], base: opened.base() }),
    [{ queryKey }, { queryKey: getRaceEventHistoryQueryOptions(carId, raceEventId).queryKey }],
  );
}
