import { randomUUID } from 'node:crypto';
import { mkdtemp, mkdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ConcurrencyError,
  START,
  StoreUnavailableError,
  comparePositions,
  createPostgresEventStore,
  isConnectionError,
  migrateEventStore,
  openPgliteDatabase,
  openPostgresDatabase,
  type Database,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../src/index.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

interface Adapter {
  name: string;
  /** Opens a fresh, migrated database; `url` is set for PostgreSQL (a schema of its own). */
  open(): Promise<{ db: Database; url?: string; cleanup(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'PGlite on disk',
    async open() {
      const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-es-'));
      const db = await openPgliteDatabase(path.join(dir, 'data'));
      return { db, cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PGlite in memory',
    async open() {
      return { db: await openPgliteDatabase(undefined), cleanup: async () => {} };
    },
  },
];
if (databaseUrl !== undefined) {
  adapters.push({
    name: 'PostgreSQL',
    async open() {
      const schema = `eventstore_test_${randomUUID().replaceAll('-', '')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const db = await openPostgresDatabase(url.toString(), { max: 12 });
      return {
        db,
        url: url.toString(),
        async cleanup() {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          await client.query(`DROP SCHEMA ${schema} CASCADE`);
          await client.end();
        },
      };
    },
  });
}

const metadata = { userId: 7, teamId: 3, correlationId: 'req-1', causationId: null, at: '2026-11-21T10:00:00.000Z' };

function newEvent(type: string, data: unknown = {}): NewEvent {
  return { id: randomUUID(), type, data, metadata };
}

/** A unique suffix so each test has its own streams and event types in the shared table. */
const tag = () => randomUUID().slice(0, 8);

/**
 * readAll may lag behind an append while any transaction older than it runs in the cluster
 * (other sessions on a shared server): poll until `count` events are visible.
 */
async function readAllUntil(store: EventStore, options: { after: Position; limit: number; types: string[] }, count: number): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = await store.readAll(options);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(adapters)('event store on $name', (adapter) => {
  let db: Database;
  let url: string | undefined;
  let cleanup: () => Promise<void>;
  let store: EventStore;

  beforeAll(async () => {
    ({ db, url, cleanup } = await adapter.open());
    await migrateEventStore(db);
    await migrateEventStore(db); // idempotent
    store = createPostgresEventStore(db);
  });

  afterAll(async () => {
    await db?.close();
    await cleanup?.();
  });

  describe('appendToStream', () => {
    it('creates a new stream with no_stream and numbers events from 0', async () => {
      const stream = `car-${tag()}`;
      const first = newEvent('CarRegistered', { name: 'Blue', gearRatios: [3.1, 2.2] });
      const result = await store.appendToStream(stream, [first, newEvent('GearRatiosSet', { ratios: [1] })], { expectedRevision: 'no_stream' });

      expect(result.nextExpectedRevision).toBe(1);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.streamPosition, e.type])).toEqual([[0, 'CarRegistered'], [1, 'GearRatiosSet']]);
      expect(events[0]).toMatchObject({ id: first.id, streamName: stream, data: { name: 'Blue', gearRatios: [3.1, 2.2] }, metadata });
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      expect(events[1]!.position).toEqual(result.position);
      expect(comparePositions(events[0]!.position, events[1]!.position)).toBeLessThan(0);
    });

    it('rejects a wrong expected revision with ConcurrencyError and stores nothing', async () => {
      const stream = `car-${tag()}`;
      await store.appendToStream(stream, [newEvent('CarRegistered')], { expectedRevision: 'no_stream' });

      await expect(store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 5 })).rejects.toMatchObject({
        name: 'ConcurrencyError', statusCode: 409, expected: 5, actual: 0,
      });
      await expect(store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.appendToStream(`car-${tag()}`, [newEvent('GearRatiosSet')], { expectedRevision: 0 })).rejects.toMatchObject({ actual: 'no_stream' });
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('lets exactly one of 10 concurrent appends with the same expected revision win', async () => {
      const stream = `car-${tag()}`;
      await store.appendToStream(stream, [newEvent('CarRegistered')], { expectedRevision: 'no_stream' });

      const attempts = Array.from({ length: 10 }, (_, i) =>
        store.appendToStream(stream, [newEvent('GearRatiosSet', { attempt: i }), newEvent('FinalDriveSet', { attempt: i })], { expectedRevision: 0 }));
      const results = await Promise.allSettled(attempts);

      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
      const events = await store.readStream(stream);
      expect(events.map((e) => e.streamPosition)).toEqual([0, 1, 2]);
      expect(new Set(events.slice(1).map((e) => (e.data as { attempt: number }).attempt)).size).toBe(1);
    });

    it("appends all of 10 concurrent 'any' appends, one after another", async () => {
      const stream = `car-${tag()}`;
      const results = await Promise.all(Array.from({ length: 10 }, () => store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'any' })));

      expect(results.map((r) => r.nextExpectedRevision).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect((await store.readStream(stream)).map((e) => e.streamPosition)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it("checks stream_exists and any", async () => {
      const stream = `car-${tag()}`;
      await expect(store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'stream_exists' })).rejects.toMatchObject({ actual: 'no_stream' });
      expect((await store.appendToStream(stream, [newEvent('CarRegistered')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(0);
      expect((await store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'stream_exists' })).nextExpectedRevision).toBe(1);
      expect((await store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'any' })).nextExpectedRevision).toBe(2);
      await expect(store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 'no_stream' })).rejects.toMatchObject({ actual: 2 });
    });

    it('stores a retried append (same event ids) once and answers the current state', async () => {
      const stream = `car-${tag()}`;
      const batch = [newEvent('CarRegistered'), newEvent('GearRatiosSet')];
      const appended: Position[] = [];
      const unsubscribe = store.onAppended((p) => appended.push(p));

      const first = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      const retry = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      unsubscribe();

      expect(retry).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
      expect(appended).toEqual([first.position]);
    });

    it('stores only the new events of a batch that repeats some stored ids', async () => {
      const stream = `car-${tag()}`;
      const stored = newEvent('CarRegistered');
      await store.appendToStream(stream, [stored], { expectedRevision: 'no_stream' });
      const added = newEvent('GearRatiosSet');

      const result = await store.appendToStream(stream, [stored, added], { expectedRevision: 'any' });

      expect(result.nextExpectedRevision).toBe(1);
      expect((await store.readStream(stream)).map((e) => e.id)).toEqual([stored.id, added.id]);
    });

    it('rejects an event id already stored in another stream, an empty batch and an id repeated in a batch', async () => {
      const event = newEvent('CarRegistered');
      await store.appendToStream(`car-${tag()}`, [event], { expectedRevision: 'no_stream' });
      const other = `car-${tag()}`;

      await expect(store.appendToStream(other, [newEvent('X'), event], { expectedRevision: 'any' })).rejects.toThrow(/already stored in stream car-/);
      await expect(store.appendToStream(other, [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(TypeError);
      const twice = newEvent('X');
      await expect(store.appendToStream(other, [twice, twice], { expectedRevision: 'any' })).rejects.toBeInstanceOf(TypeError);
      expect(await store.readStream(other)).toEqual([]);
    });

    it('tells onAppended listeners after commit, until they unsubscribe', async () => {
      const seen: Position[] = [];
      const unsubscribe = store.onAppended((p) => seen.push(p));
      const stream = `car-${tag()}`;
      const result = await store.appendToStream(stream, [newEvent('CarRegistered')], { expectedRevision: 'no_stream' });
      expect(seen).toEqual([result.position]);
      expect((await store.readStream(stream, { to: seen[0] })).map((e) => e.position)).toEqual([result.position]);
      unsubscribe();
      await store.appendToStream(stream, [newEvent('GearRatiosSet')], { expectedRevision: 0 });
      expect(seen).toHaveLength(1);
    });
  });

  describe('readStream', () => {
    it('reads in stream order, up to and including `to`; [] for a missing stream', async () => {
      const stream = `car-${tag()}`;
      const first = await store.appendToStream(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      await store.appendToStream(`car-${tag()}`, [newEvent('Elsewhere')], { expectedRevision: 'no_stream' });
      await store.appendToStream(stream, [newEvent('C')], { expectedRevision: 1 });

      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect((await store.readStream(stream, { to: first.position })).map((e) => e.type)).toEqual(['A', 'B']);
      expect(await store.readStream(stream, { to: START })).toEqual([]);
      expect(await store.readStream(`missing-${tag()}`)).toEqual([]);
    });
  });

  describe('readAll', () => {
    it('reads the global order across streams, filtered by type, page by page with `after`', async () => {
      const t = tag();
      const types = [`Registered${t}`, `Tuned${t}`];
      const s1 = `car-${tag()}`;
      const s2 = `car-${tag()}`;
      await store.appendToStream(s1, [newEvent(types[0]!, { n: 1 })], { expectedRevision: 'no_stream' });
      await store.appendToStream(s2, [newEvent(types[0]!, { n: 2 }), newEvent(`Ignored${t}`), newEvent(types[1]!, { n: 3 })], { expectedRevision: 'no_stream' });
      const last = await store.appendToStream(s1, [newEvent(types[1]!, { n: 4 })], { expectedRevision: 0 });

      const all = await readAllUntil(store, { after: START, limit: 100, types }, 4);
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      expect(all.at(-1)!.position).toEqual(last.position);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);

      const page1 = await store.readAll({ after: START, limit: 3, types });
      const page2 = await store.readAll({ after: page1.at(-1)!.position, limit: 3, types });
      const page3 = await store.readAll({ after: page2.at(-1)!.position, limit: 3, types });
      expect(page1.map((e) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id));
      expect(page2.map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
      expect(page3).toEqual([]);

      expect((await store.readAll({ after: START, limit: 100, types: [types[1]!] })).map((e) => (e.data as { n: number }).n)).toEqual([3, 4]);
      expect(comparePositions(await store.headPosition(), last.position)).toBeGreaterThanOrEqual(0);
      await expect(store.readAll({ after: START, limit: 0 })).rejects.toBeInstanceOf(TypeError);
    });

    if (adapter.name === 'PostgreSQL') {
      it('never skips a transaction that began earlier and commits later', async () => {
        const t = tag();
        const slow = new pg.Client({ connectionString: url });
        await slow.connect();
        try {
          // A takes its transaction id first, then B appends and commits with a LOWER global
          // position than A will get: a reader ordering by global_position alone, having read B,
          // would skip A when it commits.
          await slow.query('BEGIN');
          await slow.query('SELECT pg_current_xact_id()');
          const b = await store.appendToStream(`car-${tag()}`, [newEvent(`B${t}`)], { expectedRevision: 'no_stream' });

          expect(await store.readAll({ after: START, limit: 10, types: [`A${t}`, `B${t}`] })).toEqual([]);
          expect(comparePositions(await store.headPosition(), b.position)).toBeLessThan(0);

          const a = newEvent(`A${t}`);
          await slow.query(
            `INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, '{}', $4)`,
            [`car-${tag()}`, a.id, a.type, JSON.stringify(metadata)],
          );
          expect(await store.readAll({ after: START, limit: 10, types: [`A${t}`, `B${t}`] })).toEqual([]);
          await slow.query('COMMIT');

          const events = await readAllUntil(store, { after: START, limit: 10, types: [`A${t}`, `B${t}`] }, 2);
          expect(events.map((e) => e.type)).toEqual([`A${t}`, `B${t}`]);
          expect(events[0]!.position.prepare).toBeGreaterThan(events[1]!.position.prepare);
        } finally {
          await slow.query('ROLLBACK').catch(() => {});
          await slow.end();
        }
      });
    } else {
      // PGlite has one session: a transaction holds it until it ends, so no reader can run between
      // an earlier transaction's insert and its commit, and late commits cannot happen.
      it('makes a read wait for a running transaction rather than interleave into it', async () => {
        const t = tag();
        let readDone = false;
        let read: Promise<RecordedEvent[]> | undefined;
        await db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, '{}', $4)`,
            [`car-${tag()}`, randomUUID(), `A${t}`, JSON.stringify(metadata)],
          );
          read = store.readAll({ after: START, limit: 10, types: [`A${t}`] }).finally(() => { readDone = true; });
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(readDone).toBe(false);
        });
        expect((await read!).map((e) => e.type)).toEqual([`A${t}`]);
      });
    }
  });

  describe('transaction', () => {
    it('commits when fn resolves and rolls back when it rejects', async () => {
      const stream = `car-${tag()}`;
      const insert = `INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES ($1, $2, $3, 'X', '{}', '{}')`;
      await expect(db.transaction(async (tx) => {
        await tx.query(insert, [stream, 0, randomUUID()]);
        throw new Error('boom');
      })).rejects.toThrow('boom');
      expect(await store.readStream(stream)).toEqual([]);

      const count = await db.transaction(async (tx) => {
        await tx.query(insert, [stream, 0, randomUUID()]);
        const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE stream_name = $1', [stream]);
        return rows[0]!.n;
      });
      expect(count).toBe(1); // int8 as a JS number
      expect(await store.readStream(stream)).toHaveLength(1);
    });
  });
});

