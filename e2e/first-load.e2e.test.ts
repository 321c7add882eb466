import type { CDPSession } from '@playwright/test';
import { PADDOCK_3G } from '../bench/sections/paddock.ts';
import { VIEWPORTS } from './support/browser.ts';
import { expect, test, useBrowserSession } from './support/session.ts';

/**
 * The first load as a flat waterfall, in chromium against the real build served the README's way, with the
 * network throttled to 'paddock 3G' (so that what waits for what shows): the shell's page holds the
 * run-time config and the remotes' manifests (added at serve time, so neither is fetched) and starts
 * the files of the remote that shows its path — the dashboard's remoteEntry.js and App chunk, each
 * fetched once — and the session check and the car list are started by the page itself — not by
 * the shell's code, and before that code has even arrived.
 */

const session = useBrowserSession('first-load', { start: 'server' });
const OWNER = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };
const CAR = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, carClass: 'GT4' };

/** One request as CDP saw it: its URL, the URL of the script or page that started it, and when it started and ended (s, CDP's clock). */
interface Seen {
  url: string;
  initiatorUrl: string | undefined;
  start: number;
  end?: number;
  encoding?: string;
}

/** Every request of the page from now on, in start order (the array fills as they come). */
function record(cdp: CDPSession): Seen[] {
  const all: Seen[] = [];
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const frame = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    const request: Seen = { url: e.request.url, initiatorUrl: e.initiator.url ?? frame?.url, start: e.timestamp };
    seen.set(e.requestId, request);
    all.push(request);
  });
  cdp.on('Network.responseReceived', (e) => {
    const s = seen.get(e.requestId);
    if (s) s.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = seen.get(e.requestId);
    if (s) s.end = e.timestamp;
  });
  return all;
}

test.describe('the first load', () => {
  let cookie: string;
  let carId: number;
  test.beforeAll(async () => {
    const url = session.server.url;
    const setup = await fetch(`${url}/api/auth/setup-team`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
    expect(setup.status).toBe(201);
    cookie = /pitwall_session=([^;]*)/.exec(setup.headers.getSetCookie().join(';'))![1]!;
    const car = await fetch(`${url}/api/cars`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `pitwall_session=${cookie}` }, body: JSON.stringify(CAR) });
    expect(car.status).toBe(201);
    carId = ((await car.json()) as { id: number }).id;
  });

  test('preloads the remote the dashboard needs and starts the session check and the car list with the page, not after the shell’s code', async () => {
    test.setTimeout(60_000);
    const url = session.server.url;

    // The page as served: the run-time config and the remotes' manifests, which name the files it may preload.
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('"config":{"remotes":{"cars":"/remotes/cars/mf-manifest.json"');
    expect(html).toMatch(/"\/remotes\/cars\/mf-manifest\.json":\{"manifest":\{/);

    const context = await session.browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addCookies([{ name: 'pitwall_session', value: cookie, url }]);
    const page = await session.openPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PADDOCK_3G);
    const requests = record(cdp);
    await page.goto(url);
    await page.getByRole('link', { name: CAR.name, exact: true }).waitFor({ state: 'visible', timeout: 30_000 });

    const all = requests;
    const byPath = (path: string) => all.filter((r) => new URL(r.url).pathname === path);
    const one = (path: string) => {
      const found = byPath(path);
      expect(found.map((r) => r.url), `${path} fetched once`).toHaveLength(1);
      return found[0]!;
    };
    const mainJs = all.find((r) => /\/main\.[0-9a-f]{8}\.js$/.test(r.url));
    expect(mainJs, "the shell's main.js").toBeDefined();
    expect(mainJs!.encoding, 'main.js is sent precompressed').toBe('br');

    // The page's data block answers the manifest and the config: neither is fetched.
    expect(byPath('/remotes/cars/mf-manifest.json'), "the cars remote's manifest").toEqual([]);
    expect(byPath('/config.json'), 'the run-time config').toEqual([]);
    // Each preloaded file is fetched once: the preload is what the Module Federation runtime uses.
    one('/remotes/cars/remoteEntry.js');
    const appChunk = `/remotes/cars/${/"(__federation_expose_App\.[0-9a-f]{8}\.js)"/.exec(html)![1]!}`;
    expect(one(appChunk).initiatorUrl, 'the App chunk preloaded by the page').toBe(`${url}/`);

    // The session check and the car list: started by the page's own script, before main.js had arrived.
    for (const path of ['/api/auth/user', '/api/cars']) {
      const request = one(path);
      expect(request.initiatorUrl, `${path} started by the page itself`).toBe(`${url}/`);
      expect(request.start, `${path} started before the shell's main.js had loaded`).toBeLessThan(mainJs!.end!);
    }
    await context.close();
  });

  test("on a race event's screens preloads the events remote and not the dashboard's", async () => {
    test.setTimeout(60_000);
    const url = session.server.url;
    const context = await session.browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addCookies([{ name: 'pitwall_session', value: cookie, url }]);
    const page = await session.openPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = record(cdp);
    await page.goto(`${url}/car/${carId}/events`);
    await page.getByRole('heading', { name: 'Race Events', level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });

    const paths = requests.map((r) => new URL(r.url).pathname);
    expect(paths.filter((p) => p.startsWith('/remotes/cars/')), "the dashboard's remote").toEqual([]);
    const eventsApp = requests.find((r) => /^\/remotes\/events\/__federation_expose_App\.[0-9a-f]{8}\.js$/.test(new URL(r.url).pathname));
    expect(eventsApp?.initiatorUrl, "the events remote's App chunk preloaded by the page").toBe(`${url}/car/${carId}/events`);
    await context.close();
  });
});
