import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** Entries per page of a history read (the server allows 1–500). */
export const HISTORY_PAGE_SIZE = 20;

/** Filters of GET /api/cars/{carId}/history. `before` is the `position` of the last entry seen. */
export interface HistoryParams {
  eventId?: number;
  before?: string;
  limit?: number;
}

/**
 * GET /api/cars/{carId}/history?eventId=&before=&limit=: changes to the car's record, newest first,
 * each with who made it and the change field by field. ApiError 404 for another team's car.
 */
export function getHistory(carId: number, params: HistoryParams, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const query = new URLSearchParams();
  if (params.eventId !== undefined) query.set('eventId', String(params.eventId));
  if (params.before !== undefined) query.set('before', params.before);
  query.set('limit', String(params.limit ?? HISTORY_PAGE_SIZE));
  return apiFetch<HistoryEntry[]>(`/api/cars/${carId}/history?${query.toString()}`, { signal });
}

/**
 * Paged query of a race event's history, keyed ['cars', carId, 'history', { eventId }]. A page
 * shorter than the page size is the last one; the next page starts before the last entry's position.
 * Always refetched when shown (staleTime 0): saves elsewhere do not invalidate the audit views.
 */
export function getRaceEventHistoryQueryOptions(carId: number, eventId: number) {
  return infiniteQueryOptions({
    queryKey: ['cars', carId, 'history', { eventId }] as const,
    queryFn: ({ pageParam, signal }) => getHistory(carId, { eventId, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.length < HISTORY_PAGE_SIZE ? undefined : lastPage.at(-1)?.position),
    staleTime: 0,
  });
}

/** The race event's history, page by page (fetchNextPage = 'Load more'). */
export function useRaceEventHistory(carId: number, eventId: number) {
  return useInfiniteQuery(getRaceEventHistoryQueryOptions(carId, eventId));
}
