import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { changeOf, openLiveStream } from '../../services/server/test/live-stream.ts';
import type { BenchBackend } from '../lib/databases.ts';
import { startPitwallFixture } from '../lib/pitwall-fixture.ts';
import { openIdleStreams } from '../lib/idle-streams.ts';
import { measured, type BenchResult } from '../lib/report.ts';
import { nowMs, percentile } from '../lib/timing.ts';

/**
 * Section 9: live fan-out (`GET /api/live`). Latency: `clients` streams of one team are open; each
 * iteration saves the car's suspension (PUT, answered once projected) and records, for every
 * stream, the time from the PUT's start (before the append) to that stream receiving the change:
 * p50 and p95 over all receipts (target p95 ≤ 250 ms). Baseline: a bare Node HTTP server writing
 * an SSE message of the same size to the same number of raw responses, timed the same way.
 * Memory: the server process's RSS growth with `idleStreams` more streams open and idle, per 1,000
 * (target ≤ 20 MiB); the idle clients live in a child process (lib/idle-streams.ts), so only the
 * server's side counts. Baseline: as many idle streams on the bare server, measured the same way.
 */
export interface LiveSizes {
  clients: number;
  iterations: number;
  idleStreams: number;
}

const LIVE_FULL: LiveSizes = { clients: 200, iterations: 20, idleStreams: 1_000 };

const P95_TARGET_MS = 250;
const MIB_PER_1000_TARGET = 20;

/** A bare SSE server: every GET opens a stream; `broadcast` writes one message to all of them. */
async function startBareSse() {
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('retry: 2000\n\n');
    open.add(res);
    req.on('close', () => open.delete(res));
  });
  server.maxConnections = Infinity;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    broadcast(id: string, data: string) {
      for (const res of open) res.write(`id: ${id}\nevent: change\ndata: ${data}\n\n`);
    },
    close: () => new Promise<void>((resolve) => {
      for (const res of open) res.end();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

type Stream = Awaited<ReturnType<typeof openLiveStream>>;

/** Opens `n` streams at `base` (a few at a time, as phones would). */
async function openStreams(base: string, cookie: string, n: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < n; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => openLiveStream(base, cookie, { timeoutMs: 30_000 })))));
  return streams;
}

/** The size of a memory page on Linux x86-64 and arm64 (bytes): RSS grows and shrinks by whole pages. */
const RSS_PAGE_BYTES = 4096;

/** RSS after a settle and a GC when exposed (bytes). */
async function rss(): Promise<number> {
  await new Promise((r) => setTimeout(r, 300));
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

/** Runs section 9 on PostgreSQL when `databaseUrl` is set, else on PGlite (the embedded process). */
export async function benchLiveFanout(options: { databaseUrl?: string; sizes?: LiveSizes }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? LIVE_FULL;
  const backend: BenchBackend = options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl } : { kind: 'pglite' };
  // Every client is on loopback: the per-address connection cap (a paddock router's phones) is off here.
  const fixture = await startPitwallFixture(backend, 1, { MAX_CONNECTIONS_PER_ADDRESS: '0' });
  const bare = await startBareSse();
  const all: Stream[] = [];
  try {
    const carId = fixture.carIds[0]!;
    const streams = await openStreams(fixture.url, fixture.cookie, sizes.clients);
    const bareStreams = await openStreams(bare.url, fixture.cookie, sizes.clients);
    all.push(...streams, ...bareStreams);
    const samples = { pitwall: [] as number[], bare: [] as number[] };
    let size = 0;
    for (let i = 0; i < sizes.iterations; i++) {
      const camber = `-${(2 + i / 100).toFixed(2)}°`;
      const start = nowMs();
      const arrivals = streams.map((s) => s.next(changeOf('SuspensionSet', { carId })).then((m) => ((size = m.data.length), nowMs() - start)));
      const put = await fetch(`${fixture.url}/api/cars/${carId}/suspension`, { method: 'PUT', headers: { cookie: fixture.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ frontCamber: camber }) });
      if (!put.ok) throw new Error(`PUT suspension answered ${put.status}: ${await put.text()}`);
      samples.pitwall.push(...(await Promise.all(arrivals)));
      for (const s of streams) s.messages.length = 0;

      const id = `bare-${i}`;
      const bareStart = nowMs();
      const bareArrivals = bareStreams.map((s) => s.next((m) => m.id === id).then(() => nowMs() - bareStart));
      bare.broadcast(id, 'x'.repeat(size));
      samples.bare.push(...(await Promise.all(bareArrivals)));
      for (const s of bareStreams) s.messages.length = 0;
    }

    for (const s of all.splice(0)) s.close();
    const per1000 = async (base: string) => {
      const before = await rss();
      const idle = await openIdleStreams(base, fixture.cookie, sizes.idleStreams);
      // RSS moves in whole pages: a growth below one page (a few streams, or memory returned meanwhile) is taken as one page, the resolution of the figure, so the ratio is always defined.
      const grown = Math.max((await rss()) - before, RSS_PAGE_BYTES);
      idle.close();
      return grown / 2 ** 20 / (sizes.idleStreams / 1000);
    };
    const pitwallPer1000 = await per1000(fixture.url);
    const barePer1000 = await per1000(bare.url);

    const label = `${sizes.clients} streams of one team, ${sizes.iterations} saves, loopback, ${fixture.label}`;
    const p = { p50: percentile(samples.pitwall, 50), p95: percentile(samples.pitwall, 95) };
    const b = { p50: percentile(samples.bare, 50), p95: percentile(samples.bare, 95) };
    const note = `from the PUT's start (before the append) to each stream's receipt; baseline: a bare Node HTTP server writing a ${size}-byte SSE message to ${sizes.clients} raw responses`;
    return [
      measured(9, 'Live fan-out · save → every stream · p50', label, { value: p.p50, unit: 'ms' }, { name: 'bare SSE broadcast', value: b.p50, unit: 'ms' }, { text: 'none for p50 (the target is on p95)', pass: null }, [note]),
      measured(9, 'Live fan-out · save → every stream · p95', label, { value: p.p95, unit: 'ms' }, { name: 'bare SSE broadcast', value: b.p95, unit: 'ms' }, { text: `≤ ${P95_TARGET_MS} ms`, pass: p.p95 <= P95_TARGET_MS }, [note]),
      measured(9, 'Live fan-out · RSS per 1,000 idle streams', `${sizes.idleStreams} idle streams, ${fixture.label}`, { value: pitwallPer1000, unit: 'MiB' }, { name: 'bare SSE streams', value: barePer1000, unit: 'MiB' },
        { text: `≤ ${MIB_PER_1000_TARGET} MiB`, pass: pitwallPer1000 <= MIB_PER_1000_TARGET }, [`RSS growth of the process serving the streams; the idle clients run in a child process${(globalThis as { gc?: unknown }).gc ? '' : '; no --expose-gc, so garbage may count'}`]),
    ];
  } finally {
    for (const s of all) s.close();
    await bare.close();
    await fixture.close();
  }
}
