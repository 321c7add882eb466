import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { HistoryEntry, HistorySection, SetupComparison, SetupSnapshot } from '@pitwall/contracts';
import { apiFetch } from './api-fetch';
import { carHistoryKey, raceEventHistoryKey } from './query-keys';

/** Entries per page of a history read (the server allows 1–500). */
export const HISTORY_PAGE_SIZE = 20;

/** The sections of the car detail page that have a 'History' view. */
export type CarHistorySection = Extract<HistorySection, 'basic' | 'gear-ratios' | 'suspension' | 'tire-pressures' | 'tire-pressure-targets' | 'corner-weights' | 'setup-sheet' | 'setup-targets' | 'maintenance' | 'parts' | 'checklist'>;

/**
 * Filters of GET /api/cars/{carId}/history: one section, or one race event; `before` is the
 * `position` of the last entry seen. A null `before` is the first page: a paged query restored from
 * the persisted cache comes back with its first page's cursor as null (JSON has no undefined).
 */
export interface HistoryParams {
  section?: CarHistorySection;
  raceEventId?: number;
  before?: string | null | undefined;
}

/**
 * GET /api/cars/{carId}/history?section=|eventId=&limit=&before=: changes to the car's record (the
 * audit trail), newest first, each with who made it and the change field by field, at most
 * HISTORY_PAGE_SIZE. ApiError 404 for another team's car.
 */
export function getCarHistory(carId: number, params: HistoryParams, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const query = new URLSearchParams();
  if (params.section !== undefined) query.set('section', params.section);
  if (params.raceEventId !== undefined) query.set('eventId', String(params.raceEventId));
  query.set('limit', String(HISTORY_PAGE_SIZE));
  // Only a position is a cursor: never 'before=null' (the server refuses it with a 400).
  if (params.before) query.set('before', params.before);
  return apiFetch<HistoryEntry[]>(`/api/cars/${carId}/history?${query.toString()}`, { signal });
}

/** A page shorter than the page size is the last one; the next page starts before the last entry's position. */
const nextHistoryPage = (lastPage: HistoryEntry[]) => (lastPage.length < HISTORY_PAGE_SIZE ? undefined : lastPage.at(-1)?.position);

/**
 * Paged history of one section (baseline and every race event), keyed ['cars', carId, 'history', section].
 * The setup and car save mutations invalidate this key, so the view is fresh after every save.
 */
export function getCarHistoryQueryOptions(carId: number, section: CarHistorySection) {
  return infiniteQueryOptions({
    queryKey: carHistoryKey(carId, section),
    queryFn: ({ pageParam, signal }) => getCarHistory(carId, { section, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextHistoryPage,
  });
}

/** One section's history, page by page (fetchNextPage = 'Load more'). */
export function useCarHistory(carId: number, section: CarHistorySection) {
  return useInfiniteQuery(getCarHistoryQueryOptions(carId, section));
}

/**
 * Paged history of one race event, keyed ['cars', carId, 'history', { raceEventId }]. Always refetched
 * when shown (staleTime 0): saves elsewhere do not invalidate the audit views.
 */
export function getRaceEventHistoryQueryOptions(carId: number, raceEventId: number) {
  return infiniteQueryOptions({
    queryKey: raceEventHistoryKey(carId, raceEventId),
    queryFn: ({ pageParam, signal }) => getCarHistory(carId, { raceEventId, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextHistoryPage,
    staleTime: 0,
  });
}

/** The race event's history, page by page (fetchNextPage = 'Load more'); idle (pending) while `enabled` is false. */
export function useRaceEventHistory(carId: number, raceEventId: number, enabled = true) {
  return useInfiniteQuery({ ...getRaceEventHistoryQueryOptions(carId, raceEventId), enabled });
}

/** The moment to rebuild a setup at: a race event (its last setup change) or an instant (ISO date-time). */
export type SetupMoment = { raceEventId: number } | { asOf: string };

/**
 * GET /api/cars/{carId}/setup?eventId= | ?asOf=: the car's whole setup as it stood, rebuilt from its
 * event stream. ApiError 404 when the car had no setup at that moment (or is another team's).
 */
export function getSetupSnapshot(carId: number, moment: SetupMoment, signal?: AbortSignal): Promise<SetupSnapshot> {
  const query = 'raceEventId' in moment ? `eventId=${moment.raceEventId}` : `asOf=${encodeURIComponent(moment.asOf)}`;
  return apiFetch<SetupSnapshot>(`/api/cars/${carId}/setup?${query}`, { signal });
}

/** Query options keyed ['cars', carId, 'setup', moment]; refetched whenever shown (staleTime 0). */
export function getSetupSnapshotQueryOptions(carId: number, moment: SetupMoment) {
  return queryOptions({
    queryKey: ['cars', carId, 'setup', moment] as const,
    queryFn: ({ signal }) => getSetupSnapshot(carId, moment, signal),
    staleTime: 0,
  });
}

/** The setup as it stood at `moment`; idle while `moment` is null. */
export function useSetupSnapshot(carId: number, moment: SetupMoment | null) {
  return useQuery({ ...getSetupSnapshotQueryOptions(carId, moment ?? { raceEventId: 0 }), enabled: moment !== null });
}

/** What a race event is compared with: another race event's id, or the car's baseline. */
export type CompareTarget = number | 'baseline';

/**
 * GET /api/cars/{carId}/events/{raceEventId}/compare/{otherEventId|baseline}: both effective setups
 * (a race event's own section where it has one, else the baseline's) and every differing value.
 */
export function getSetupComparison(carId: number, raceEventId: number, other: CompareTarget, signal?: AbortSignal): Promise<SetupComparison> {
  return apiFetch<SetupComparison>(`/api/cars/${carId}/events/${raceEventId}/compare/${other}`, { signal });
}

/** Query options keyed ['cars', carId, 'events', raceEventId, 'compare', other]; refetched whenever shown. */
export function getSetupComparisonQueryOptions(carId: number, raceEventId: number, other: CompareTarget) {
  return queryOptions({
    queryKey: ['cars', carId, 'events', raceEventId, 'compare', other] as const,
    queryFn: ({ signal }) => getSetupComparison(carId, raceEventId, other, signal),
    staleTime: 0,
  });
}

/** The comparison of the race event with `other`. */
export function useSetupComparison(carId: number, raceEventId: number, other: CompareTarget) {
  return useQuery(getSetupComparisonQueryOptions(carId, raceEventId, other));
}