describe('connection failures', () => {
  it('reports an unreachable PostgreSQL as a connection error', async () => {
    const error = await openPostgresDatabase('postgres://postgres@127.0.0.1:1/test').catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
  });

  const opens: [string, () => Promise<Database>][] = [['PGlite', () => openPgliteDatabase(undefined)]];
  if (databaseUrl !== undefined) opens.push(['PostgreSQL', () => openPostgresDatabase(databaseUrl)]);
  it.each(opens)('rejects with StoreUnavailableError once %s is closed', async (_name, open) => {
    const db = await open();
    const store = createPostgresEventStore(db);
    await db.close();
    await expect(store.appendToStream('car-1', [newEvent('X')], { expectedRevision: 'any' })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.readAll({ after: START, limit: 1 })).rejects.toMatchObject({ statusCode: 503 });
  });
});

describe('PGlite data directory lock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pitwall-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses a second open while locked, reopens after close, and keeps the data', async () => {
    const dataDir = path.join(dir, 'data');
    const db = await openPgliteDatabase(dataDir);
    await migrateEventStore(db);
    const event = newEvent('CarRegistered', { name: 'Red' });
    await createPostgresEventStore(db).appendToStream('car-9', [event], { expectedRevision: 'no_stream' });

    await expect(openPgliteDatabase(dataDir)).rejects.toThrow(`Data directory ${dataDir} is in use by another Pitwall process`);
    await db.close();

    const reopened = await openPgliteDatabase(dataDir);
    try {
      expect((await createPostgresEventStore(reopened).readStream('car-9')).map((e) => e.id)).toEqual([event.id]);
    } finally {
      await reopened.close();
    }
  });

  it('takes over a stale lock left by a killed process', async () => {
    const dataDir = path.join(dir, 'stale');
    await mkdir(`${dataDir}.lock`, { recursive: true });
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(`${dataDir}.lock`, longAgo, longAgo);

    const db = await openPgliteDatabase(dataDir);
    await db.close();
  });
});
