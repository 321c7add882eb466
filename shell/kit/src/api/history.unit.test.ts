import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { getCarHistory, getRaceEventHistoryQueryOptions } from './history';

/** The request URLs fetch was called with, answering an empty page to each. */
function recordRequests() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    urls.push(String(input));
    return Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('GET /api/cars/:carId/history cursor', () => {
  it('sends no before for a null cursor', async () => {
    const urls = recordRequests();
    await getCarHistory(7, { raceEventId: 3, before: null });
    expect(urls).toEqual(['/api/cars/7/history?eventId=3&limit=20']);
  });

  it('refetches a paged history restored from the persisted cache without before=null', async () => {
    const urls = recordRequests();
    const options = getRaceEventHistoryQueryOptions(7, 3);
    const first = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await first.fetchInfiniteQuery(options);
    // The persister stores the cache as JSON: the first page's undefined cursor comes back as null.
    const restored = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    hydrate(restored, JSON.parse(JSON.stringify(dehydrate(first))));
    // Shown again (staleTime 0): the stored pages are fetched again with their stored cursors.
    await restored.fetchInfiniteQuery(options);
    expect(urls).toHaveLength(2);
    expect(urls.every((url) => !url.includes('before'))).toBe(true);
  });
});
