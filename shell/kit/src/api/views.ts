import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CarView, RaceEventView } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { rememberRepresentation } from '../offline/offline-storage';
import { getCarQueryOptions } from './cars';
import { getCornerWeightsQueryOptions, getGearRatiosQueryOptions, getSetupSheetQueryOptions, getSuspensionQueryOptions, getTirePressuresQueryOptions, setupPath } from './car-setup';
import { getSetupTargetsQueryOptions } from './setup-targets';
import { getTirePressureTargetsQueryOptions } from './tire-pressure-assistant';
import { getChecklistQueryOptions } from './checklist';
import { getTeamSettingsQueryOptions } from './teams';
import { getCarriedOverIssuesQueryOptions, getRaceEventIssuesQueryOptions, getRaceEventQueryOptions, getRaceEventsQueryOptions } from './race-events';
import { getSessionsQueryOptions, getTrackSessionsQueryOptions } from './sessions';
import { getTeamTireSetsQueryOptions } from './tire-sets';
import { getImagesQueryOptions } from './images';
import { getCarPartsQueryOptions } from './parts';
import { carViewsKey } from './query-keys';

/**
 * A screen's view: one GET answering every part a screen shows (each part exactly its own GET's
 * answer, with that GET's ETag in `versions`). The view's query puts each part in the cache entry
 * of the part's own query and remembers it as that GET's answer, so the cards and forms keep
 * reading their own queries, do not fetch them again (they are never stale on their own), and a
 * form opened on a part is based on the version the view answered. Keys: ['views', 'car', carId]
 * and ['views', 'car', carId, 'events', raceEventId]; every change of the car refreshes both
 * (change-invalidations.ts).
 */

/** Where a part of a view goes: the key of its own query and the URL of its own GET. */
export type Placement = { queryKey: QueryKey; url: string };

/** Puts every part of `view` in its own query's entry (see above), keyed by the view's part names. */
function prime<V extends { versions: Record<string, string | null> }>(queryClient: QueryClient, view: V, placements: Record<Exclude<keyof V, 'versions'>, Placement>): void {
  for (const [part, { queryKey, url }] of Object.entries(placements) as [Exclude<keyof V, 'versions'> & string, Placement][]) {
    queryClient.setQueryData(queryKey, view[part]);
    rememberRepresentation(url, { etag: view.versions[part] ?? undefined, body: view[part] });
  }
}

/**
 * GET /api/cars/{carId}/view: the car page's parts (CarView: the car, its baseline gear ratios,
 * suspension, corner weights, tire pressures and setup sheet, setup and pressure targets, checklist, its parts,
 * the team's units). Primes the queries of getCarQueryOptions, the baseline's getGearRatiosQueryOptions,
 * getSuspensionQueryOptions, getCornerWeightsQueryOptions, getTirePressuresQueryOptions,
 * getSetupTargetsQueryOptions, getTirePressureTargetsQueryOptions, the baseline's getSetupSheetQueryOptions, getChecklistQueryOptions,
 * getCarPartsQueryOptions (its Parts tab) and the car's team's getTeamSettingsQueryOptions. A missing car or another team's rejects with ApiError
 * 404 'Car not found'.
 */
export function getCarViewQueryOptions(carId: number) {
  return queryOptions({
    queryKey: carViewsKey(carId),
    queryFn: async ({ signal, client }) => {
      const view = await apiFetch<CarView>(`/api/cars/${carId}/view`, { signal });
      prime(client, view, carViewPlacements(carId, view.car.teamId));
      return view;
    },
  });
}

/** Where each part of the view of car `carId` (of team `teamId`) goes: its own query's key and its own GET's URL. */
export function carViewPlacements(carId: number, teamId: number): Record<Exclude<keyof CarView, 'versions'>, Placement> {
  const car = `/api/cars/${carId}`;
  return {
    car: { queryKey: getCarQueryOptions(carId).queryKey, url: car },
    gearRatios: { queryKey: getGearRatiosQueryOptions(carId).queryKey, url: setupPath(carId, 'gear-ratios', undefined) },
    suspension: { queryKey: getSuspensionQueryOptions(carId).queryKey, url: setupPath(carId, 'suspension', undefined) },
    cornerWeights: { queryKey: getCornerWeightsQueryOptions(carId).queryKey, url: setupPath(carId, 'corner-weights', undefined) },
    setupTargets: { queryKey: getSetupTargetsQueryOptions(carId).queryKey, url: `${car}/setup-targets` },
    tirePressures: { queryKey: getTirePressuresQueryOptions(carId).queryKey, url: setupPath(carId, 'tire-pressures', undefined) },
    tirePressureTargets: { queryKey: getTirePressureTargetsQueryOptions(carId).queryKey, url: `${car}/tire-pressure-targets` },
    setupSheet: { queryKey: getSetupSheetQueryOptions(carId).queryKey, url: setupPath(carId, 'setup-sheet', undefined) },
    checklist: { queryKey: getChecklistQueryOptions(carId).queryKey, url: `${car}/checklist` },
    parts: { queryKey: getCarPartsQueryOptions(carId).queryKey, url: `${car}/parts` },
    teamSettings: { queryKey: getTeamSettingsQueryOptions(teamId).queryKey, url: `/api/teams/${teamId}/settings` },
  };
}

