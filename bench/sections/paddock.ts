import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { importSeason } from '../../services/server/src/seed/import-season.ts';
import { loadSeasonFile } from '../../services/server/src/seed/season-file.ts';
import { tempDir } from '../lib/databases.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { REPO_ROOT } from '../lib/season-events.ts';
import { PITWALL_MAIN, startServerProcess } from '../lib/server-process.ts';
import { median } from '../lib/timing.ts';
import { longRaceScreen, PLAIN_CONTENT, raceWeekendScreens, startPlainScreen } from '../lib/race-weekend-screens.ts';
import { contentScript, PHONE, throttledLoad, type Load } from '../lib/throttled-page.ts';
import { launchChromium } from '../../e2e/support/chromium.ts';
import { ensureBuilt, startBarePage } from './web.ts';

/**
 * Section 8: the dashboard on a paddock connection. Pitwall started the README's way
 * (`node services/server/dist/main.js`, PGlite) with the demo season imported through the API
 * (data/demo-season.json, `npm run seed`'s importSeason), the owner signed in; headless Chromium
 * at a phone viewport (390×844) with CDP network throttling 'paddock 3G' (1.6 Mbps down, 750 kbps
 * up, 300 ms round trip, Network.emulateNetworkConditions, cache left on). Per load: ms from
 * navigation start to the first car card, the requests started before it and the bytes received
 * (encoded, headers included) by then. Cold: a new browser context (empty HTTP cache) each; warm:
 * a second page of the same context (its HTTP cache). Baseline in the same run and under the same
 * throttling: the plain HTML + fetch page of section 5 serving the same cars.
 * Then the screens of a race weekend, each opened by URL (see raceWeekendScreens and benchScreens):
 * a first visit (new context) and a next visit (same context, service worker active, the persisted
 * query cache written) each, against the plain HTML + fetch page of the same data; and the run
 * sheet of a race of 1,500 laps (longRaceScreen), under the same targets.
 */

export interface PaddockSizes {
  /** Loads of each kind (cold, warm, baseline); the figure is their median. */
  loads: number;
}

const PADDOCK_FULL: PaddockSizes = { loads: 5 };

export { PADDOCK_3G } from '../lib/throttled-page.ts';

const COLD_TARGET_MS = 3500;
const COLD_RATIO_TARGET = 3;
const WARM_TARGET_MS = 1500;
const REQUESTS_TARGET = 12;
const BYTES_TARGET_KB = 450;
/** The race weekend's screens: first visit to content, requests and API requests before it; next visit to content and requests reaching the network. */
const SCREEN_FIRST_TARGET_MS = 3000;
const SCREEN_REQUESTS_TARGET = 15;
const SCREEN_API_TARGET = 3;
const SCREEN_NEXT_TARGET_MS = 1000;
const SCREEN_NEXT_NETWORK_TARGET = 3;

/** How long the server may take to answer /healthz on a fresh data dir: generous, as the machine may be busy with other work (ms). */
const STARTUP_TIMEOUT_MS = 180_000;

/** The dashboard's content: its first car card, an <article> linking to its car page (mfe-cars' CarCard). */
const FIRST_CARD = `document.querySelector('article a[href^="/car/"]')`;

/**
 * How a second load of the same context follows the first: 'warm' at once (the HTTP cache; the
 * dashboard's lines), 'next' once the service worker is active and the page has rested a moment
 * (the persisted query cache is written at most once a second), as when a mechanic comes back.
 */
type Second = 'none' | 'warm' | 'next';

/** Time the first visit's page stays open after its service worker is ready, so the persisted query cache is written (ms). */
const PERSIST_REST_MS = 1500;

/** Waits until `page`'s service worker is active and the persisted query cache has had time to be written. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForTimeout(PERSIST_REST_MS);
}

/** `loads` first loads of `url` (new context each, waiting until `check` holds), each followed by a second load in the same context as `second` says. */
async function loadsOf(browser: Browser, url: string, check: string, session: string | null, loads: number, second: Second): Promise<{ cold: Load[]; warm: Load[] }> {
  const result = { cold: [] as Load[], warm: [] as Load[] };
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext(PHONE);
    try {
      if (session) await context.addCookies([{ name: 'pitwall_session', value: session, url: new URL(url).origin }]);
      await context.addInitScript(contentScript(check));
      result.cold.push(await throttledLoad(context, url, second === 'next' ? { afterContent: settle } : {}));
      if (second !== 'none') result.warm.push(await throttledLoad(context, url));
    } finally {
      await context.close();
    }
  }
  return result;
}

const list = (loads: Load[], f: (l: Load) => number) => loads.map((l) => fmt(f(l))).join(', ');
/** The API requests among a load's requests before its content, the session check left out (paths). */
const apiData = (l: Load) => l.paths.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/auth/user'));

