import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { fmt } from './report.ts';

/** 'paddock 3G': CDP takes bytes per second and the added round-trip latency in ms. */
export const PADDOCK_3G = { offline: false, latency: 300, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) };
/** A phone: 390×844 CSS px, touch, a 3× screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/**
 * An init script that records, in the page, the ms from navigation start to the moment the
 * expression `check` (JavaScript, evaluated in the page) first holds, as `window.__contentMs`
 * (watched with a MutationObserver from the document's start).
 */
export function contentScript(check: string): string {
  return `
(() => {
  const found = () => { try { return Boolean(${check}); } catch { return false; } };
  const mark = () => { if (window.__contentMs === undefined && found()) { window.__contentMs = performance.now(); observer.disconnect(); } };
  const observer = new MutationObserver(mark);
  document.addEventListener('DOMContentLoaded', mark);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

/** How long a load may take to show its content before the run fails: generous, as the machine may be busy (ms). */
const CONTENT_TIMEOUT_MS = 120_000;

/** One load: time to its content, the requests started before it, and where they were answered. */
export interface Load {
  /** ms from navigation start to the content. */
  ms: number;
  /** Requests the page started before the content (answered by the network, the HTTP cache or the service worker). */
  requests: number;
  /** Of those, the ones that reached the network: the page's requests no service worker answered, plus the service worker's own fetches. */
  network: number;
  /** Encoded bytes (headers included) of the page's requests finished before the content. */
  bytes: number;
  /** Longest chain of requests each started by the previous one's answer (the document is 1). */
  depth: number;
  /** The page's requests in start order with start and end, ms after the first request ('/main.js 350→1620'); 'sw' marks one the service worker answered. */
  paths: string[];
  /** The service worker's fetches that reached the network before the content (paths). */
  workerFetches: string[];
}

interface Seen {
  wallMs: number;
  url: string;
  initiatorUrl: string | null;
  finishedWallMs: number | null;
  bytes: number;
  fromServiceWorker: boolean;
}

/** Records every request of a page through CDP: start (wall clock), initiator, end, encoded bytes and whether a service worker answered it. */
function recordRequests(cdp: CDPSession): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  let monoToWallMs = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    monoToWallMs = e.wallTime * 1000 - e.timestamp * 1000;
    const frame = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    seen.set(e.requestId, { wallMs: e.wallTime * 1000, url: e.request.url, initiatorUrl: e.initiator.url ?? frame?.url ?? null, finishedWallMs: null, bytes: 0, fromServiceWorker: false });
  });
  cdp.on('Network.responseReceived', (e) => {
    const s = seen.get(e.requestId);
    if (s && e.response.fromServiceWorker) s.fromServiceWorker = true;
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

/**
 * Loads `url` in a new page of `context` under paddock 3G and waits for the content the context's
 * {@link contentScript} watches for (at most CONTENT_TIMEOUT_MS). The service worker's own fetches are seen
 * through Playwright's context events (Chromium reports them); CDP throttles the page's requests
 * only, so a fetch the worker passes to the network is counted but not slowed.
 * `afterContent` runs on the page before it closes (e.g. waits for the service worker to be ready).
 * @throws Error naming the URL when the content does not show in time.
 */
export async function throttledLoad(context: BrowserContext, url: string, options: { afterContent?: (page: Page) => Promise<void> } = {}): Promise<Load> {
  const page = await context.newPage();
  const workerFetches: { wallMs: number; url: string }[] = [];
  const onRequest = (request: Request) => {
    if (request.serviceWorker()) workerFetches.push({ wallMs: Date.now(), url: request.url() });
  };
  context.on('request', onRequest);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PADDOCK_3G);
    const seen = recordRequests(cdp);
    await page.goto(url);
    const handle = await page
      .waitForFunction(() => {
        const w = window as unknown as { __contentMs?: number };
        return w.__contentMs === undefined ? undefined : { ms: w.__contentMs, wallMs: performance.timeOrigin + w.__contentMs };
      }, undefined, { timeout: CONTENT_TIMEOUT_MS })
      .catch(async (error: unknown) => {
        const headings = await page.evaluate(() => [...document.querySelectorAll('h1, h2, h3')].map((h) => h.textContent).join(' | ')).catch(() => '?');
        throw new Error(`${url} showed no content in ${CONTENT_TIMEOUT_MS / 1000} s (now at ${page.url()}, headings: ${headings})`, { cause: error });
      });
    const content = (await handle.jsonValue())!;
    const before = [...seen.values()].filter((r) => r.wallMs <= content.wallMs && !r.url.startsWith('data:')).sort((a, b) => a.wallMs - b.wallMs);
    const fetchedByWorker = workerFetches.filter((f) => f.wallMs <= content.wallMs);
    const bytes = before.filter((r) => r.finishedWallMs !== null && r.finishedWallMs <= content.wallMs).reduce((sum, r) => sum + r.bytes, 0);
    const t0 = before[0]?.wallMs ?? content.wallMs;
    const at = (wallMs: number | null) => (wallMs === null ? '…' : fmt(wallMs - t0));
    const paths = before.map((r) => `${new URL(r.url).pathname}${r.fromServiceWorker ? ' (sw)' : ''} ${at(r.wallMs)}→${at(r.finishedWallMs)}`);
    if (options.afterContent) await options.afterContent(page);
    return {
      ms: content.ms,
      requests: before.length,
      network: before.filter((r) => !r.fromServiceWorker).length + fetchedByWorker.length,
      bytes,
      depth: chainDepth(before),
      paths,
      workerFetches: fetchedByWorker.map((f) => new URL(f.url).pathname),
    };
  } finally {
    context.off('request', onRequest);
    await page.close();
  }
}