/** The car page's view of car `carId` (see getCarViewQueryOptions); disabled when `carId` is not a whole number. */
export function useCarView(carId: number) {
  return useQuery({ ...getCarViewQueryOptions(carId), enabled: Number.isInteger(carId) });
}

/**
 * GET /api/cars/{carId}/events/{raceEventId}/view: what a race event's screens show around their
 * tab (RaceEventView: the car, the race event and the car's others, its issues and the carried-over
 * ones, its effective gear ratios, suspension and tire pressures, its sessions and the car's
 * sessions at its location, the car's images and parts, the team's tire sets and units). Primes the
 * queries of getCarQueryOptions, getRaceEventQueryOptions, getRaceEventsQueryOptions,
 * getRaceEventIssuesQueryOptions, getCarriedOverIssuesQueryOptions, the race event's
 * getGearRatiosQueryOptions, getSuspensionQueryOptions and getTirePressuresQueryOptions,
 * getSessionsQueryOptions, getTrackSessionsQueryOptions of its location, getImagesQueryOptions,
 * getCarPartsQueryOptions and the car's team's getTeamTireSetsQueryOptions (unfiltered) and
 * getTeamSettingsQueryOptions. Rejects with ApiError 404 'Car not found' or 'Race event not found'.
 */
export function getRaceEventViewQueryOptions(carId: number, raceEventId: number) {
  return queryOptions({
    queryKey: [...carViewsKey(carId), 'events', raceEventId] as const,
    queryFn: async ({ signal, client }) => {
      const view = await apiFetch<RaceEventView>(`/api/cars/${carId}/events/${raceEventId}/view`, { signal });
      prime(client, view, raceEventViewPlacements(carId, raceEventId, view.car.teamId, view.raceEvent.location));
      return view;
    },
  });
}

/** Where each part of the view of race event `raceEventId` (at `location`) of car `carId` (of team `teamId`) goes: its own query's key and its own GET's URL. */
export function raceEventViewPlacements(carId: number, raceEventId: number, teamId: number, location: string): Record<Exclude<keyof RaceEventView, 'versions'>, Placement> {
  const car = `/api/cars/${carId}`;
  const trackSessions = getTrackSessionsQueryOptions(carId, location);
  const tireSets = getTeamTireSetsQueryOptions(teamId);
  const raceEvent = `${car}/events/${raceEventId}`;
  return {
    car: { queryKey: getCarQueryOptions(carId).queryKey, url: car },
    raceEvent: { queryKey: getRaceEventQueryOptions(carId, raceEventId).queryKey, url: raceEvent },
    raceEvents: { queryKey: getRaceEventsQueryOptions(carId).queryKey, url: `${car}/events` },
    issues: { queryKey: getRaceEventIssuesQueryOptions(carId, raceEventId).queryKey, url: `${raceEvent}/issues` },
    carriedOver: { queryKey: getCarriedOverIssuesQueryOptions(carId, raceEventId).queryKey, url: `${raceEvent}/carried-over` },
    gearRatios: { queryKey: getGearRatiosQueryOptions(carId, raceEventId).queryKey, url: setupPath(carId, 'gear-ratios', raceEventId) },
    suspension: { queryKey: getSuspensionQueryOptions(carId, raceEventId).queryKey, url: setupPath(carId, 'suspension', raceEventId) },
    tirePressures: { queryKey: getTirePressuresQueryOptions(carId, raceEventId).queryKey, url: setupPath(carId, 'tire-pressures', raceEventId) },
    sessions: { queryKey: getSessionsQueryOptions(carId, raceEventId).queryKey, url: `${raceEvent}/sessions` },
    trackSessions: { queryKey: trackSessions.queryKey, url: `${car}/tracks/sessions?location=${encodeURIComponent(location)}` },
    images: { queryKey: getImagesQueryOptions(carId).queryKey, url: `${car}/images` },
    parts: { queryKey: getCarPartsQueryOptions(carId).queryKey, url: `${car}/parts` },
    tireSets: { queryKey: tireSets.queryKey, url: `/api/teams/${teamId}/tire-sets` },
    teamSettings: { queryKey: getTeamSettingsQueryOptions(teamId).queryKey, url: `/api/teams/${teamId}/settings` },
  };
}

/** The view of race event `raceEventId` of car `carId` (see getRaceEventViewQueryOptions); disabled unless both are whole numbers. */
export function useRaceEventView(carId: number, raceEventId: number) {
  return useQuery({ ...getRaceEventViewQueryOptions(carId, raceEventId), enabled: Number.isInteger(carId) && Number.isInteger(raceEventId) });
}