/**
 * The race weekend's screens (see raceWeekendScreens), each opened by URL: `sizes.loads` first
 * visits (new context), each followed by a next visit (same context, service worker active), and
 * as many loads of its plain page. Five lines a screen: first visit to content (≤ 3 s and ≤ 3× the
 * plain page), requests before it (≤ 15), the API requests among them (≤ 3), next visit to content
 * (≤ 1 s) and the requests of the next visit that reached the network (≤ 3).
 */
async function benchScreens(browser: Browser, baseUrl: string, session: string, sizes: PaddockSizes, profile: string, log: (line: string) => void): Promise<BenchResult[]> {
  const cookie = `pitwall_session=${session}`;
  const results: BenchResult[] = [];
  const sizesText = `${profile}, median of ${sizes.loads}`;
  for (const screen of [...(await raceWeekendScreens(baseUrl, cookie)), await longRaceScreen(baseUrl, cookie)]) {
    log(`  ${sizes.loads} first + next visits of the ${screen.name} (${screen.path}), then its plain page…`);
    const pitwall = await loadsOf(browser, `${baseUrl}${screen.path}`, screen.check, session, sizes.loads, 'next');
    const plainPage = await startPlainScreen(baseUrl, cookie, screen);
    const plain = await loadsOf(browser, plainPage.url, PLAIN_CONTENT, null, sizes.loads, 'none').finally(() => plainPage.close());
    const baseline = { name: 'plain HTML + fetch page, same data, same throttling', value: median(plain.cold.map((l) => l.ms)), unit: 'ms' };
    const plainRequests = { name: 'plain page', value: median(plain.cold.map((l) => l.requests)), unit: 'requests' };
    const first = median(pitwall.cold.map((l) => l.ms));
    const requests = median(pitwall.cold.map((l) => l.requests));
    const api = median(pitwall.cold.map((l) => apiData(l).length));
    const next = median(pitwall.warm.map((l) => l.ms));
    const network = median(pitwall.warm.map((l) => l.network));
    const title = (what: string) => `Paddock 3G · ${screen.name} · ${what} ${screen.content}`;
    const one = pitwall.cold[0]!;
    const again = pitwall.warm[0]!;
    results.push(
      measured(8, title('first visit · time to'), `${sizesText}, ${screen.path}`, { value: first, unit: 'ms' }, baseline,
        { text: `≤ ${fmt(SCREEN_FIRST_TARGET_MS)} ms and ≤ ${COLD_RATIO_TARGET}× the plain page`, pass: first <= SCREEN_FIRST_TARGET_MS && first / baseline.value <= COLD_RATIO_TARGET },
        [`first visits: ${list(pitwall.cold, (l) => l.ms)} ms; plain page: ${list(plain.cold, (l) => l.ms)} ms (its one fetch: ${screen.api.join(', ')})`,
          `longest chain of requests before the content: ${one.depth} (first load)`,
          `requests before the content (first load; ms after the page's request, start→end): ${one.paths.join(', ')}; the content at ${fmt(one.ms)} ms after navigation start`]),
      measured(8, title('first visit · requests before'), `${sizesText}, ${screen.path}`, { value: requests, unit: 'requests' }, plainRequests,
        { text: `≤ ${SCREEN_REQUESTS_TARGET}`, pass: requests <= SCREEN_REQUESTS_TARGET }, [`first visits: ${list(pitwall.cold, (l) => l.requests)}`]),
      measured(8, title('first visit · API requests for the data before'), `${sizesText}, ${screen.path}`, { value: api, unit: 'requests' },
        { name: 'plain page', value: 1, unit: 'requests' },
        { text: `≤ ${SCREEN_API_TARGET} (the session check not counted)`, pass: api <= SCREEN_API_TARGET }, [`first load: ${apiData(one).join(', ') || 'none'}`]),
      measured(8, title('next visit (service worker active) · time to'), `${sizesText}, ${screen.path}`, { value: next, unit: 'ms' }, baseline,
        { text: `≤ ${fmt(SCREEN_NEXT_TARGET_MS)} ms`, pass: next <= SCREEN_NEXT_TARGET_MS },
        [`next visits: ${list(pitwall.warm, (l) => l.ms)} ms`]),
      measured(8, title('next visit · requests reaching the network before'), `${sizesText}, ${screen.path}`, { value: network, unit: 'requests' }, plainRequests,
        { text: `≤ ${SCREEN_NEXT_NETWORK_TARGET}`, pass: network <= SCREEN_NEXT_NETWORK_TARGET },
        [`next visits: ${list(pitwall.warm, (l) => l.network)} of ${list(pitwall.warm, (l) => l.requests)} requests the page started`,
          `first next visit: the page's requests ${again.paths.join(', ')}; the service worker's own fetches: ${again.workerFetches.join(', ') || 'none'} (CDP throttles the page's requests, not the worker's)`]),
    );
  }
  return results;
}

