import { expect, type BrowserContext } from '@playwright/test';

/**
 * A JSON request of a signed-in browser context, sent with the browser's Origin (`origin`, as the
 * page would), answering the parsed body; an error status fails the test with the method, URL and body.
 */
export async function requestJson<T>(context: BrowserContext, origin: string, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(url, { method, data, headers: { Origin: origin } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}
