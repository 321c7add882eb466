import { vi } from 'vitest';
import { carViewPlacements, raceEventViewPlacements, type Placement } from '../src/api/views';

export type StubHandler = (body: unknown, url: string) => Response | Promise<Response>;

/** JSON answer for a stub handler. */
export const json = (data: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

type FetchMock = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * An XMLHttpRequest stand-in that sends through `fetchMock` (so an upload is one more route of the
 * table and one more call of the mock): reports the upload complete, then answers.
 */
function fakeXhrThrough(fetchMock: FetchMock) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      fetchMock(this.url, { method: this.method, body: body ?? null, credentials: this.withCredentials ? 'include' : 'same-origin' }).then(
        async (response) => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}

const VIEW_PATH = /^\/api\/cars\/(\d+)(?:\/events\/(\d+))?\/view$/;

/**
 * A screen's view (GET /api/cars/{carId}/view, …/events/{raceEventId}/view) made of the table's own
 * GETs of its parts, each asked once, as the server makes it of their answers: the refusal of the
 * screen's own GET (the car's, or the race event's) when it is not OK; a part whose GET is not OK
 * is left out (its query then fetches it itself and sees that answer). Versions: none. Lets a table
 * written for the per-resource GETs serve the screens that read a view. Undefined when `url` is no
 * screen's view.
 */
export async function screenView(url: string, get: (url: string) => Promise<Response>): Promise<Response | undefined> {
  const path = VIEW_PATH.exec(url);
  if (!path) return undefined;
  const [, carId, raceEventId] = path.map(Number) as [number, number, number];
  const answers = new Map<string, Promise<Response>>();
  const once = (url: string) => answers.get(url) ?? answers.set(url, get(url)).get(url)!;
  const car = await once(`/api/cars/${carId}`);
  const screen = Number.isNaN(raceEventId) ? car : await once(`/api/cars/${carId}/events/${raceEventId}`);
  if (!screen.ok) return screen;
  const teamId = car.ok ? ((await car.clone().json()) as { teamId: number }).teamId : Number.NaN;
  const placements: Record<string, Placement> = Number.isNaN(raceEventId)
    ? carViewPlacements(carId, teamId)
    : raceEventViewPlacements(carId, raceEventId, teamId, ((await screen.clone().json()) as { location: string }).location);
  const view: Record<string, unknown> = { versions: {} };
  for (const [part, { url }] of Object.entries(placements)) {
    const answer = await once(url);
    if (answer.ok) view[part] = await answer.clone().json();
  }
  return json(view);
}

/**
 * Replaces global fetch (and XMLHttpRequest, which the kit's upload uses) with a table of
 * 'METHOD /path' handlers, matched on the exact path with its query. Unknown calls answer
 * 404 { message: 'Not stubbed' }; a screen's view not in the table is made of the table's GETs of
 * its parts (screenView). Returns the mock to inspect calls (uploads included).
 */
export function stubFetch(routes: Record<string, StubHandler>) {
  const answer = async (method: string, url: string, body: unknown): Promise<Response> => {
    const handler = routes[`${method} ${url}`];
    if (handler) return handler(body, url);
    const view = method === 'GET' ? await screenView(url, (part) => answer('GET', part, undefined)) : undefined;
    return view ?? json({ message: 'Not stubbed' }, 404);
  };
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer(init?.method ?? 'GET', url, body);
  });
  vi.stubGlobal('fetch', mock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrThrough(mock));
  return mock;
}

/** The calls made to `method path`, with their parsed JSON bodies. */
export function callsTo(mock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
