import { startBareServer } from '../lib/bare-server.ts';
import type { BenchBackend } from '../lib/databases.ts';
import { loadTest, type LoadResult } from '../lib/load.ts';
import { startPitwallFixture } from '../lib/pitwall-fixture.ts';
import { fmt, measured, type BenchResult } from '../lib/report.ts';

/**
 * Section 3: the query API under load. GET /api/cars/{id}/gear-ratios and GET /api/cars of the
 * real app (createPitwall, listening on loopback, signed-in session cookie) with autocannon, next
 * to a bare Fastify route running the same SELECT on the same data in the same run: requests/s
 * ratio (target ≥ 0.85×) and p99 ratio (target ≤ 1.3×). The embedded app keeps the gear ratio list
 * between commits (services/server/src/answer-cache.ts), and says so in the line's notes.
 */

export interface QuerySizes {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Cars of the team (GET /api/cars answers all of them). */
  cars: number;
}

const QUERY_FULL: QuerySizes = { connections: 50, seconds: 10, warmupSeconds: 2, cars: 50 };

const RPS_TARGET = 0.85;
const P99_TARGET = 1.3;

/** Runs section 3 on PostgreSQL when `databaseUrl` is set, else on PGlite. */
export async function benchQueryApi(options: { databaseUrl?: string; sizes?: QuerySizes; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? QUERY_FULL;
  const log = options.log ?? (() => {});
  const backend: BenchBackend = options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl } : { kind: 'pglite' };
  const fixture = await startPitwallFixture(backend, sizes.cars);
  const bare = await startBareServer({ databaseUrl: fixture.databaseUrl, shared: fixture.db, userId: fixture.userId });
  try {
    const carId = fixture.carIds[0]!;
    const headers = { cookie: fixture.cookie };
    const routes = [
      { name: 'GET /api/cars/{id}/gear-ratios', pitwall: `${fixture.url}/api/cars/${carId}/gear-ratios`, bare: `${bare.url}/bare/cars/${carId}/gear-ratios`, rows: '7 rows', cached: true },
      { name: 'GET /api/cars', pitwall: `${fixture.url}/api/cars`, bare: `${bare.url}/bare/cars`, rows: `${sizes.cars} cars`, cached: false },
    ];
    const results: BenchResult[] = [];
    for (const route of routes) {
      const run = async (url: string): Promise<LoadResult> => {
        await loadTest(url, { connections: Math.min(10, sizes.connections), seconds: sizes.warmupSeconds, headers });
        return loadTest(url, { connections: sizes.connections, seconds: sizes.seconds, headers });
      };
      log(`  ${route.name}: bare route, then Pitwall (${sizes.seconds} s each)…`);
      const b = await run(route.bare);
      const p = await run(route.pitwall);
      const size = `c=${sizes.connections}, ${sizes.seconds} s (after a ${sizes.warmupSeconds} s warm-up), loopback, ${route.rows}, ${fixture.label}`;
      const notes = [
        `Pitwall ${p.requests.toLocaleString('en-US')} requests, p50 ${fmt(p.p50Ms)} ms; bare ${b.requests.toLocaleString('en-US')} requests, p50 ${fmt(b.p50Ms)} ms; autocannon in its own process, servers in the bench process`,
        'baseline: bare Fastify + ' + (fixture.databaseUrl ? 'pg.Pool' : 'the same PGlite') + ' route running the same SELECT (no session lookup, tenancy check, zod validation or serialiser)',
        ...(route.cached ? ["Pitwall keeps this answer between its projector's commits (answer-cache.ts): nothing is saved during the load, so it reads the database about once a second; section 4 reads it after every save"] : []),
      ];
      results.push(
        measured(3, `Query API · ${route.name} · requests/s`, size, { value: p.requestsPerSecond, unit: 'req/s' }, { name: 'bare Fastify route', value: b.requestsPerSecond, unit: 'req/s' },
          { text: `≥ ${RPS_TARGET}× bare`, pass: p.requestsPerSecond / b.requestsPerSecond >= RPS_TARGET }, notes),
        measured(3, `Query API · ${route.name} · p99 latency`, size, { value: p.p99Ms, unit: 'ms' }, { name: 'bare Fastify route', value: b.p99Ms, unit: 'ms' },
          { text: `≤ ${P99_TARGET}× bare`, pass: p.p99Ms / b.p99Ms <= P99_TARGET }),
      );
    }
    return results;
  } finally {
    await bare.close();
    await fixture.close();
  }
}
