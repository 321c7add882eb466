import path from 'node:path';
import { EVENT_SCHEMAS } from '@pitwall/domain';
import { createPostgresEventStore, migrateEventStore, START, type Database, type Sql } from '@pitwall/eventstore';
import { allProjections, DEFAULT_BATCH_SIZE, migrateReadModels, Projector } from '@pitwall/read-models';
import { bulkLoadEvents } from '../lib/bulk-load.ts';
import { backendsFor, NO_POSTGRES, openBenchDatabase, type BenchBackend } from '../lib/databases.ts';
import { profileLines, profiled, type ProfileSummary } from '../lib/profile.ts';
import { fmt, measured, skipped, type BenchResult } from '../lib/report.ts';
import { seasonEvents } from '../lib/season-events.ts';
import { nowMs, perSecond } from '../lib/timing.ts';

/**
 * Section 2: projection rebuild. Generates N events of the demo season's shape (lib/season-events),
 * bulk-loads them into an event store, then times `Projector.catchUp()` of every read model
 * (`allProjections`) into empty read-model tables in a second database (a second schema on
 * PostgreSQL, a second data dir on PGlite): events/s. Baseline in the same run: a naive loop that
 * reads the same events and runs one upsert per event, each its own transaction, for a sample.
 *
 * Sizing: a calibration rebuild (run under the CPU profiler and a statement counter, whose
 * summaries are printed) measures load and rebuild rates; when a time budget is given and the full
 * size would not fit in it, the largest size that fits is used and the line says so. The figure is
 * the rate of a second rebuild, measured without the profiler, on the size printed; nothing is
 * extrapolated.
 */

export interface RebuildSizes {
  /** Events to rebuild on PostgreSQL (the benchmark's size: 1,000,000). */
  postgresEvents: number;
  /** Events to rebuild on PGlite. */
  pgliteEvents: number;
  /** Events of the calibration (and profiled) rebuild. */
  calibrationEvents: number;
  /** Events the naive baseline loop handles. */
  naiveSample: number;
}

const REBUILD_FULL: RebuildSizes = { postgresEvents: 1_000_000, pgliteEvents: 20_000, calibrationEvents: 20_000, naiveSample: 2_000 };

const TARGET_PG = 20_000;
/** Target: the rebuild at the database's pace, as a share of the bulk-load rate of the same run. */
const TARGET_VS_LOAD = { postgres: 0.6, pglite: 0.5 } as const;
/**
 * Planned time × this must fit the budget. 1: the calibration runs under the profiler and the
 * statement counter on a small size, and measured slower than the full run it sizes (2,223 vs
 * 2,974 events/s on PostgreSQL in the first full run), so it already errs on the safe side.
 */
const SAFETY = 1;
/** Seconds kept for the naive sample, dropping the schemas and writing the results. */
const RESERVE_SECONDS = 40;

/** Counts statements and the wall time spent waiting for them, on a Database and its transactions. */
interface StatementStats {
  statements: number;
  waitMs: number;
  /** Wait time and count per statement kind ('INSERT INTO setup_history', 'DELETE FROM gear_ratios', …). */
  byKind: Map<string, { count: number; ms: number }>;
}

