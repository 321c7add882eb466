import { onlineManager, QueryClient } from '@tanstack/react-query';
import { liveUpdates } from './live-updates';
import { createQueryClient } from '../api/query-client';
import { apiFetch } from '../api/api-fetch';

/** A stand-in for the browser's EventSource: records what was opened and lets the test play the server. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answers the stream. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** The server sends an event. */
  emit(type: string, data: unknown, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

const change = { position: '812/24', stream: 'session-21', type: 'SessionTirePressuresSet', teamId: 1, carId: 7, raceEventId: 3, sessionId: 21, by: { memberId: 2, displayName: 'Sam Okafor' }, at: '2026-11-26T11:21:00.000Z' };

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  onlineManager.setOnline(true);
});
afterEach(() => {
  liveUpdates.stop();
  vi.unstubAllGlobals();
});

it("marks the queries a teammate's change makes stale (the race event's sessions) and leaves the others", async () => {
  const client = new QueryClient();
  client.setQueryData(['cars', 7, 'events', 3, 'sessions'], []);
  client.setQueryData(['cars', 7, 'checklist'], []);
  liveUpdates.start(client);
  const source = FakeEventSource.opened[0]!;
  source.open();
  expect(liveUpdates.status).toBe('live');
  source.emit('change', change, change.position);
  await vi.waitFor(() => expect(client.getQueryState(['cars', 7, 'events', 3, 'sessions'])?.isInvalidated).toBe(true));
  expect(client.getQueryState(['cars', 7, 'checklist'])?.isInvalidated).toBe(false);
});

it("says 'connecting' from the page load until the stream first answers, not 'offline', and 'reconnecting' only after it was live", () => {
  expect(liveUpdates.status).toBe('connecting');
  liveUpdates.start(new QueryClient());
  const first = FakeEventSource.opened[0]!;
  first.onerror?.();
  expect(liveUpdates.status).toBe('connecting');
  first.open();
  expect(liveUpdates.status).toBe('live');
  first.onerror?.();
  expect(liveUpdates.status).toBe('reconnecting');
});

it('closes quietly with no signal and reopens after the last change it heard when the signal returns', () => {
  liveUpdates.start(new QueryClient());
  const first = FakeEventSource.opened[0]!;
  first.open();
  first.emit('change', change, change.position);
  onlineManager.setOnline(false);
  expect([first.readyState, liveUpdates.status]).toEqual([FakeEventSource.CLOSED, 'offline']);
  onlineManager.setOnline(true);
  expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/live', `/api/live?lastEventId=${encodeURIComponent('812/24')}`]);
  expect(liveUpdates.status).toBe('reconnecting');
});

it("refreshes every query but the session's on a 'reset'", async () => {
  const client = new QueryClient();
  client.setQueryData(['auth', 'user'], { id: 1 });
  client.setQueryData(['cars', 7], { id: 7 });
  liveUpdates.start(client);
  FakeEventSource.opened[0]!.emit('reset', {});
  await vi.waitFor(() => expect(client.getQueryState(['cars', 7])?.isInvalidated).toBe(true));
  expect(client.getQueryState(['auth', 'user'])?.isInvalidated).toBe(false);
});

describe('when the browser gives up on the stream', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  /** Signs a user in on a page client, opens the stream and lets the browser give up on it while the session check answers `status`. */
  function refuseStream(status: number) {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(status === 200 ? '{"id":1}' : '{"message":"Not signed in"}', { status })));
    const client = createQueryClient();
    client.setQueryData(['auth', 'user'], { id: 1 });
    client.setQueryData(['cars', 7], { id: 7 });
    liveUpdates.start(client);
    const source = FakeEventSource.opened[0]!;
    source.readyState = FakeEventSource.CLOSED;
    source.onerror?.();
    return client;
  }

  it('signs the page out and stops trying when the session has ended (401)', async () => {
    const client = refuseStream(401);
    await vi.waitFor(() => expect(client.getQueryData(['auth', 'user'])).toBeNull());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(client.getQueryData(['cars', 7])).toBeUndefined();
  });

  it('reopens the stream after 3 s while the session holds (a proxy error page)', async () => {
    const client = refuseStream(200);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 5_000 });
    expect(client.getQueryData(['auth', 'user'])).toEqual({ id: 1 });
  });
});

it("first opens from the oldest read position the page's answers named, so a change made since its reads is sent", async () => {
  const answers = ['812/20', '811/3', '812/4'].map((position) => new Response('[]', { headers: { 'Pitwall-Read-Position': position } }));
  vi.stubGlobal('fetch', vi.fn().mockImplementation(() => Promise.resolve(answers.shift())));
  await Promise.all(['/api/cars', '/api/teams', '/api/cars/7/checklist'].map((path) => apiFetch(path)));
  liveUpdates.start(new QueryClient());
  expect(FakeEventSource.opened.map((s) => s.url)).toEqual([`/api/live?lastEventId=${encodeURIComponent('811/3')}`]);
});
