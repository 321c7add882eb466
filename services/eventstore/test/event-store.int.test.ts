import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createEsdbEventStore, type EsdbEventStore } from '../src/esdb.ts';
import {
  ConcurrencyError,
  DataDirInUseError,
  DataDirUnusableError,
  START,
  lockDataDir,
  StoreUnavailableError,
  comparePositions,
  createPostgresEventStore,
  isConnectionError,
  migrateEventStore,
  compilePgliteWasm,
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

/**
 * What the contract suite runs against: a PostgreSQL adapter (with its Database, for the
 * transaction-level cases) or EventStoreDB (the store alone).
 */
type Subject =
  | { kind: 'postgres'; name: string; open(): Promise<{ store: EventStore; db: Database; url?: string; cleanup(): Promise<void> }> }
  | { kind: 'esdb'; name: string; open(): Promise<{ store: EventStore; db?: undefined; url?: undefined; cleanup(): Promise<void> }> };

/** A PostgreSQL adapter as a contract subject: migrated (twice: idempotent), then the store on it. */
function postgresSubject(adapter: Adapter): Subject {
  return {
    kind: 'postgres',
    name: adapter.name,
    async open() {
      const { db, url, cleanup } = await adapter.open();
      await migrateEventStore(db);
      await migrateEventStore(db); // idempotent
      return {
        store: createPostgresEventStore(db, { schemas: {} }),
        db,
        url,
        async cleanup() {
          await db.close();
          await cleanup();
        },
      };
    },
  };
}

const adapters: Adapter[] = [
  {
    // As main.ts opens it: with PGlite's module compiled ahead (the in-memory one compiles its own).
    name: 'PGlite on disk',
    async open() {
      const dir = await mkdtemp(path.join(tmpdir(), 'pitwall-es-'));
      const db = await openPgliteDatabase(path.join(dir, 'data'), { wasmModule: compilePgliteWasm() });
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

/**
 * The event store contract: every case runs against every subject. The few differences are
 * EventStoreDB's by design (README "EventStoreDB adapter"): event ids are not unique across streams,
 * and there is no SQL transaction to race against.
 */
function contract(subject: Subject) {
  let db: Database | undefined;
  let url: string | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  let store: EventStore;

  beforeAll(async () => {
    ({ store, db, url, cleanup } = await subject.open());
  });

  afterAll(async () => {
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

    it('rejects an event id already stored in another stream (PostgreSQL), an empty batch and an id repeated in a batch', async () => {
      const event = newEvent('CarRegistered');
      await store.appendToStream(`car-${tag()}`, [event], { expectedRevision: 'no_stream' });
      const other = `car-${tag()}`;

      if (subject.kind === 'postgres') {
        // EventStoreDB keeps no store-wide index of event ids: the same id in another stream is stored.
        await expect(store.appendToStream(other, [newEvent('X'), event], { expectedRevision: 'any' })).rejects.toThrow(/already stored in stream car-/);
      }
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

    it('reads from a stream position on (the tail after a snapshot), with or without `to`', async () => {
      const stream = `car-${tag()}`;
      await store.appendToStream(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      const third = await store.appendToStream(stream, [newEvent('C')], { expectedRevision: 1 });
      await store.appendToStream(stream, [newEvent('D')], { expectedRevision: 2 });

      expect((await store.readStream(stream, { from: 2 })).map((e) => [e.type, e.streamPosition])).toEqual([['C', 2], ['D', 3]]);
      expect((await store.readStream(stream, { from: 1, to: third.position })).map((e) => e.type)).toEqual(['B', 'C']);
      expect(await store.readStream(stream, { from: 4 })).toEqual([]);
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

    if (subject.name === 'PostgreSQL') {
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
    } else if (subject.kind === 'postgres') {
      // PGlite has one session: a transaction holds it until it ends, so no reader can run between
      // an earlier transaction's insert and its commit, and late commits cannot happen.
      it('makes a read wait for a running transaction rather than interleave into it', async () => {
        const t = tag();
        let readDone = false;
        let read: Promise<RecordedEvent[]> | undefined;
        await db!.transaction(async (tx) => {
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

  describe.skipIf(subject.kind !== 'postgres')('transaction', () => {
    it('commits when fn resolves and rolls back when it rejects', async () => {
      const database = db!;
      const stream = `car-${tag()}`;
      const insert = `INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata) VALUES ($1, $2, $3, 'X', '{}', '{}')`;
      await expect(database.transaction(async (tx) => {
        await tx.query(insert, [stream, 0, randomUUID()]);
        throw new Error('boom');
      })).rejects.toThrow('boom');
      expect(await store.readStream(stream)).toEqual([]);

      const count = await database.transaction(async (tx) => {
        await tx.query(insert, [stream, 0, randomUUID()]);
        const { rows } = await tx.query<{ n: number }>('SELECT count(*) AS n FROM events WHERE stream_name = $1', [stream]);
        return rows[0]!.n;
      });
      expect(count).toBe(1); // int8 as a JS number
      expect(await store.readStream(stream)).toHaveLength(1);
    });
  });
}

describe.each(adapters.map(postgresSubject))('event store on $name', contract);

describe('connection failures', () => {
  it('reports an unreachable PostgreSQL as a connection error', async () => {
    const error = await openPostgresDatabase('postgres://postgres@127.0.0.1:1/test').catch((e: unknown) => e);
    expect(isConnectionError(error)).toBe(true);
  });

  const opens: [string, () => Promise<Database>][] = [['PGlite', () => openPgliteDatabase(undefined)]];
  if (databaseUrl !== undefined) opens.push(['PostgreSQL', () => openPostgresDatabase(databaseUrl)]);
  it.each(opens)('rejects with StoreUnavailableError once %s is closed', async (_name, open) => {
    const db = await open();
    const store = createPostgresEventStore(db, { schemas: {} });
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

  it('refuses a second open while held by a live process, naming it in one line; reopens after close and keeps the data', async () => {
    const dataDir = path.join(dir, 'data');
    const db = await openPgliteDatabase(dataDir);
    await migrateEventStore(db);
    const event = newEvent('CarRegistered', { name: 'Red' });
    await createPostgresEventStore(db, { schemas: {} }).appendToStream('car-9', [event], { expectedRevision: 'no_stream' });

    const refusal = await openPgliteDatabase(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toMatch(new RegExp(`^Data directory ${dataDir} is in use by another Pitwall process \\(pid ${process.pid} on ${os.hostname()}, since .+\\); stop it first, or remove ${dataDir}\\.lock if that process is not Pitwall$`));
    expect((refusal as Error).message).not.toContain('\n');
    await db.close();

    const reopened = await openPgliteDatabase(dataDir);
    try {
      expect((await createPostgresEventStore(reopened, { schemas: {} }).readStream('car-9')).map((e) => e.id)).toEqual([event.id]);
    } finally {
      await reopened.close();
    }
  });

  it('takes over at once a lock whose holder has died (killed, crashed)', async () => {
    const dataDir = path.join(dir, 'dead-holder');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(`${dataDir}.lock`, JSON.stringify({ pid: Number(dead.stdout), hostname: os.hostname(), startedAt: '2026-03-21T10:00:00.000Z' }));
    // No waiting for the lock to go stale: the holder is checked, found dead, and replaced.
    const release = await lockDataDir(dataDir);
    expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    await release();
    await expect(readFile(`${dataDir}.lock`, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('takes over at once a lock whose holder has crashed but is not yet reaped (a zombie)', async () => {
    const dataDir = path.join(dir, 'zombie-holder');
    // A short `sleep` runs in the background while its parent shell becomes a long `sleep`, which
    // never collects a child's exit status: the short one ends as a zombie until the long one is killed.
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
      while (state() !== 'Z') await new Promise((resolve) => setTimeout(resolve, 10));
      await writeFile(`${dataDir}.lock`, JSON.stringify({ pid, hostname: os.hostname(), startedAt: '2026-03-21T10:00:00.000Z' }));
      const release = await lockDataDir(dataDir);
      expect(JSON.parse(await readFile(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
      await release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('refuses a data directory that cannot be created in one line naming it and the problem', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a directory');
    const dataDir = path.join(file, 'pgdata');
    const refusal = await openPgliteDatabase(dataDir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirUnusableError);
    expect((refusal as Error).message).toBe(`Data directory ${dataDir} cannot be used: a part of its path is a file, not a directory (ENOTDIR); make it writable or choose another directory`);
  });

  it("takes over the lock directory a dead Pitwall 0.1 left (untouched for 10 s), and refuses a fresh one", async () => {
    const dataDir = path.join(dir, 'legacy');
    await mkdir(`${dataDir}.lock`, { recursive: true });
    await expect(openPgliteDatabase(dataDir)).rejects.toThrow(DataDirInUseError);
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(`${dataDir}.lock`, longAgo, longAgo);
    const db = await openPgliteDatabase(dataDir);
    await db.close();
  });
});

/**
 * Where the EventStoreDB contract suite runs: TEST_EVENTSTORE_URL (e.g.
 * `kurrentdb://127.0.0.1:2113?tls=false`), else a container started by testcontainers when it finds
 * an engine, else nowhere (the suite says so and skips).
 */
const ESDB_IMAGE = process.env.TEST_EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10';
const eventStoreDbUrl = process.env.TEST_EVENTSTORE_URL;
const esdbTarget: { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'none'; reason: string } = eventStoreDbUrl !== undefined
  ? { kind: 'url', url: eventStoreDbUrl }
  : await import('testcontainers').then(({ getContainerRuntimeClient }) => getContainerRuntimeClient()).then(
    () => ({ kind: 'container' as const }),
    (error: unknown) => ({ kind: 'none' as const, reason: error instanceof Error ? error.message : String(error) }),
  );
if (esdbTarget.kind === 'none') {
  console.log(`EventStoreDB contract suite skipped: no TEST_EVENTSTORE_URL and no container engine (${esdbTarget.reason})`);
}

/** Starts EventStoreDB in a container (insecure, in memory, no projections) and answers its URL. */
async function startEventStoreDb(): Promise<{ url: string; stop(): Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(ESDB_IMAGE)
    .withCommand(['--insecure', '--run-projections=None', '--mem-db'])
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return { url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, stop: async () => { await container.stop(); } };
}

const esdbSubject: Subject = {
  kind: 'esdb',
  name: 'EventStoreDB',
  async open() {
    const server = esdbTarget.kind === 'url' ? { url: esdbTarget.url, stop: async () => {} } : await startEventStoreDb();
    const store = createEsdbEventStore(server.url, { schemas: {} });
    return {
      store,
      async cleanup() {
        await store.close();
        await server.stop();
      },
    };
  },
};

describe.skipIf(esdbTarget.kind === 'none')('event store on EventStoreDB', () => {
  contract(esdbSubject);

  describe('subscribe', () => {
    let store: EsdbEventStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      const opened = await esdbSubject.open();
      store = opened.store as EsdbEventStore;
      cleanup = opened.cleanup;
    }, 180_000);
    afterAll(() => cleanup?.());

    it('wakes for matching events only, after the given position, and tracks the last one seen', async () => {
      const t = tag();
      const before = await store.appendToStream(`car-${tag()}`, [newEvent(`Old${t}`)], { expectedRevision: 'no_stream' });
      const woken: Position[] = [];
      const subscription = store.subscribe(before.position, (p) => woken.push(p), { types: [`Wanted${t}`, `Old${t}`] });
      try {
        await store.appendToStream(`car-${tag()}`, [newEvent(`Ignored${t}`)], { expectedRevision: 'no_stream' });
        const wanted = await store.appendToStream(`car-${tag()}`, [newEvent(`Wanted${t}`)], { expectedRevision: 'no_stream' });
        const deadline = Date.now() + 10_000;
        while (woken.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(woken).toEqual([wanted.position]);
        expect(comparePositions(subscription.position, wanted.position)).toBeGreaterThanOrEqual(0);
      } finally {
        await subscription.close();
      }
    });
  });
});

describe('EventStoreDB adapter against an unreachable server (no server needed)', () => {
  const unreachable = 'kurrentdb://127.0.0.1:1?tls=false';

  it('rejects every call with StoreUnavailableError (503), checking arguments first', async () => {
    const store = createEsdbEventStore(unreachable, { schemas: {} });
    try {
      await expect(store.appendToStream('car-1', [newEvent('X')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.appendToStream('car-1', [newEvent('X'), newEvent('Y')], { expectedRevision: 3 })).rejects.toMatchObject({ statusCode: 503 });
      await expect(store.readStream('car-1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.readAll({ after: START, limit: 10, types: ['X'] })).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);

      await expect(store.appendToStream('car-1', [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(TypeError);
      await expect(store.appendToStream('car-1', [newEvent('X')], { expectedRevision: -2 })).rejects.toBeInstanceOf(TypeError);
      await expect(store.readAll({ after: START, limit: 0 })).rejects.toBeInstanceOf(TypeError);
      expect(await store.readAll({ after: START, limit: 5, types: [] })).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('resubscribes from the last position with growing, bounded delays until closed', async () => {
    const store = createEsdbEventStore(unreachable, { schemas: {} });
    const after: Position = { commit: 1234n, prepare: 1234n };
    const drops: { attempt: number; delayMs: number; from: Position; error: unknown }[] = [];
    const opened: number[] = [];
    const subscription = store.subscribe(after, () => {}, {
      types: ['CarRegistered'],
      initialMs: 20,
      maxMs: 80,
      onDrop: (info) => drops.push(info),
      onSubscribe: ({ attempt, from }) => {
        opened.push(attempt);
        expect(from).toEqual(after);
      },
    });
    try {
      const deadline = Date.now() + 20_000;
      while (drops.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await subscription.close();
    }
    expect(drops.length).toBeGreaterThanOrEqual(4);
    expect(drops.slice(0, 4).map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
    const [d1, d2, d3, d4] = drops.map((d) => d.delayMs);
    expect(d1).toBeGreaterThanOrEqual(16);
    expect(d1).toBeLessThanOrEqual(20);
    expect(d2).toBeGreaterThanOrEqual(32);
    expect(d3).toBeGreaterThanOrEqual(64);
    expect(d4).toBeLessThanOrEqual(80); // capped at maxMs
    for (const drop of drops) {
      expect(drop.error).toBeInstanceOf(StoreUnavailableError);
      expect(drop.from).toEqual(after);
    }
    expect(subscription.position).toEqual(after);

    // Closed: no further attempt.
    const count = opened.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened.length).toBe(count);
    await store.close();
  });
});
