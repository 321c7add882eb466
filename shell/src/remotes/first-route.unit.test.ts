import { QueryClient } from '@tanstack/react-query';
import { getRaceEventQueryOptions } from '@pitwall/kit';
import { callsTo, json, makeCar, makeRaceEvent, signedInOwner, stubFetch } from '@pitwall/kit/test';
import { prefetchFirstRoute } from './first-route';

vi.mock('./remote-config', () => ({ loadRemoteApp: vi.fn(async () => undefined) }));

describe('prefetchFirstRoute', () => {
  it("starts a race event's data (its view) once the session check says who is signed in, on a session's run sheet", async () => {
    const raceEvent = makeRaceEvent({ id: 2 });
    const fetchMock = stubFetch({ 'GET /api/auth/user': () => json(signedInOwner), 'GET /api/cars/1': () => json(makeCar({ id: 1 })), 'GET /api/cars/1/events/2': () => json(raceEvent) });
    const queryClient = new QueryClient();
    prefetchFirstRoute(queryClient, '/car/1/events/2/sessions/3');
    await vi.waitFor(() => expect(queryClient.getQueryData(getRaceEventQueryOptions(1, 2).queryKey)).toEqual(raceEvent));
    expect(callsTo(fetchMock, 'GET', '/api/cars/1/events/2/view')).toHaveLength(1);
  });

  it("asks for no race event on 'Add New Event'", async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/user': () => json(signedInOwner) });
    const queryClient = new QueryClient();
    prefetchFirstRoute(queryClient, '/car/1/events/new');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/user')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/user']);
  });

  it("starts the car page's view on a car page, and no view where the path's id is no whole number", async () => {
    const fetchMock = stubFetch({ 'GET /api/auth/user': () => json(signedInOwner), 'GET /api/cars/4/view': () => json({}) });
    prefetchFirstRoute(new QueryClient(), '/car/4');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/cars/4/view')).toHaveLength(1));

    fetchMock.mockClear();
    prefetchFirstRoute(new QueryClient(), '/car/abc');
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/user')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/user']);
  });
});
