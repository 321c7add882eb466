import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryEntry, HistorySection } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** Entries per page of a card's history (the server allows 1–500). */
export const HISTORY_PAGE_SIZE = 20;

/** The sections of the car detail page that have a 'History' view. */
export type CarHistorySection = Extract<HistorySection, 'basic' | 'gear-ratios' | 'suspension' | 'tire-pressures' | 'maintenance'>;

/**
 * GET /api/cars/{carId}/history?section=&before=&limit=: one section's changes (baseline and every
 * race event), newest first, each with who made it and the change field by field. `before` is the
 * `position` of the last entry already shown. ApiError 404 for another team's car.
 */
export function getCarHistory(carId: number, section: CarHistorySection, before?: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const query = new URLSearchParams({ section, limit: String(HISTORY_PAGE_SIZE) });
  if (before !== undefined) query.set('before', before);
  return apiFetch<HistoryEntry[]>(`/api/cars/${carId}/history?${query.toString()}`, { signal });
}

/**
 * Paged history of one section, keyed ['cars', carId, 'history', section]. A page shorter than
 * HISTORY_PAGE_SIZE is the last one; the next page starts before the last entry's position. The
 * card save mutations invalidate this key, so the view is fresh after every save.
 */
export function getCarHistoryQueryOptions(carId: number, section: CarHistorySection) {
  return infiniteQueryOptions({
    queryKey: ['cars', carId, 'history', section] as const,
    queryFn: ({ pageParam, signal }) => getCarHistory(carId, section, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (lastPage.length < HISTORY_PAGE_SIZE ? undefined : lastPage.at(-1)?.position),
  });
}

/** One section's history, page by page (fetchNextPage = 'Load more'). */
export function useCarHistory(carId: number, section: CarHistorySection) {
  return useInfiniteQuery(getCarHistoryQueryOptions(carId, section));
}
