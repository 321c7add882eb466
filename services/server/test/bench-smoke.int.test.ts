import { describe, expect, it } from 'vitest';
import type { BenchResult } from '../../../bench/lib/report.ts';
import { benchAppend } from '../../../bench/sections/append.ts';
import { benchCommandVisible } from '../../../bench/sections/command-visible.ts';
import { benchEmbeddedStart } from '../../../bench/sections/embedded-start.ts';
import { benchHistoryGrowth } from '../../../bench/sections/history-growth.ts';
import { benchLapImport } from '../../../bench/sections/lap-import.ts';
import { benchTeamImport } from '../../../bench/sections/team-import.ts';
import { benchLiveFanout } from '../../../bench/sections/live-fanout.ts';
import { benchPaddock } from '../../../bench/sections/paddock.ts';
import { benchQueryApi } from '../../../bench/sections/query-api.ts';
import { benchRebuild } from '../../../bench/sections/projection-rebuild.ts';
import { benchWeb } from '../../../bench/sections/web.ts';

/**
 * Smoke test of `npm run bench` (bench/): every section's function runs on tiny sizes and answers
 * finite figures, each with a baseline measured in the same run and a ratio. The bench itself
 * never runs in `npm test`. PostgreSQL lines run when TEST_DATABASE_URL is set, else they must
 * come back as 'skipped: BENCH_DATABASE_URL not set'.
 */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

function expectWellFormed(results: BenchResult[], section: number): void {
  expect(results.length).toBeGreaterThan(0);
  for (const r of results) {
    expect(r.section).toBe(section);
    if (r.kind === 'skipped') {
      expect(databaseUrl).toBeUndefined();
      expect(r.reason).toBe('BENCH_DATABASE_URL not set');
      continue;
    }
    expect(Number.isFinite(r.figure.value), `${r.title}: figure ${r.figure.value}`).toBe(true);
    expect(Number.isFinite(r.baseline.value), `${r.title}: baseline ${r.baseline.value}`).toBe(true);
    expect(r.baseline.name).not.toBe('');
    expect(Number.isFinite(r.ratio), `${r.title}: ratio ${r.ratio}`).toBe(true);
    expect(r.ratio).toBeCloseTo(r.figure.value / r.baseline.value);
    expect(r.sizes).not.toBe('');
    expect(r.target.text).not.toBe('');
  }
  if (databaseUrl === undefined && section <= 2) expect(results.some((r) => r.kind === 'skipped')).toBe(true);
}

describe('bench smoke (tiny sizes)', () => {
  it('1. event store append', async () => {
    expectWellFormed(await benchAppend({ databaseUrl, sizes: { singleEvents: 20, batchedEvents: 200, batchSize: 100, streams: 5 } }), 1);
  }, 120_000);

  it('2. projection rebuild', async () => {
    expectWellFormed(await benchRebuild({ databaseUrl, sizes: { postgresEvents: 1_000, pgliteEvents: 400, calibrationEvents: 400, naiveSample: 100 } }), 2);
  }, 120_000);

  it('3. query API', async () => {
    expectWellFormed(await benchQueryApi({ databaseUrl, sizes: { connections: 5, seconds: 1, warmupSeconds: 1, cars: 3 } }), 3);
  }, 120_000);

  it('4. command to read-visible', async () => {
    expectWellFormed(await benchCommandVisible({ databaseUrl, sizes: { iterations: 5, warmup: 1 } }), 4);
  }, 120_000);

  it('5. web sizes and dashboard load', async () => {
    expectWellFormed(await benchWeb({ sizes: { cars: 3, loads: 1 } }), 5);
  }, 300_000);

  it('6. embedded start', async () => {
    expectWellFormed(await benchEmbeddedStart({ sizes: { restarts: 1 } }), 6);
  }, 180_000);

  it('7. history growth', async () => {
    expectWellFormed(await benchHistoryGrowth({ databaseUrl, sizes: { histories: [2, 30], iterations: 2, warmup: 1 } }), 7);
  }, 180_000);

  it('8. paddock 3G: the dashboard throttled in Chromium', async () => {
    expectWellFormed(await benchPaddock({ sizes: { loads: 1 } }), 8);
  }, 300_000);

  it('9. live fan-out', async () => {
    expectWellFormed(await benchLiveFanout({ databaseUrl, sizes: { clients: 5, iterations: 2, idleStreams: 200 } }), 9);
  }, 180_000);

  it('10. timing sheet preview', async () => {
    expectWellFormed(await benchLapImport({ sizes: { megabytes: 0.2, iterations: 1, warmup: 0 } }), 10);
  }, 60_000);

  it('11. team import', async () => {
    expectWellFormed(await benchTeamImport({ sizes: { events: 2_000 } }), 11);
  }, 60_000);
});
