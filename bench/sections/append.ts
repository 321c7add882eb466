import { EVENT_SCHEMAS } from '@pitwall/domain';
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, migrateEventStore, type Database, type EventMetadata, type NewEvent } from '@pitwall/eventstore';
import { backendsFor, NO_POSTGRES, openBenchDatabase, type BenchBackend } from '../lib/databases.ts';
import { measured, skipped, type BenchResult } from '../lib/report.ts';
import { nowMs, perSecond } from '../lib/timing.ts';

/**
 * Section 1: event store append. Events/s through Pitwall's adapter (`createPostgresEventStore`:
 * expected-revision check, JSON data, metadata, RETURNING the position) for one event per
 * transaction and for 100-event batches, next to a bare INSERT of the same rows into a table of the
 * same shape (`LIKE events INCLUDING ALL`: same columns, defaults, constraints and indexes), on the
 * same connection pool with the same prepared-statement path. Bare and adapter runs alternate in
 * rounds so drift during the run hits both.
 */

export interface AppendSizes {
  /** Events appended one per transaction, per contender. */
  singleEvents: number;
  /** Events appended in batches of `batchSize`, per contender. */
  batchedEvents: number;
  batchSize: number;
  /** Streams the events are spread over (car-1 … car-N). */
  streams: number;
}

const APPEND_FULL: AppendSizes = { singleEvents: 2000, batchedEvents: 20_000, batchSize: 100, streams: 100 };

/** Single-event appends should cost at most a quarter more than a bare insert. */
const SINGLE_RATIO_TARGET = 0.8;
/** Batched appends on PostgreSQL. */
const BATCHED_TARGET_PG = 10_000;
const ROUNDS = 2;

