import type { BrowserContext, Page } from '@playwright/test';
import { RESULTS_DIR, visible } from './support/browser.ts';
import { demoSeasonOnPhone } from './support/demo-season.ts';
import { expect, test, useBrowserSession } from './support/session.ts';
import { persisted } from './support/query-cache.ts';

/**
 * Paddock Wi-Fi with no uplink, in chromium on a phone against the production build: the browser
 * believes it is online (`navigator.onLine` stays true: the context is never set offline) but every
 * request fails. A run sheet opened once with signal, on the FIRST visit of a new browser, still
 * shows what was saved after a reload, with the quiet offline line and no error page; a change made
 * meanwhile waits in the write queue and is saved when the network answers again.
 */

const PHONE = { width: 390, height: 844 };
const session = useBrowserSession('dead-wifi', { start: 'server', remotes: ['mfe-events', 'mfe-teams'] });
let context: BrowserContext;
let page: Page;
let carId = 0;
let raceEventId = 0;
let qualifyingId = 0;

/** Every request of the browser (the page's and its service worker's) fails as on a network with no uplink. */
const failEveryRequest = () => context.route('**/*', (route) => route.abort('internetdisconnected'));
/** The run sheet's 'Best lap' statistic (follows the data; the lap editor keeps the laps it opened with). */
const bestLap = () => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Best lap$/ }) }).locator('dd');
const offlineLine = () => page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at \d\d:\d\d$/ });

type Session = { id: number; name: string; laps: { time: string; kind: string }[]; tirePressures: { cold: Record<string, number | null> } | null };

/** A request of the signed-in context, outside the browser (never routed), answering the parsed body. */
async function api<T>(method: 'GET' | 'PUT', url: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(url, { method, data, headers: { Origin: session.server.url } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The demo season's Qualifying run sheet as the server has it. */
async function serverQualifying(): Promise<Session> {
  const sessions = await api<Session[]>('GET', `/api/cars/${carId}/events/${raceEventId}/sessions`);
  return sessions.find((s) => s.id === qualifyingId)!;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ context, carId } = await demoSeasonOnPhone(session, PHONE));
  const events = await api<{ id: number; name: string }[]>('GET', `/api/cars/${carId}/events`);
  raceEventId = events.find((e) => e.name === 'Spring Sprint Round 1')!.id;
  const sessions = await api<Session[]>('GET', `/api/cars/${carId}/events/${raceEventId}/sessions`);
  qualifyingId = sessions.find((s) => s.name === 'Qualifying')!.id;
  page = await session.openPage(context);
});

test.describe('a network that fails while the phone believes it is online', () => {
  test('a run sheet seen once shows what was saved after a reload, with the offline line and no error', async () => {
    // The first visit, with signal: the run sheet opens and is kept on the device.
    await page.goto(`/car/${carId}/events/${raceEventId}/sessions/${qualifyingId}`);
    await expect.poll(() => page.getByLabel('Lap 6 time').inputValue()).toBe('1:43.840');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => persisted(page, ['cars', carId, 'events', raceEventId, 'sessions']), { timeout: 10_000 }).toBe(true);

    // The run sheet is closed (its live stream with it, which would otherwise hear of the correction
    // below while it still has signal), then a lap is corrected on the server: the page must not be able to see it.
    await page.goto('about:blank');
    const saved = await serverQualifying();
    await api('PUT', `/api/cars/${carId}/events/${raceEventId}/sessions/${qualifyingId}/laps`, { laps: saved.laps.map(({ time, kind }, i) => ({ time: i === 5 ? '1:43.900' : time, kind })) });

    // Opened again on the dead network, as a reload would.
    await failEveryRequest();
    await page.goto(`/car/${carId}/events/${raceEventId}/sessions/${qualifyingId}`);
    expect(await page.evaluate(() => navigator.onLine), 'the browser believes it is online').toBe(true);
    await visible(offlineLine());
    expect(await page.getByLabel('Lap 6 time').inputValue()).toBe('1:43.840');
    expect(await bestLap().textContent()).toBe('1:43.840');
    expect(await page.getByLabel('Lap 1 time').inputValue()).toBe('1:52.799');
    expect(await page.getByLabel('Cold Front Left').inputValue()).toBe('27.5');
    expect(await page.getByLabel('Hot Front Right').inputValue()).toBe('34');
    await expect(page.getByText(/could not be loaded/), 'an error in place of the run sheet').toHaveCount(0);
    await expect(page.getByText('Failed to fetch')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Admin Login' }), 'the sign-in screen').toHaveCount(0);
    await page.screenshot({ path: `${RESULTS_DIR}/dead-wifi-run-sheet-phone.png` });
  });

  test('a change made then waits in the write queue and is saved once the network answers again', async () => {
    test.setTimeout(90_000);
    await page.getByLabel('Cold Front Left').fill('28.5');
    await page.getByRole('button', { name: 'Save Tire Pressures' }).click();
    await visible(page.getByRole('status').filter({ hasText: /Saved on this device.*it is sent when the signal returns/ }).first());
    await visible(page.getByRole('button', { name: '1 change waiting for signal' }));
    expect((await serverQualifying()).tirePressures?.cold.fl).toBe(27.5);

    // The network answers again; the browser never said it was away (no `online` event): the probe finds out.
    await context.unroute('**/*');
    await page.getByRole('region', { name: 'Unsent changes' }).waitFor({ state: 'detached', timeout: 45_000 });
    expect((await serverQualifying()).tirePressures?.cold.fl).toBe(28.5);
    // The run sheet is fresh again without a reload: the lap corrected meanwhile shows (the change merged with it), the offline line is gone.
    await expect.poll(() => bestLap().textContent(), { timeout: 15_000 }).toBe('1:43.900');
    expect((await serverQualifying()).laps[5]!.time).toBe('1:43.900');
    await offlineLine().waitFor({ state: 'detached' });
    // A refetch the reconnect started before the change was through may answer the old value after the
    // change's own answer; the live stream's note of the change brings the field to it within moments.
    await expect.poll(() => page.getByLabel('Cold Front Left').inputValue(), { timeout: 15_000 }).toBe('28.5');
  });
});