function counting(db: Database): { db: Database; stats: StatementStats } {
  const stats: StatementStats = { statements: 0, waitMs: 0, byKind: new Map() };
  const wrap = (sql: Sql): Sql => ({
    async query<Row>(text: string, params?: readonly unknown[]) {
      const start = nowMs();
      try {
        return await sql.query<Row>(text, params);
      } finally {
        const ms = nowMs() - start;
        stats.statements++;
        stats.waitMs += ms;
        const kind = text.trim().split(/\s+/).slice(0, 3).join(' ');
        const k = stats.byKind.get(kind) ?? { count: 0, ms: 0 };
        k.count++;
        k.ms += ms;
        stats.byKind.set(kind, k);
      }
    },
    exec: (text: string) => sql.exec(text),
  });
  const wrapped: Database = {
    ...wrap(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
  return { db: wrapped, stats };
}

interface RebuildRun {
  events: number;
  loadMs: number;
  rebuildMs: number;
  cpuPercent: number;
  rows: Record<string, number>;
  naive?: { events: number; ms: number };
  profile?: ProfileSummary;
  statements?: StatementStats;
}

/** Loads `events` into a fresh store, rebuilds every read model into a fresh second database; optionally profiles and runs the naive sample. */
async function rebuild(backend: BenchBackend, events: number, options: { profileFile?: string | null; naiveSample?: number }): Promise<RebuildRun> {
  const source = await openBenchDatabase(backend, 'rebuild_src');
  const target = await openBenchDatabase(backend, 'rebuild_rm');
  try {
    await migrateEventStore(source.db);
    const loadStart = nowMs();
    await bulkLoadEvents(source.db, seasonEvents(events));
    const loadMs = nowMs() - loadStart;
    if (backend.kind === 'postgres') await source.db.exec('ANALYZE events');

    await migrateReadModels(target.db, allProjections);
    const store = createPostgresEventStore(source.db, { schemas: EVENT_SCHEMAS });
    const counted = options.profileFile !== undefined ? counting(target.db) : null;
    const projector = new Projector({ store, db: counted?.db ?? target.db, projections: allProjections, name: 'bench-rebuild' });
    const cpu = process.cpuUsage();
    const start = nowMs();
    let profile: ProfileSummary | undefined;
    if (options.profileFile !== undefined) profile = (await profiled(options.profileFile, () => projector.catchUp())).summary;
    else await projector.catchUp();
    const rebuildMs = nowMs() - start;
    const used = process.cpuUsage(cpu);
    const cpuPercent = ((used.user + used.system) / 1000 / rebuildMs) * 100;

    const { rows } = await target.db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM setup_history)::int AS setup_history, (SELECT count(*) FROM cars)::int AS cars,
              (SELECT count(*) FROM gear_ratios)::int AS gear_ratios, (SELECT count(*) FROM race_events)::int AS race_events,
              (SELECT count(*) FROM issues)::int AS issues, (SELECT count(*) FROM team_members)::int AS team_members`,
    );

    let naive: RebuildRun['naive'];
    if (options.naiveSample) naive = await naiveLoop(store, target.db, Math.min(options.naiveSample, events));
    return { events, loadMs, rebuildMs, cpuPercent, rows: rows[0] ?? {}, naive, profile, statements: counted?.stats };
  } finally {
    await source.dispose();
    await target.dispose();
  }
}

/**
 * The naive baseline: read the events in pages of 500 and, for each, one upsert of a per-stream row
 * (type, data, position) as its own transaction — what a first projector looks like.
 */
async function naiveLoop(store: ReturnType<typeof createPostgresEventStore>, db: Database, sample: number): Promise<{ events: number; ms: number }> {
  await db.exec(`CREATE TABLE naive_read_model (stream_name text PRIMARY KEY, last_type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, position text NOT NULL)`);
  const start = nowMs();
  let after = START;
  let done = 0;
  while (done < sample) {
    const page = await store.readAll({ after, limit: Math.min(500, sample - done) });
    if (page.length === 0) break;
    for (const e of page) {
      await db.query(
        `INSERT INTO naive_read_model (stream_name, last_type, data, metadata, position) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (stream_name) DO UPDATE SET last_type = EXCLUDED.last_type, data = EXCLUDED.data, metadata = EXCLUDED.metadata, position = EXCLUDED.position`,
        [e.streamName, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), `${e.position.commit}/${e.position.prepare}`],
      );
    }
    done += page.length;
    after = page[page.length - 1]!.position;
  }
  return { events: done, ms: nowMs() - start };
}

const n = (x: number) => x.toLocaleString('en-US');

async function onBackend(backend: BenchBackend, sizes: RebuildSizes, options: { deadlineMs?: number; resultsDir?: string; log: (line: string) => void }): Promise<BenchResult[]> {
  const isPg = backend.kind === 'postgres';
  const wanted = isPg ? sizes.postgresEvents : sizes.pgliteEvents;
  const label = isPg ? 'PostgreSQL' : 'PGlite (temp dirs)';
  const profileFile = options.resultsDir ? path.join(options.resultsDir, `rebuild-${backend.kind}.cpuprofile`) : null;

  const notes: string[] = [];
  let events = wanted;
  options.log(`  calibrating the rebuild on ${label} with ${n(sizes.calibrationEvents)} events (profiled)…`);
  const profiledRun = await rebuild(backend, sizes.calibrationEvents, { profileFile });
  if (options.deadlineMs !== undefined) {
    const perEventSeconds = (profiledRun.loadMs + profiledRun.rebuildMs) / 1000 / profiledRun.events;
    const budgetSeconds = (options.deadlineMs - nowMs()) / 1000 - RESERVE_SECONDS;
    const fits = Math.floor(budgetSeconds / (perEventSeconds * SAFETY) / 10_000) * 10_000;
    if (fits < wanted) {
      events = Math.max(sizes.calibrationEvents, fits);
      notes.push(
        `SIZE REDUCED: ${n(wanted)} events would take ≈ ${fmt(wanted * perEventSeconds)} s to load and rebuild at the calibrated rates; ` +
          `the run had ${fmt(budgetSeconds)} s left for it within the 15-minute budget, so N = ${n(events)} (the largest that fits). ` +
          'The figure is measured on N; nothing is extrapolated.',
      );
    }
  }
  // The measured rebuild runs without the profiler and the statement counter (they slow it, not the load it is set against).
  options.log(`  rebuilding ${n(events)} events on ${label}…`);
  const run = await rebuild(backend, events, { naiveSample: sizes.naiveSample });
  const rate = perSecond(run.events, run.rebuildMs);
  const naive = run.naive!;
  const naiveRate = perSecond(naive.events, naive.ms);
  const p = profiledRun;
  const stats = p.statements!;
  const kinds = [...stats.byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 6);
  notes.push(
    `load (bulk INSERT … unnest, 5,000 rows per statement): ${fmt(perSecond(run.events, run.loadMs))} events/s; rebuild took ${fmt(run.rebuildMs / 1000)} s, Node CPU ${fmt(run.cpuPercent)}% of wall`,
    `read models after: ${Object.entries(run.rows).map(([t, c]) => `${t} ${n(c)}`).join(', ')}`,
    `baseline: naive loop over the first ${n(naive.events)} events, one upsert per event in its own transaction (${fmt(naive.ms / 1000)} s)`,
    `profiled calibration run (${n(p.events)} events): ${fmt(perSecond(p.events, p.rebuildMs))} events/s: ` +
      `${fmt(stats.statements / p.events, 3)} statements per event (set-based: a few per table per batch); ${fmt((100 * stats.waitMs) / p.rebuildMs)}% of the wall time waiting for the database; Node CPU ${fmt(p.cpuPercent)}%`,
    'database wait by statement (share of rebuild wall time, mean per statement):',
    ...kinds.map(([kind, k]) => `  ${fmt((100 * k.ms) / p.rebuildMs).padStart(5)}%  ${kind} ×${n(k.count)}, ${fmt((1000 * k.ms) / k.count)} µs`),
    ...profileLines(p.profile!),
  );
  const title = `Projection rebuild · ${label} · all ${allProjections.length} projections`;
  const sizeText = `${n(run.events)} events of the demo season's shape (${fmt(run.events / 145)} teams × 4 cars × 3 race events), batches of ${n(DEFAULT_BATCH_SIZE)}`;
  const loadRate = perSecond(run.events, run.loadMs);
  const vsLoad = TARGET_VS_LOAD[backend.kind];
  return [
    measured(
      2, title, sizeText,
      { value: rate, unit: 'events/s' },
      { name: 'naive one-upsert-per-event loop', value: naiveRate, unit: 'events/s' },
      isPg ? { text: `≥ ${n(TARGET_PG)} events/s`, pass: rate >= TARGET_PG } : { text: 'none on PGlite (≥ 20,000 events/s is for PostgreSQL)', pass: null },
      notes,
    ),
    measured(
      2, `${title} · against the bulk load`, sizeText,
      { value: rate, unit: 'events/s' },
      { name: 'bulk INSERT … unnest of the same events into the event store', value: loadRate, unit: 'events/s' },
      { text: `≥ ${vsLoad}× the bulk load`, pass: rate / loadRate >= vsLoad },
    ),
  ];
}

/**
 * Runs section 2 on PGlite (a smaller, fixed size) and, when `databaseUrl` is set, on PostgreSQL.
 * `deadlineMs` (a `nowMs()` time) bounds the PostgreSQL size (see the module comment);
 * `resultsDir` is where the profiles (.cpuprofile) go (none written when omitted).
 */
export async function benchRebuild(options: { databaseUrl?: string; sizes?: RebuildSizes; deadlineMs?: number; resultsDir?: string; log?: (line: string) => void }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? REBUILD_FULL;
  const log = options.log ?? (() => {});
  const results: BenchResult[] = [];
  for (const backend of backendsFor(options.databaseUrl)) {
    results.push(...(await onBackend(backend, sizes, { deadlineMs: backend.kind === 'postgres' ? options.deadlineMs : undefined, resultsDir: options.resultsDir, log })));
  }
  if (!options.databaseUrl) results.push(skipped(2, 'Projection rebuild · PostgreSQL', NO_POSTGRES));
  return results;
}
