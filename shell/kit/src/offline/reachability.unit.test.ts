import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';
import { createQueryClient } from '../api/query-client';
import { writeQueue } from './write-queue';
import { NetworkError, PROBE_MIN_MS } from './reachability';

/** A fetch that fails as on a Wi-Fi with no uplink (navigator.onLine stays true) until `reachable()` is called. */
function deadNetwork() {
  let up = false;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (!up) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(init?.method === 'HEAD' ? new Response(null, { status: 200 }) : Response.json({ laps: 12 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, reachable: () => (up = true) };
}

describe('a request that cannot reach the server while the browser says online', () => {
  beforeAll(() => writeQueue.signIn(1));
  beforeEach(() => {
    onlineManager.setOnline(true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
    for (const c of writeQueue.snapshot()) await writeQueue.discard(c.id);
  });

  it('takes the page offline, fails with a NetworkError (a TypeError), and the probe brings it back once the server answers', async () => {
    const network = deadNetwork();
    const error = await apiFetch('/api/cars/1/events/2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(TypeError);
    expect(onlineManager.isOnline()).toBe(false);

    // A probe that fails keeps it offline.
    await vi.advanceTimersByTimeAsync(PROBE_MIN_MS);
    expect(network.fetchMock).toHaveBeenLastCalledWith('/config.json', expect.objectContaining({ method: 'HEAD' }));
    expect(onlineManager.isOnline()).toBe(false);

    network.reachable();
    await vi.advanceTimersByTimeAsync(2 * PROBE_MIN_MS);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('a query that had data keeps it, paused, with no error, and refetches when the server answers again', async () => {
    const network = deadNetwork();
    const client = createQueryClient();
    client.mount(); // as QueryClientProvider does: it follows onlineManager
    const key = ['cars', 1, 'events', 2];
    // What the persisted cache restored, refetched after the first screen as the shell does.
    client.setQueryData(key, { laps: 9 });
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => apiFetch<{ laps: number }>('/api/cars/1/events/2') });
    const unsubscribe = observer.subscribe(() => undefined);
    void client.invalidateQueries({ queryKey: key });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', fetchStatus: 'paused', data: { laps: 9 }, error: null });

    network.reachable();
    await vi.advanceTimersByTimeAsync(2 * PROBE_MIN_MS);
    await vi.waitFor(() => expect(observer.getCurrentResult()).toMatchObject({ status: 'success', fetchStatus: 'idle', data: { laps: 12 } }));
    unsubscribe();
    client.unmount();
  });

  it('a change made meanwhile waits in the write queue without being sent, and is sent once the server answers again', async () => {
    const network = deadNetwork();
    await apiFetch('/api/cars/1/events/2').catch(() => undefined);
    network.fetchMock.mockClear();
    const change = { name: 'Laps — Car 1', offlineAnswer: () => ({ shown: true }), invalidates: [] };
    await expect(apiFetch('/api/cars/1/events/2/sessions/3/laps', { method: 'PUT', body: { laps: [] }, change })).resolves.toEqual({ shown: true });
    expect(network.fetchMock).not.toHaveBeenCalled();
    expect(writeQueue.snapshot()).toEqual([expect.objectContaining({ name: 'Laps — Car 1', status: 'waiting' })]);

    network.reachable();
    await vi.advanceTimersByTimeAsync(2 * PROBE_MIN_MS);
    await vi.waitFor(() => expect(writeQueue.snapshot()).toEqual([]));
    expect(network.fetchMock).toHaveBeenCalledWith('/api/cars/1/events/2/sessions/3/laps', expect.objectContaining({ method: 'PUT' }));
  });
});
