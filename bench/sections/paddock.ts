import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';
import { importSeason } from '../../services/server/src/seed/import-season.ts';
import { loadSeasonFile } from '../../services/server/src/seed/season-file.ts';
import { tempDir } from '../lib/databases.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { REPO_ROOT } from '../lib/season-events.ts';
import { PITWALL_MAIN, startServerProcess } from '../lib/server-process.ts';
import { median } from '../lib/timing.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuilt, FIRST_CARD_SCRIPT, startBarePage } from './web.ts';

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
 */

export interface PaddockSizes {
  /** Loads of each kind (cold, warm, baseline); the figure is their median. */
  loads: number;
}

export const PADDOCK_FULL: PaddockSizes = { loads: 5 };

/** 'paddock 3G': CDP takes bytes per second and the added round-trip latency in ms. */
export const PADDOCK_3G = { offline: false, latency: 300, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

const COLD_TARGET_MS = 3500;
const COLD_RATIO_TARGET = 3;
const WARM_TARGET_MS = 1500;
const REQUESTS_TARGET = 12;
const BYTES_TARGET_KB = 450;

/** One load: time to the first card, requests started and bytes received before it, and the chain depth of those requests. */
interface Load {
  ms: number;
  requests: number;
  bytes: number;
  /** Longest chain of requests each started by the previous one's answer (the document is 1). */
  depth: number;
  /** Request paths in start order with their start and end, ms after the first request ('/main.js 350→1620'). */
  paths: string[];
}

interface Seen {
  wallMs: number;
  url: string;
  initiatorUrl: string | null;
  finishedWallMs: number | null;
  bytes: number;
}

/** Records every request of a page through CDP: start (wall clock), initiator, end and encoded bytes. */
function recordRequests(cdp: CDPSession): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  let monoToWallMs = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    monoToWallMs = e.wallTime * 1000 - e.timestamp * 1000;
    const frame = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    seen.set(e.requestId, { wallMs: e.wallTime * 1000, url: e.request.url, initiatorUrl: e.initiator.url ?? frame?.url ?? null, finishedWallMs: null, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = seen.get(e.requestId);
    if (s) Object.assign(s, { finishedWallMs: e.timestamp * 1000 + monoToWallMs, bytes: e.encodedDataLength });
  });
  return seen;
}

/** Depth of each request: 1 for the document, else 1 + the depth of the request that fetched its initiator. */
function chainDepth(requests: Seen[]): number {
  const depthOf = new Map<string, number>();
  let max = 0;
  for (const r of requests) {
    const parent = r.initiatorUrl ? depthOf.get(r.initiatorUrl.split('#')[0]!) : undefined;
    const depth = parent === undefined ? 1 : parent + 1;
    if (!depthOf.has(r.url)) depthOf.set(r.url, depth);
    max = Math.max(max, depth);
  }
  return max;
}

/** Loads `url` in a new page of `context` under paddock 3G and waits for the first car card. */
async function throttledLoad(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PADDOCK_3G);
    const seen = recordRequests(cdp);
    await page.goto(url);
    const handle = await page.waitForFunction(() => {
      const w = window as unknown as { __firstCardMs?: number };
      return w.__firstCardMs === undefined ? undefined : { ms: w.__firstCardMs, wallMs: performance.timeOrigin + w.__firstCardMs };
    }, undefined, { timeout: 60_000 });
    const card = (await handle.jsonValue())!;
    const before = [...seen.values()].filter((r) => r.wallMs <= card.wallMs && !r.url.startsWith('data:')).sort((a, b) => a.wallMs - b.wallMs);
    const bytes = before.filter((r) => r.finishedWallMs !== null && r.finishedWallMs <= card.wallMs).reduce((sum, r) => sum + r.bytes, 0);
    const t0 = before[0]?.wallMs ?? card.wallMs;
    const at = (wallMs: number | null) => (wallMs === null ? '…' : fmt(wallMs - t0));
    const paths = before.map((r) => `${new URL(r.url).pathname} ${at(r.wallMs)}→${at(r.finishedWallMs)}`);
    return { ms: card.ms, requests: before.length, bytes, depth: chainDepth(before), paths };
  } finally {
    await page.close();
  }
}

/** `loads` cold loads (new context each), each followed by a warm load in the same context when `warm`. */
async function loadsOf(browser: Browser, url: string, session: string | null, loads: number, warm: boolean): Promise<{ cold: Load[]; warm: Load[] }> {
  const result = { cold: [] as Load[], warm: [] as Load[] };
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext(PHONE);
    try {
      if (session) await context.addCookies([{ name: 'pitwall_session', value: session, url }]);
      await context.addInitScript(FIRST_CARD_SCRIPT);
      result.cold.push(await throttledLoad(context, url));
      if (warm) result.warm.push(await throttledLoad(context, url));
    } finally {
      await context.close();
    }
  }
  return result;
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
  const server = await startServerProcess(PITWALL_MAIN, { dataDir: data.dir });
  let browser: Browser | undefined;
  try {
    log('  importing the demo season…');
    await importSeason(season, { baseUrl: server.url });
    const session = await signIn(server.url, season.setup.username, season.setup.password);
    const cars = (await (await fetch(`${server.url}/api/cars`, { headers: { cookie: `pitwall_session=${session}` } })).json()) as unknown[];
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    log(`  ${sizes.loads} cold + warm loads of the dashboard on paddock 3G, then the plain page…`);
    const pitwall = await loadsOf(browser, `${server.url}/`, session, sizes.loads, true);
    const barePage = await startBarePage(cars);
    const bare = await loadsOf(browser, barePage.url, null, sizes.loads, false).finally(() => barePage.close());

    const profile = `paddock 3G (CDP: 1.6 Mbps down, 750 kbps up, 300 ms RTT), 390×844 phone, demo season (${cars.length} cars), signed in, headless Chromium, Pitwall embedded (PGlite)`;
    const baseline = { name: 'plain HTML + fetch page, same cars, same throttling', value: median(bare.cold.map((l) => l.ms)), unit: 'ms' };
    const cold = median(pitwall.cold.map((l) => l.ms));
    const warm = median(pitwall.warm.map((l) => l.ms));
    const requests = median(pitwall.cold.map((l) => l.requests));
    const kb = median(pitwall.cold.map((l) => l.bytes)) / 1024;
    const list = (loads: Load[], f: (l: Load) => number) => loads.map((l) => fmt(f(l))).join(', ');
    const first = pitwall.cold[0]!;
    const sizesText = `${profile}, median of ${sizes.loads}`;
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
    ];
  } finally {
    await browser?.close();
    await server.stop();
    await data.remove();
  }
}
