import { startBareServer } from '../lib/bare-server.ts';
import type { BenchBackend } from '../lib/databases.ts';
import { DEMO_GEARS, startPitwallFixture } from '../lib/pitwall-fixture.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';
import { nowMs, percentile } from '../lib/timing.ts';

/**
 * Section 4: command to read-visible. One iteration = PUT /api/cars/{id}/gear-ratios (7 rows; the
 * command appends GearRatiosSet and answers after the projector has applied it) then GET of the
 * same list, checking the GET shows the new ratio. Baseline: a bare CRUD route that UPDATEs the
 * rows in place and SELECTs them, then the bare GET. Iterations alternate between the two, one
 * request at a time over keep-alive connections; p50 and p99 of the whole PUT+GET.
 */

export interface CommandSizes {
  iterations: number;
  warmup: number;
}

const COMMAND_FULL: CommandSizes = { iterations: 200, warmup: 20 };

const P50_TARGET = 2;

async function request(method: 'GET' | 'PUT', url: string, cookie: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Runs section 4 on PostgreSQL when `databaseUrl` is set, else on PGlite. */
export async function benchCommandVisible(options: { databaseUrl?: string; sizes?: CommandSizes }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? COMMAND_FULL;
  const backend: BenchBackend = options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl } : { kind: 'pglite' };
  const fixture = await startPitwallFixture(backend, 2);
  const bare = await startBareServer({ databaseUrl: fixture.databaseUrl, shared: fixture.db, userId: fixture.userId });
  try {
    const [carId, bareCarId] = fixture.carIds as [number, number];
    const contenders = {
      pitwall: { put: `${fixture.url}/api/cars/${carId}/gear-ratios`, get: `${fixture.url}/api/cars/${carId}/gear-ratios` },
      bare: { put: `${bare.url}/bare/cars/${bareCarId}/gear-ratios`, get: `${bare.url}/bare/cars/${bareCarId}/gear-ratios` },
    };
    const samples = { pitwall: [] as number[], bare: [] as number[] };
    for (let i = 0; i < sizes.warmup + sizes.iterations; i++) {
      for (const who of ['pitwall', 'bare'] as const) {
        const ratio = (3 + i / 1000).toFixed(3);
        const body = DEMO_GEARS.map((g, k) => (k === 0 ? { ...g, ratio } : g));
        const start = nowMs();
        await request('PUT', contenders[who].put, fixture.cookie, body);
        const rows = (await request('GET', contenders[who].get, fixture.cookie)) as { ratio: string }[];
        const ms = nowMs() - start;
        if (rows[0]?.ratio !== ratio) throw new Error(`${who}: GET after PUT shows ratio ${rows[0]?.ratio}, expected ${ratio}`);
        if (i >= sizes.warmup) samples[who].push(ms);
      }
    }
    const size = `${sizes.iterations} iterations (after ${sizes.warmup} warm-up), 7 rows, one at a time, loopback, ${fixture.label}`;
    const p = { p50: percentile(samples.pitwall, 50), p99: percentile(samples.pitwall, 99) };
    const b = { p50: percentile(samples.bare, 50), p99: percentile(samples.bare, 99) };
    const note = `baseline: bare Fastify CRUD route, UPDATE … FROM jsonb_to_recordset then SELECT, then the bare GET; Pitwall's PUT reads the car stream, appends, waits for the projector (read-your-writes), then answers the list`;
    return [
      measured(4, 'Command → read-visible · PUT gear-ratios + GET · p50', size, { value: p.p50, unit: 'ms' }, { name: 'bare UPDATE+SELECT route', value: b.p50, unit: 'ms' },
        { text: `≤ ${P50_TARGET}× CRUD`, pass: p.p50 / b.p50 <= P50_TARGET }, [note, `p99: Pitwall ${fmt(p.p99)} ms, bare ${fmt(b.p99)} ms (next line)`]),
      measured(4, 'Command → read-visible · PUT gear-ratios + GET · p99', size, { value: p.p99, unit: 'ms' }, { name: 'bare UPDATE+SELECT route', value: b.p99, unit: 'ms' }, { text: 'none for p99 (the target is on p50)', pass: null }),
    ];
  } finally {
    await bare.close();
    await fixture.close();
  }
}
