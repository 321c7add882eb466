import { Redis } from 'ioredis';
import { EVENT_SCHEMAS } from '@pitwall/domain';
import type { Database, EventStore, Position, Sql } from '@pitwall/eventstore';
import { createPostgresEventStore, migrateEventStore, migrateSnapshots, openPgliteDatabase, openPostgresDatabase } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, READ_MODELS_REVISION } from '@pitwall/read-models';
import { migrateIdSequences } from './command/ids.ts';
import type { Config } from './config.ts';
import { createMemoryNotifier, type Notifier } from './notify/notifier.ts';
import { createPostgresNotifier } from './notify/postgres-notifier.ts';
import { createRedisNotifier } from './notify/redis-notifier.ts';

/** Minimal logger (pino-compatible). */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Where the data lives: PGlite under a data dir (embedded default), PGlite in memory (tests), or PostgreSQL. */
export type DatabaseChoice = { kind: 'pglite'; dataDir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

export async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  switch (choice.kind) {
    case 'pglite':
      return openPgliteDatabase(choice.dataDir);
    case 'memory':
      return openPgliteDatabase(undefined);
    case 'postgres':
      return openPostgresDatabase(choice.url);
  }
}

/** Lock key serialising migrations when several processes start at once (any constant; 'PITW'). */
const MIGRATION_LOCK = 0x50495457;

/**
 * Creates the event store, read-model tables and id sequences in one transaction, one process at a
 * time. Read models of another version are reset here and rebuilt by the projector (migrateReadModels).
 */
export async function migrate(db: Database): Promise<void> {
  await db.transaction(async (tx: Sql) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migrateEventStore(tx);
    await migrateSnapshots(tx);
    await migrateReadModels(tx, allProjections, { revision: READ_MODELS_REVISION });
    await migrateIdSequences(tx);
  });
}

/**
 * Connects to Redis when REDIS_URL is set. Unreachable at start → null and a note in
 * `degraded` (the system runs on PostgreSQL notifications and in-process limits and sessions).
 */
export async function connectRedis(config: Config, degraded: string[], logger?: Logger): Promise<Redis | null> {
  if (!config.REDIS_URL) return null;
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000, lazyConnect: true });
  // Connection errors surface on the calls that fail; the event only needs to be logged.
  redis.on('error', (error: Error) => logger?.warn({ err: error }, 'redis connection error'));
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    const note = 'redis unreachable at start: PostgreSQL notifications, in-process rate limits and sessions';
    degraded.push(note);
    logger?.warn({ err: error }, note);
    return null;
  }
}

/** The notifier for a process: Redis pub/sub, else PostgreSQL LISTEN/NOTIFY, else in-process (embedded). */
export async function createNotifier(redis: Redis | null, database: DatabaseChoice, deployment: string, logger?: Logger): Promise<Notifier> {
  if (redis) return createRedisNotifier(redis, deployment);
  if (database.kind === 'postgres') return createPostgresNotifier(database.url, deployment, (err) => logger?.warn({ err }, 'notification connection lost; reconnecting'));
  return createMemoryNotifier();
}

/** The event store of a process, with an optional push of "something was appended" (EventStoreDB subscriptions). */
export interface OpenedEventStore {
  store: EventStore;
  /** Calls `onWake` when events arrive after `after` (EventStoreDB only; PostgreSQL relies on notifications). */
  subscribe?: (after: Position, onWake: () => void) => { close(): Promise<void> | void };
  close(): Promise<void>;
}

/**
 * EventStoreDB/KurrentDB when EVENTSTORE_URL is set (read models stay in `db`), else the
 * PostgreSQL event store in `db`; both with the domain's event schemas (upcast on read). The EventStoreDB client is loaded only when used (~1.3 s).
 */
export async function openEventStore(config: Config, db: Database): Promise<OpenedEventStore> {
  if (!config.EVENTSTORE_URL) return { store: createPostgresEventStore(db, { schemas: EVENT_SCHEMAS }), close: async () => {} };
  const { createEsdbEventStore } = await import('@pitwall/eventstore/esdb');
  const store = createEsdbEventStore(config.EVENTSTORE_URL, { schemas: EVENT_SCHEMAS });
  return { store, subscribe: (after, onWake) => store.subscribe(after, () => onWake()), close: () => store.close() };
}
