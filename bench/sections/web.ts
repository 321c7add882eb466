import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { tempDir } from '../lib/databases.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { demoSeason, REPO_ROOT } from '../lib/season-events.ts';
import { PITWALL_MAIN, startServerProcess } from '../lib/server-process.ts';
import { median, nowMs } from '../lib/timing.ts';
import { contentScript } from '../lib/throttled-page.ts';
import { launchChromium } from '../../e2e/support/chromium.ts';

/**
 * Section 5: web. Gzip sizes (zlib default level, as a server compresses) of the shell's initial
 * JS — the JS files of the shell's own origin the browser fetches before the first car card shows
 * (index.html's entry and any chunk of the shell started by then, by the page's Resource Timing) — and of each remote's
 * remoteEntry.js and all its chunks. Then the dashboard with 50 cars in headless Chromium against
 * Pitwall started the README's way: time from navigation start to the first car card, median of
 * cold loads (new browser context each). Baselines in the same run: for sizes, react +
 * react-dom/client + scheduler production builds gzipped (the framework floor); for the page, a
 * plain HTML page that fetches the same 50 cars as JSON and renders the same cards without a
 * framework, served by bare Fastify on loopback.
 */

export interface WebSizes {
  cars: number;
  loads: number;
}

const WEB_FULL: WebSizes = { cars: 50, loads: 5 };

const SHELL_TARGET_KB = 150;
const REMOTE_ENTRY_TARGET_KB = 40;
const REMOTES = ['cars', 'events', 'teams'] as const;


/** The first car card: an <article> linking to its car page (mfe-cars' CarCard). */
const FIRST_CARD = 'article a[href^="/car/"]';

const gzKb = (bytes: Buffer): number => gzipSync(bytes).length / 1024;
const kb = (x: number) => `${fmt(x)} kB`;

