import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { EVENT_SCHEMAS } from '@pitwall/domain';
import type { Database, EventStore, Position, Sql } from '@pitwall/eventstore';
import { createPostgresEventStore, EVENT_STORE_DDL, migrateEventStore, migrateSnapshots, openPgliteDatabase, openPostgresDatabase, SNAPSHOTS_DDL } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, PROJECTOR_DDL, projectionVersion } from '@pitwall/read-models';
import { ID_KINDS, migrateIdSequences } from './command/ids.ts';
import { pgliteDataDir } from './embedded-database.ts';
import { IDEMPOTENCY_DDL } from './idempotency/idempotency-plugin.ts';
import { AUTH_SESSIONS_DDL } from './identity/sql-auth-session-store.ts';
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

/** Picks the database from the configuration: DATABASE_URL if set, else PGlite in DATA_DIR/pgdata. */
export function databaseFromConfig(config: Config): DatabaseChoice {
  return config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: pgliteDataDir(config.DATA_DIR) };
}

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
 * The schema this release migrates to: a hash of the event store's and the snapshots' DDL, the
 * read models' versions (each projection's DDL and version), the projector's tables and function, the id
 * sequences, the sessions and the idempotency keys tables. Stored by {@link migrate}.
 */
const SCHEMA_FINGERPRINT = createHash('sha256')
  .update(JSON.stringify([EVENT_STORE_DDL, SNAPSHOTS_DDL, allProjections.map(projectionVersion), PROJECTOR_DDL, ID_KINDS, AUTH_SESSIONS_DDL, IDEMPOTENCY_DDL]))
  .digest('hex')
  .slice(0, 32);

const SCHEMA_DDL = `CREATE TABLE IF NOT EXISTS schema_fingerprint (name text PRIMARY KEY, fingerprint text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`;

/** Whether the database was last migrated by a release with this schema (false when it never was: the table is missing). */
async function isMigrated(db: Sql): Promise<boolean> {
  try {
    const { rows } = await db.query<{ fingerprint: string }>(`SELECT fingerprint FROM schema_fingerprint WHERE name = 'pitwall'`);
    return rows[0]?.fingerprint === SCHEMA_FINGERPRINT;
  } catch {
    return false;
  }
}

/**
 * Creates the event store, read-model tables, id sequences and the sessions table in one
 * transaction, one process at a time. A read model of another version is reset here and rebuilt by the projector, alone (migrateReadModels).
 * A database already migrated to {@link SCHEMA_FINGERPRINT} is left alone after one query (the
 * fingerprint is written in the migration's own transaction), which keeps restarts fast.
 */
export async function migrate(db: Database): Promise<void> {
  if (await isMigrated(db)) return;
  await db.transaction(async (tx: Sql) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await migrateEventStore(tx);
    await migrateSnapshots(tx);
    await migrateReadModels(tx, allProjections);
    await migrateIdSequences(tx);
    await tx.exec(AUTH_SESSIONS_DDL);
    await tx.exec(IDEMPOTENCY_DDL);
    await tx.exec(SCHEMA_DDL);
    await tx.query(
      `INSERT INTO schema_fingerprint (name, fingerprint) VALUES ('pitwall', $1) ON CONFLICT (name) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, updated_at = now()`,
      [SCHEMA_FINGERPRINT],
    );
  });
}

/** Attempts at connecting to Redis at start before the process runs without it. */
const REDIS_START_ATTEMPTS = 3;

/**
 * Connects to Redis when REDIS_URL is set. Unreachable at start (REDIS_START_ATTEMPTS attempts,
 * each given 2 s) → null and a note in `degraded` (the system runs on PostgreSQL notifications,
 * in-process limits and database sessions). A connection can also time out because the process
 * was busy past the 2 s (the timer fires before the socket's answer is read), hence the retries.
 */
export async function connectRedis(config: Config, degraded: string[], logger?: Logger): Promise<Redis | null> {
  if (!config.REDIS_URL) return null;
  // Loaded only when used: the embedded start does not pay for it.
  const { Redis } = await import('ioredis');
  let lastError: unknown;
  for (let attempt = 1; attempt <= REDIS_START_ATTEMPTS; attempt++) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000, lazyConnect: true });
    // Connection errors surface on the calls that fail; the event only needs to be logged.
    redis.on('error', (error: Error) => logger?.warn({ err: error }, 'redis connection error'));
    try {
      await redis.connect();
      await redis.ping();
      return redis;
    } catch (error) {
      redis.disconnect();
      lastError = error;
    }
  }
  const note = 'redis unreachable at start: PostgreSQL notifications, in-process rate limits, sessions in the database';
  degraded.push(note);
  logger?.warn({ err: lastError }, note);
  return null;
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
 * PostgreSQL event store in `db`; both with the domain's event schemas (upcast on read). The EventStoreDB client is loaded only when used: its import is a large part of a start that does not need it.
 */
export async function openEventStore(config: Config, db: Database): Promise<OpenedEventStore> {
  if (!config.EVENTSTORE_URL) return { store: createPostgresEventStore(db, { schemas: EVENT_SCHEMAS }), close: async () => {} };
  const { createEsdbEventStore } = await import('@pitwall/eventstore/esdb');
  const store = createEsdbEventStore(config.EVENTSTORE_URL, { schemas: EVENT_SCHEMAS });
  return { store, subscribe: (after, onWake) => store.subscribe(after, () => onWake()), close: () => store.close() };
}
