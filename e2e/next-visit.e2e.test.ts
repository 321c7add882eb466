import type { BrowserContext, Request } from '@playwright/test';
import { visible, VIEWPORTS } from './support/browser.ts';
import { bestLap, bestLapShownAt, NOTE_BEST_LAP } from './support/best-lap.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';
import { persisted } from './support/query-cache.ts';

/**
 * A mechanic's next visit, in chromium on a phone against the production build: the run sheet of a
 * demo season's session, opened by its URL in a new browser context (signed in), is opened again
 * in the same context once its service worker is active and the persisted query cache is written.
 * The next visit shows the best lap from what the device kept: at most NEXT_VISIT_NETWORK_BUDGET
 * requests reach the network before it (counts, not times), and an ended session still ends at
 * the sign-in screen.
 */

/** Requests a next visit may send to the network before its content: the session check, the live stream, one more. */
const NEXT_VISIT_NETWORK_BUDGET = 3;

const session = useBrowserSession('next-visit', { start: 'server', remotes: ['mfe-events', 'mfe-teams'] });
let context: BrowserContext;
let runSheet = '';

/**
 * The first visit: opens the run sheet in a new page of the context, waits for its best lap, for
 * the service worker to be active (installed: the remotes cached) and for the persisted query
 * cache to hold the race event's sessions; closes the page.
 */
async function firstVisit(carId: number, raceEventId: number): Promise<void> {
  const page = await session.openPage(context, { label: 'first-visit' });
  await page.goto(runSheet);
  await visible(bestLap(page));
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => persisted(page, ['cars', carId, 'events', raceEventId, 'sessions']), { timeout: 10_000, intervals: [250] }).toBe(true);
  await page.close();
}

/** A request of the context (the page's or its service worker's) and when it started (ms since the epoch). */
interface Sent {
  at: number;
  request: Request;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const demo = await demoSeasonOnPhone(session, VIEWPORTS.phone);
  context = demo.context;
  const events = (await (await context.request.get(`/api/cars/${demo.carId}/events`)).json()) as { id: number; name: string }[];
  const raceEventId = events.find((e) => e.name === 'Spring Sprint Round 1')!.id;
  const sessions = (await (await context.request.get(`/api/cars/${demo.carId}/events/${raceEventId}/sessions`)).json()) as { id: number; bestLapMs: number | null }[];
  runSheet = `/car/${demo.carId}/events/${raceEventId}/sessions/${sessions.find((s) => s.bestLapMs !== null)!.id}`;
  await context.addInitScript(NOTE_BEST_LAP);
  await firstVisit(demo.carId, raceEventId);
});

test.describe("a mechanic's next visit to a run sheet", () => {
  test(`reaches the network with at most ${NEXT_VISIT_NETWORK_BUDGET} requests before the best lap shows`, async () => {
    const sent: Sent[] = [];
    const onRequest = (request: Request) => sent.push({ at: Date.now(), request });
    context.on('request', onRequest);
    const page = await session.openPage(context);
    try {
      await page.goto(runSheet);
      await visible(bestLap(page));
      const shownAt = await bestLapShownAt(page);
      const before = sent.filter((s) => s.at <= shownAt);
      // A page's request the service worker answered did not reach the network; the worker's own fetches did.
      const network: string[] = [];
      for (const { request } of before) {
        const byWorker = request.serviceWorker() !== null;
        if (byWorker || !(await request.response())?.fromServiceWorker()) network.push(`${byWorker ? 'service worker: ' : ''}${new URL(request.url()).pathname}`);
      }
      expect(network.length, `reached the network before the best lap: ${network.join(', ')}`).toBeLessThanOrEqual(NEXT_VISIT_NETWORK_BUDGET);
    } finally {
      context.off('request', onRequest);
    }
  });

  test('with the session ended while the phone was away, ends at the sign-in screen', async () => {
    const ended = await context.request.post('/api/auth/logout', { headers: { Origin: session.server.url } });
    expect(ended.status(), await ended.text()).toBe(204);
    const page = await session.openPage(context);
    await page.goto(runSheet);
    await visible(page.getByRole('tab', { name: 'Admin Login' }));
  });
});
