import { vi } from 'vitest';

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

/**
 * Replaces global fetch (and XMLHttpRequest, which the kit's upload uses) with a table of
 * 'METHOD /path' handlers, matched on the exact path with its query. Unknown calls answer
 * 404 { message: 'Not stubbed' }. Returns the mock to inspect calls (uploads included).
 */
export function stubFetch(routes: Record<string, StubHandler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const handler = routes[`${method} ${url}`];
    if (handler) return handler(body, url);
    return json({ message: 'Not stubbed' }, 404);
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
