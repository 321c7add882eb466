import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewRaceEventBody, PatchRaceEventBody, Issue, RaceEvent, RaceEventRound } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { useOpenedVersion } from './use-opened-version';
import { carChangeName } from './change-names';
import type { ChangeDescription } from '../offline/write-queue';
import { invalidateChange, invalidationsOf } from './change-invalidations';
import { raceEventsKey } from './query-keys';

/**
 * A car's race events. Keys sit under ['cars', carId, 'events']: invalidating that prefix refreshes
 * the list and every per-race-event view (detail, issues, carried-over).
 */

/** GET /api/cars/{carId}/events: the car's race events, newest first. ApiError 404 for a missing car. Key ['cars', carId, 'events']. */
export function getRaceEventsQueryOptions(carId: number) {
  return queryOptions({
    queryKey: raceEventsKey(carId),
    queryFn: ({ signal }) => apiFetch<RaceEvent[]>(`/api/cars/${carId}/events`, { signal }),
  });
}

/** The car's race events; disabled when `carId` is not a whole number. */
export function useRaceEvents(carId: number) {
  return useQuery({ ...getRaceEventsQueryOptions(carId), enabled: Number.isInteger(carId) });
}

/** GET /api/cars/{carId}/events/{raceEventId}: one race event (ApiError 404 when it is not this car's). Key ['cars', carId, 'events', raceEventId]. */
export function getRaceEventQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId] as const,
    queryFn: ({ signal }) => apiFetch<RaceEvent>(`/api/cars/${carId}/events/${raceEventId}`, { signal }),
  });
}

/** GET /api/cars/{carId}/events/{raceEventId}/issues: the race event's issues, tools, parts and notes. */
export function getRaceEventIssuesQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'issues'] as const,
    queryFn: ({ signal }) => apiFetch<Issue[]>(`/api/cars/${carId}/events/${raceEventId}/issues`, { signal }),
  });
}

/** The race event's issues. */
export function useRaceEventIssues(carId: number, raceEventId: number) {
  return useQuery(getRaceEventIssuesQueryOptions(carId, raceEventId));
}

/**
 * GET /api/cars/{carId}/events/{raceEventId}/carried-over: unresolved issues, tools and parts of the
 * car's EARLIER race events (Pitwall's "carried over", beyond the spec).
 */
export function getCarriedOverIssuesQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'carried-over'] as const,
    queryFn: ({ signal }) => apiFetch<Issue[]>(`/api/cars/${carId}/events/${raceEventId}/carried-over`, { signal }),
  });
}

/** Issues carried over to this race event from earlier ones. */
export function useCarriedOverIssues(carId: number, raceEventId: number) {
  return useQuery(getCarriedOverIssuesQueryOptions(carId, raceEventId));
}

/**
 * GET /api/cars/{carId}/events/{raceEventId}/round: the series round a race event races (timetable,
 * what changed, the car's BoP and its warnings). Kept under the run sheets' key: a timetable change
 * reaches a team as changes of its run sheets, which refresh this with them.
 */
export function getRaceEventRoundQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'sessions', 'series-round'] as const,
    queryFn: ({ signal }) => apiFetch<RaceEventRound>(`/api/cars/${carId}/events/${raceEventId}/round`, { signal }),
  });
}

/** The series round of a race event; only asked for a race event that races one (`raceEvent.round`). */
export function useRaceEventRound(raceEvent: RaceEvent) {
  return useQuery({ ...getRaceEventRoundQueryOptions(raceEvent.carId, raceEvent.id), enabled: raceEvent.round !== null });
}

/** POST /api/cars/{carId}/events (docs/product.md, 'API'): schedules a race event; `date` is 'YYYY-MM-DD'. Answers the created race event. */
export async function createRaceEvent(carId: number, body: NewRaceEventBody): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events`, { method: 'POST', body: (await requestSchemas()).NewRaceEventBody.parse({ ...body, carId }) });
}

/** Schedules a race event, then refreshes the car's race events. */
export function useCreateRaceEvent(carId: number) {
  return useInvalidatingMutation((body: NewRaceEventBody) => createRaceEvent(carId, body), invalidationsOf('RaceEventScheduled', { teamId: null, carId }));
}

/**
 * PATCH /api/cars/{carId}/events/{raceEventId} (docs/product.md, 'API'): the final drive (finalDriveRatio +
 * finalDriveNotes) and/or the profile / timetable image URLs. Answers the updated race event.
 */
export async function updateRaceEvent(carId: number, raceEventId: number, body: PatchRaceEventBody, change?: ChangeDescription<RaceEvent>): Promise<RaceEvent> {
  return apiFetch<RaceEvent>(`/api/cars/${carId}/events/${raceEventId}`, { method: 'PATCH', body: (await requestSchemas()).PatchRaceEventBody.parse(body), change });
}

/**
 * Updates a race event (based on it as it was when the calling form mounted), then refreshes it, the
 * car's race event list, its effective gear ratios and the parts (their distance follows the track length).
 */
export function useUpdateRaceEvent(carId: number, raceEventId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = getRaceEventQueryOptions(carId, raceEventId);
  const opened = useOpenedVersion(`/api/cars/${carId}/events/${raceEventId}`);
  return useMutation({
    mutationFn: (body: PatchRaceEventBody) => updateRaceEvent(carId, raceEventId, body, { name: carChangeName(queryClient, carId, 'Race event'), invalidates: [queryKey], base: opened.base() }),
    onSuccess: async (raceEvent) => {
      queryClient.setQueryData(getRaceEventQueryOptions(carId, raceEventId).queryKey, raceEvent);
      // The race event and its list, its effective gear ratios (the final drive) and the parts (the track length gives their distance).
      await invalidateChange(queryClient, 'FinalDriveSet', { teamId: null, carId, raceEventId });
    },
  });
}
