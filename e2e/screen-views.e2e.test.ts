import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { visible } from './support/browser.ts';
import { bestLap, bestLapShownAt, NOTE_BEST_LAP } from './support/best-lap.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * One GET per screen, in chromium on a 390×844 phone against the production build and the demo
 * season: a first visit (a new browser context, signed in, nothing cached) to the car page, its
 * Parts tab, a race event's overview and its Sessions tab asks the API for at most 3 requests before
 * the screen's content shows (the session check not counted): the car list and the live stream the
 * shell opens, and the screen's view, which answers every card of it. A first visit to a session's
 * run sheet makes at most FIRST_VISIT_REQUEST_BUDGET requests of any kind before its best lap shows.
 */

const PHONE = { width: 390, height: 844 };
/** A screen's data in at most this many API requests (the session check not counted). */
const SCREEN_API_BUDGET = 3;
/**
 * Requests a first visit to a race event's screen may make before its content shows: the page, the
 * shell's and the remote's files, the kit's parts, the session check and the screen's view (a flat
 * waterfall: what the screen needs starts with the page).
 */
const FIRST_VISIT_REQUEST_BUDGET = 15;
const session = useBrowserSession('screen-views', { start: 'server', remotes: ['mfe-events'] });

let signedIn: BrowserContext;
let carId: number;
let raceEventId: number;
let runSheet: string;

test.beforeAll(async () => {
  ({ context: signedIn, carId } = await demoSeasonOnPhone(session, PHONE));
  const raceEvents = (await (await signedIn.request.get(`/api/cars/${carId}/events`)).json()) as { id: number; name: string }[];
  raceEventId = raceEvents.find((e) => e.name === 'Spring Sprint Round 1')!.id;
  const sessions = (await (await signedIn.request.get(`/api/cars/${carId}/events/${raceEventId}/sessions`)).json()) as { id: number; bestLapMs: number | null }[];
  runSheet = `/car/${carId}/events/${raceEventId}/sessions/${sessions.find((s) => s.bestLapMs !== null)!.id}`;
});

/**
 * Opens `path` in a new phone context (its page labelled `label`) signed in as the demo season's owner (its first visit: no
 * cache), waits until `content(page)` shows, and answers the API requests made until then, the
 * session check left out.
 */
async function firstVisitApiRequests(label: string, path: string, content: (page: Page) => Locator): Promise<string[]> {
  const context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url, storageState: await signedIn.storageState() });
  const page = await session.openPage(context, { label });
  const requests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/auth/user') requests.push(pathname);
  });
  await page.goto(path);
  await visible(content(page));
  const made = [...requests];
  await context.close();
  return made;
}

test.describe('a screen of a race weekend on its first visit', () => {
  test('the car page asks the API at most 3 times before its setup cards show, its data in its one view', async () => {
    const requests = await firstVisitApiRequests('car-page', `/car/${carId}`, (page) => page.getByRole('region', { name: 'Suspension & Alignment' }).getByRole('region', { name: 'Front' }));
    expect(requests).toContain(`/api/cars/${carId}/view`);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(SCREEN_API_BUDGET);
  });

  test("the race event overview asks the API at most 3 times before its technical setup shows, its data in its one view", async () => {
    const requests = await firstVisitApiRequests('race-event-overview', `/car/${carId}/events/${raceEventId}`, (page) => page.getByRole('listitem', { name: 'Tire Pressures' }).getByText(/configuration/));
    expect(requests).toContain(`/api/cars/${carId}/events/${raceEventId}/view`);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(SCREEN_API_BUDGET);
  });

  test('the Sessions tab asks the API at most 3 times before its session cards show, their tire sets in the race event view', async () => {
    const requests = await firstVisitApiRequests('sessions-tab', `/car/${carId}/events/${raceEventId}/sessions`, (page) =>
      page.getByRole('list', { name: 'Sessions in running order' }).getByText(/^Tires: /).first(),
    );
    expect(requests).toContain(`/api/cars/${carId}/events/${raceEventId}/view`);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(SCREEN_API_BUDGET);
  });

  test("the car's Parts tab asks the API at most 3 times before its first part shows, its parts in the car page's view", async () => {
    const requests = await firstVisitApiRequests('parts-tab', `/car/${carId}?tab=parts`, (page) => page.getByRole('tabpanel').getByRole('listitem').first());
    expect(requests).toContain(`/api/cars/${carId}/view`);
    expect(requests.length, requests.join(', ')).toBeLessThanOrEqual(SCREEN_API_BUDGET);
  });
});

test.describe("a session's run sheet on its first visit", () => {
  test(`makes at most ${FIRST_VISIT_REQUEST_BUDGET} requests before its best lap shows, its view among them`, async () => {
    const context = await session.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, baseURL: session.server.url, storageState: await signedIn.storageState() });
    await context.addInitScript(NOTE_BEST_LAP);
    const page = await session.openPage(context, { label: 'run-sheet-first-visit' });
    const sent: { at: number; request: Request }[] = [];
    page.on('request', (request) => sent.push({ at: Date.now(), request }));
    await page.goto(runSheet);
    await visible(bestLap(page));
    const shownAt = await bestLapShownAt(page);
    const before = sent.filter((s) => s.at <= shownAt).map((s) => new URL(s.request.url()).pathname);
    await context.close();
    expect(before).toContain(`/api/cars/${carId}/events/${raceEventId}/view`);
    expect(before.length, `requests before the best lap: ${before.join(', ')}`).toBeLessThanOrEqual(FIRST_VISIT_REQUEST_BUDGET);
  });
});