/** Runs `npm run build` when a dist folder the section reads is missing; answers the seconds it took (0 when not needed). */
export async function ensureBuilt(log: (line: string) => void): Promise<number> {
  const needed = ['shell/dist/index.html', 'services/server/dist/main.js', ...REMOTES.map((r) => `mfe-${r}/dist/remoteEntry.js`)];
  if (needed.every((f) => existsSync(path.join(REPO_ROOT, f)))) return 0;
  log('  web not built: running npm run build…');
  const start = nowMs();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (${code}):\n${err.slice(-2000)}`))));
  });
  return (nowMs() - start) / 1000;
}

/** The framework floor: react, react-dom/client and scheduler production builds, gzipped together. */
async function frameworkFloorKb(): Promise<number> {
  const files = ['react/cjs/react.production.js', 'react-dom/cjs/react-dom-client.production.js', 'scheduler/cjs/scheduler.production.js'];
  const bodies = await Promise.all(files.map((f) => readFile(path.join(REPO_ROOT, 'node_modules', f))));
  return bodies.reduce((sum, b) => sum + gzKb(b), 0);
}

/** Sets up a team and `cars` cars through the API of a running Pitwall; answers the session cookie value. */
async function seedCars(url: string, cars: number): Promise<string> {
  const res = await fetch(`${url}/api/auth/setup-team`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' }),
  });
  if (res.status !== 201) throw new Error(`setup-team answered ${res.status}: ${await res.text()}`);
  const session = res.headers.getSetCookie().map((c) => /^pitwall_session=([^;]*)/.exec(c)?.[1]).find(Boolean);
  if (!session) throw new Error('setup-team set no session cookie');
  const demoCars = demoSeason().cars;
  for (let i = 0; i < cars; i++) {
    const d = demoCars[i % demoCars.length]!.car;
    const car = await fetch(`${url}/api/cars`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `pitwall_session=${session}` }, body: JSON.stringify({ ...d, name: `${d.name} (${i + 1})` }) });
    if (car.status !== 201) throw new Error(`POST /api/cars answered ${car.status}: ${await car.text()}`);
  }
  return session;
}

/**
 * Cold loads of `url` with the session cookie: ms to the first card each; of the first load, the JS
 * URLs requested by the time the card was checked (`js`), those of them started before the card
 * showed (`jsBeforeCard`) and each one's start (ms from navigation start, `jsStartMs`).
 */
async function timeLoads(browser: Browser, url: string, session: string | null, loads: number): Promise<{ ms: number[]; js: string[]; jsBeforeCard: string[]; jsStartMs: Map<string, number> }> {
  const ms: number[] = [];
  let js: string[] = [];
  let jsStartMs = new Map<string, number>();
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      if (session) await context.addCookies([{ name: 'pitwall_session', value: session, url }]);
      await context.addInitScript(contentScript(`document.querySelector(${JSON.stringify(FIRST_CARD)})`));
      const page = await context.newPage();
      const seen: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') {
          seen.push(r.url());
        }
      });
      await page.goto(url);
      await page.waitForSelector(FIRST_CARD, { timeout: 30_000 });
      const t = await page.waitForFunction(() => (window as unknown as { __contentMs?: number }).__contentMs, undefined, { timeout: 30_000 });
      const contentMs = Number(await t.jsonValue());
      ms.push(contentMs);
      // A copy: the page goes on requesting scripts (the cards below) while their starts are read.
      if (i === 0) {
        js = [...seen];
        jsStartMs = await startsOf(page, js);
      }
    } finally {
      await context.close();
    }
  }
  return { ms, js, jsBeforeCard: js.filter((u) => jsStartMs.get(u)! <= ms[0]!), jsStartMs };
}

/**
 * When the page started each of `urls`: ms from navigation start, the clock of `__contentMs`, from
 * its Resource Timing entries (written once a request finishes: waited for). The page's request
 * events arrive late and the card is checked a round trip after it shows, so what was requested by
 * then includes chunks the page starts only once the first screen is shown (the kit's dialogs and
 * tabs, the service worker's registration); the start times tell them from the initial ones.
 */
async function startsOf(page: Page, urls: string[]): Promise<Map<string, number>> {
  const starts = await page.waitForFunction((all) => {
    const entries = all.map((u) => performance.getEntriesByName(u)[0]);
    return entries.every(Boolean) && entries.map((e) => e!.startTime);
  }, urls, { timeout: 30_000 });
  const startMs = (await starts.jsonValue()) as number[];
  return new Map(urls.map((u, i) => [u, startMs[i]!]));
}

/** The baseline page: plain HTML that fetches the cars and renders the same cards. */
export async function startBarePage(cars: unknown[]): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title></head><body><main id="root">Loading…</main><script>
fetch('/cars.json').then((r) => r.json()).then((cars) => {
  const root = document.getElementById('root'); root.textContent = '';
  for (const c of cars) {
    const a = document.createElement('article');
    a.innerHTML = '<h3><a></a></h3><p></p>';
    a.querySelector('a').href = '/car/' + c.id; a.querySelector('a').textContent = c.name;
    a.querySelector('p').textContent = c.makeModel + ' (' + c.year + ')';
    root.appendChild(a);
  }
});</script></body></html>`;
  app.get('/', async (_req, reply) => reply.type('text/html').send(html));
  app.get('/cars.json', async () => cars);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`, close: () => app.close() };
}

/** Runs section 5. */
export async function benchWeb(options: { sizes?: WebSizes; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? WEB_FULL;
  const log = options.log ?? (() => {});
  const buildSeconds = await ensureBuilt(log);
  const floor = await frameworkFloorKb();
  const floorBaseline = { name: 'react + react-dom/client + scheduler (gz)', value: floor, unit: 'kB' };
  const results: BenchResult[] = [];

  const data = await tempDir('web');
  const server = await startServerProcess(PITWALL_MAIN, { dataDir: data.dir });
  let browser: Browser | undefined;
  try {
    log(`  seeding ${sizes.cars} cars and loading the dashboard ${sizes.loads}× in Chromium…`);
    const session = await seedCars(server.url, sizes.cars);
    const carsJson = await (await fetch(`${server.url}/api/cars`, { headers: { cookie: `pitwall_session=${session}` } })).json() as unknown[];
    browser = await launchChromium();
    const pitwall = await timeLoads(browser, `${server.url}/`, session, sizes.loads);
    const barePage = await startBarePage(carsJson);
    const bare = await timeLoads(browser, barePage.url, null, sizes.loads).finally(() => barePage.close());

    // Shell initial JS: the shell's own files (not a remote's) the browser started before the first card showed.
    const shellDir = path.join(REPO_ROOT, 'shell/dist');
    const shellPaths = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).pathname).filter((p) => !p.startsWith('/remotes/')))];
    const gzOf = async (files: string[]) => Promise.all(files.map(async (p) => ({ p, kb: gzKb(await readFile(path.join(shellDir, p))) })));
    const shellFiles = shellPaths(pitwall.jsBeforeCard);
    const shellSizes = await gzOf(shellFiles);
    const shellKb = shellSizes.reduce((s, f) => s + f.kb, 0);
    const sharedLater = await gzOf(shellPaths(pitwall.js).filter((p) => !shellFiles.includes(p)));
    const sharedLaterKb = sharedLater.reduce((s, f) => s + f.kb, 0);
    const startOf = (p: string) => [...pitwall.jsStartMs].find(([u]) => new URL(u).pathname === p)![1];
    const indexHtml = await readFile(path.join(shellDir, 'index.html'), 'utf8');
    const entries = [...indexHtml.matchAll(/<script[^>]*src="\/?([^"]+)"/g)].map((m) => m[1]!);
    const entryKb = (await Promise.all(entries.map(async (e) => gzKb(await readFile(path.join(shellDir, e)))))).reduce((a, b) => a + b, 0);
    results.push(
      measured(5, 'Web · shell initial JS (gzip)', `${shellFiles.length} files: index.html's ${entries.join(', ')} (${kb(entryKb)}) + the shell's chunks started before the first car card showed`,
        { value: shellKb, unit: 'kB' }, floorBaseline, { text: `≤ ${SHELL_TARGET_KB} kB gz`, pass: shellKb <= SHELL_TARGET_KB },
        [
          `largest: ${shellSizes.sort((a, b) => b.kb - a.kb).slice(0, 4).map((f) => `${f.p} ${kb(f.kb)}`).join(', ')}`,
          `after the card (${fmt(pitwall.ms[0]!)} ms), the shell served ${sharedLater.length} more chunks (${kb(sharedLaterKb)} gz): ${sharedLater.sort((a, b) => b.kb - a.kb).map((f) => `${f.p} ${kb(f.kb)} (started ${fmt(startOf(f.p))} ms)`).join(', ')}`,
          ...(buildSeconds ? [`web built first (npm run build, ${fmt(buildSeconds)} s)`] : [])]),
    );
    for (const remote of REMOTES) {
      const dir = path.join(REPO_ROOT, `mfe-${remote}`, 'dist');
      const entryGz = gzKb(await readFile(path.join(dir, 'remoteEntry.js')));
      const chunks = (await readdir(dir)).filter((f) => f.endsWith('.js') && f !== 'remoteEntry.js' && !f.startsWith('main.'));
      const chunkSizes = await Promise.all(chunks.map(async (f) => ({ f, kb: gzKb(await readFile(path.join(dir, f))) })));
      const chunkKb = chunkSizes.reduce((a, b) => a + b.kb, 0);
      const ownKb = chunkSizes.filter((c) => c.f.startsWith('__federation_expose_')).reduce((a, b) => a + b.kb, 0);
      const loaded = [...new Set(pitwall.js.map((u) => new URL(u).pathname).filter((p) => p.startsWith(`/remotes/${remote}/`)))];
      results.push(
        measured(5, `Web · mfe-${remote} remoteEntry.js (gzip)`, `remoteEntry.js; chunks: ${chunks.length} files, ${kb(chunkKb)} gz in all (shared fallbacks included; the standalone main.js left out)`,
          { value: entryGz, unit: 'kB' }, floorBaseline, { text: `≤ ${REMOTE_ENTRY_TARGET_KB} kB gz`, pass: entryGz <= REMOTE_ENTRY_TARGET_KB },
          [`exposed module chunks (its own screens): ${kb(ownKb)} gz; the dashboard load fetched ${loaded.length} of its files`]),
      );
    }
    results.push(
      measured(5, `Web · dashboard with ${sizes.cars} cars · time to first car card (median)`, `${sizes.loads} cold loads (new context each), headless Chromium, loopback, Pitwall started the README's way on PGlite`,
        { value: median(pitwall.ms), unit: 'ms' }, { name: 'plain HTML + fetch + DOM page, same cars', value: median(bare.ms), unit: 'ms' }, { text: 'none set', pass: null },
        [`Pitwall loads: ${pitwall.ms.map((m) => fmt(m)).join(', ')} ms; baseline loads: ${bare.ms.map((m) => fmt(m)).join(', ')} ms`]),
    );
    return results;
  } finally {
    await browser?.close();
    await server.stop();
    await data.remove();
  }
}