/** A GearRatiosSet of the demo MX-5 (7 rows): the most common large event of a season. */
function gearEvent(carId: number, first: number): NewEvent {
  const names = ['1st', '2nd', '3rd', '4th', '5th', '6th', 'Final Drive'];
  const ratios = ['5.087', '2.991', '2.035', '1.594', '1.286', '1.000', '2.866'];
  const metadata: EventMetadata = { userId: 1, teamId: 1, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
  return {
    id: randomUUID(),
    type: 'GearRatiosSet',
    data: { carId, raceEventId: null, rows: names.map((name, i) => ({ id: first + i, name, ratio: ratios[i]!, speedAtMaxRpm: String(60 + i * 40), notes: i === 0 ? '7500 rpm, 205/45R17' : null })) },
    metadata,
  };
}

const BARE_COLUMNS = '(stream_name, stream_position, event_id, type, data, metadata)';

/** Multi-row VALUES for `n` events: ($1,$2,$3,$4,$5::jsonb,$6::jsonb), … */
function valuesList(n: number): string {
  return Array.from({ length: n }, (_, r) => `(${[1, 2, 3, 4, 5, 6].map((c) => `$${r * 6 + c}${c >= 5 ? '::jsonb' : ''}`).join(', ')})`).join(', ');
}

interface Contenders {
  adapter(stream: string, events: NewEvent[], expected: number | 'no_stream'): Promise<void>;
  bare(stream: string, events: NewEvent[], firstPosition: number): Promise<void>;
}

function contenders(db: Database): Contenders {
  const store = createPostgresEventStore(db, { schemas: EVENT_SCHEMAS });
  const sqlBySize = new Map<number, string>();
  return {
    async adapter(stream, events, expected) {
      await store.appendToStream(stream, events, { expectedRevision: expected });
    },
    async bare(stream, events, firstPosition) {
      let text = sqlBySize.get(events.length);
      if (!text) sqlBySize.set(events.length, (text = `INSERT INTO bare_events ${BARE_COLUMNS} VALUES ${valuesList(events.length)}`));
      await db.query(
        text,
        events.flatMap((e, i) => [stream, firstPosition + i, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]),
      );
    },
  };
}

/**
 * Appends `total` events in appends of `perAppend`, round-robin over `streams` streams, through
 * both contenders in alternating rounds; answers each one's events/s.
 */
async function race(db: Database, sizes: AppendSizes, total: number, perAppend: number): Promise<{ adapter: number; bare: number }> {
  const c = contenders(db);
  const heads = { adapter: new Map<string, number>(), bare: new Map<string, number>() };
  const ms = { adapter: 0, bare: 0 };
  const appendsPerRound = Math.ceil(total / perAppend / ROUNDS);
  let gearId = 1;
  for (let round = 0; round < ROUNDS; round++) {
    for (const who of ['bare', 'adapter'] as const) {
      const batches = Array.from({ length: appendsPerRound }, (_, k) => ({
        stream: `car-${((round * appendsPerRound + k) % sizes.streams) + 1}`,
        events: Array.from({ length: perAppend }, () => gearEvent(k, (gearId += 7))),
      }));
      const start = nowMs();
      for (const { stream, events } of batches) {
        const head = heads[who].get(stream) ?? -1;
        if (who === 'adapter') await c.adapter(stream, events, head < 0 ? 'no_stream' : head);
        else await c.bare(stream, events, head + 1);
        heads[who].set(stream, head + events.length);
      }
      ms[who] += nowMs() - start;
    }
  }
  const done = appendsPerRound * ROUNDS * perAppend;
  return { adapter: perSecond(done, ms.adapter), bare: perSecond(done, ms.bare) };
}

async function onBackend(backend: BenchBackend, sizes: AppendSizes): Promise<BenchResult[]> {
  const bench = await openBenchDatabase(backend, 'append', { max: 2 });
  try {
    await migrateEventStore(bench.db);
    await bench.db.exec('CREATE TABLE bare_events (LIKE events INCLUDING ALL)');
    // Warm-up: connections, prepared statements, the first pages of both tables.
    await race(bench.db, { ...sizes, streams: 10 }, 40, 1);
    const reset = () => bench.db.exec('TRUNCATE events; TRUNCATE bare_events');
    await reset();
    const single = await race(bench.db, sizes, sizes.singleEvents, 1);
    await reset();
    const batched = await race(bench.db, sizes, sizes.batchedEvents, sizes.batchSize);
    const isPg = backend.kind === 'postgres';
    const where = bench.label;
    const common = `JSON data + metadata, ${sizes.streams} streams, ${ROUNDS} alternating rounds`;
    const bareNote = 'baseline: bare INSERT … VALUES of the same rows into bare_events (LIKE events INCLUDING ALL), same pool, prepared';
    return [
      measured(
        1,
        `Event store append · ${where} · 1 event per transaction`,
        `${sizes.singleEvents.toLocaleString('en-US')} events, ${common}`,
        { value: single.adapter, unit: 'events/s' },
        { name: 'bare INSERT', value: single.bare, unit: 'events/s' },
        { text: `≥ ${SINGLE_RATIO_TARGET}× bare`, pass: single.adapter / single.bare >= SINGLE_RATIO_TARGET },
        [bareNote],
      ),
      measured(
        1,
        `Event store append · ${where} · ${sizes.batchSize}-event batches`,
        `${sizes.batchedEvents.toLocaleString('en-US')} events, ${common}`,
        { value: batched.adapter, unit: 'events/s' },
        { name: `bare ${sizes.batchSize}-row INSERT`, value: batched.bare, unit: 'events/s' },
        isPg ? { text: `≥ ${BATCHED_TARGET_PG.toLocaleString('en-US')} events/s`, pass: batched.adapter >= BATCHED_TARGET_PG } : { text: 'none on PGlite (≥ 10,000 events/s is for PostgreSQL)', pass: null },
      ),
    ];
  } finally {
    await bench.dispose();
  }
}

/** Runs section 1 on PGlite and, when `databaseUrl` is set, on PostgreSQL. */
export async function benchAppend(options: { databaseUrl?: string; sizes?: AppendSizes }): Promise<BenchResult[]> {
  const sizes = options.sizes ?? APPEND_FULL;
  const results: BenchResult[] = [];
  for (const backend of backendsFor(options.databaseUrl)) results.push(...(await onBackend(backend, sizes)));
  if (!options.databaseUrl) results.push(skipped(1, 'Event store append · PostgreSQL', NO_POSTGRES));
  return results;
}
