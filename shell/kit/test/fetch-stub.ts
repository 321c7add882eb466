import { vi } from 'vitest';

export type StubHandler = (body: unknown, url: string) => Response | Promise<Response>;

/** JSON answer for a stub handler. */
export const json = (data: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces global fetch with a table of 'METHOD /path' handlers (exact path, or a RegExp key).
 * Unknown calls answer 404 { message: 'Not stubbed' }. Returns the mock to inspect calls.
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
  return mock;
}

/** The calls made to `method path`, with their parsed JSON bodies. */
export function callsTo(mock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