/** Signs in as the demo season's owner; answers the session cookie's value. */
async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password, loginType: 'admin' }) });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const session = res.headers.getSetCookie().map((c) => /^pitwall_session=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!session) throw new Error('login set no session cookie');
  return session;
}

/** Runs section 8. */
export async function benchPaddock(options: { sizes?: PaddockSizes; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? PADDOCK_FULL;
  const log = options.log ?? (() => {});
  await ensureBuilt(log);
  const season = await loadSeasonFile(path.join(REPO_ROOT, 'data/demo-season.json'));
  const data = await tempDir('paddock');
  const server = await startServerProcess(PITWALL_MAIN, { dataDir: data.dir, timeoutMs: STARTUP_TIMEOUT_MS });
  let browser: Browser | undefined;
  try {
    log('  importing the demo season…');
    await importSeason(season, { baseUrl: server.url });
    const session = await signIn(server.url, season.setup.username, season.setup.password);
    const cars = (await (await fetch(`${server.url}/api/cars`, { headers: { cookie: `pitwall_session=${session}` } })).json()) as unknown[];
    browser = await launchChromium();
    log(`  ${sizes.loads} cold + warm loads of the dashboard on paddock 3G, then the plain page…`);
    const pitwall = await loadsOf(browser, `${server.url}/`, FIRST_CARD, session, sizes.loads, 'warm');
    const barePage = await startBarePage(cars);
    const bare = await loadsOf(browser, barePage.url, FIRST_CARD, null, sizes.loads, 'none').finally(() => barePage.close());

    const profile = `paddock 3G (CDP: 1.6 Mbps down, 750 kbps up, 300 ms RTT), 390×844 phone, demo season (${cars.length} cars), signed in, headless Chromium, Pitwall embedded (PGlite)`;
    const baseline = { name: 'plain HTML + fetch page, same cars, same throttling', value: median(bare.cold.map((l) => l.ms)), unit: 'ms' };
    const cold = median(pitwall.cold.map((l) => l.ms));
    const warm = median(pitwall.warm.map((l) => l.ms));
    const requests = median(pitwall.cold.map((l) => l.requests));
    const kb = median(pitwall.cold.map((l) => l.bytes)) / 1024;
    const first = pitwall.cold[0]!;
    const sizesText = `${profile}, median of ${sizes.loads}`;
    const screens = await benchScreens(browser, server.url, session, sizes, profile, log);
    return [
      measured(8, 'Paddock 3G · cold load · time to first car card', sizesText, { value: cold, unit: 'ms' }, baseline,
        { text: `≤ ${fmt(COLD_TARGET_MS)} ms and ≤ ${COLD_RATIO_TARGET}× the plain page`, pass: cold <= COLD_TARGET_MS && cold / baseline.value <= COLD_RATIO_TARGET },
        [`cold loads: ${list(pitwall.cold, (l) => l.ms)} ms; plain page: ${list(bare.cold, (l) => l.ms)} ms`,
          `longest chain of requests before the card (each started by the one before's answer): ${first.depth} (first load)`,
          `requests before the card (first load; ms after the page's request, start→end): ${first.paths.join(', ')}; the card at ${fmt(first.ms)} ms after navigation start`]),
      measured(8, 'Paddock 3G · warm load (HTTP cache) · time to first car card', sizesText, { value: warm, unit: 'ms' }, baseline,
        { text: `≤ ${fmt(WARM_TARGET_MS)} ms`, pass: warm <= WARM_TARGET_MS },
        [`warm loads: ${list(pitwall.warm, (l) => l.ms)} ms; requests before the card ${list(pitwall.warm, (l) => l.requests)}, ${list(pitwall.warm, (l) => l.bytes / 1024)} kB`]),
      measured(8, 'Paddock 3G · cold load · requests before the first car card', sizesText, { value: requests, unit: 'requests' },
        { name: 'plain page', value: median(bare.cold.map((l) => l.requests)), unit: 'requests' },
        { text: `≤ ${REQUESTS_TARGET}`, pass: requests <= REQUESTS_TARGET }, [`cold loads: ${list(pitwall.cold, (l) => l.requests)}`]),
      measured(8, 'Paddock 3G · cold load · bytes before the first car card', sizesText, { value: kb, unit: 'kB' },
        { name: 'plain page', value: median(bare.cold.map((l) => l.bytes)) / 1024, unit: 'kB' },
        { text: `≤ ${BYTES_TARGET_KB} kB`, pass: kb <= BYTES_TARGET_KB },
        [`cold loads: ${list(pitwall.cold, (l) => l.bytes / 1024)} kB (encoded bytes on the wire, headers included, of the requests finished before the card)`]),
      ...screens,
    ];
  } finally {
    await browser?.close();
    await server.stop();
    await data.remove();
  }
}
