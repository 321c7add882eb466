import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPostgresEventStore, migrateEventStore, openPgliteDatabase, openPostgresDatabase, type Database } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector, type ProjectorLogger } from '@pitwall/read-models';
import { buildApp, type BuildAppOptions } from './app.ts';
import { CommandBus } from './command/command-bus.ts';
import { createIdAllocator, migrateIdSequences } from './command/ids.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { Redis } from 'ioredis';
import { blobStoreFromEnv, createMediaService } from '@pitwall/media';
import { createRedisSessionStore } from './identity/redis-session-store.ts';
import { createMemorySessionStore } from './identity/session-store.ts';

/** Where the data lives: PGlite under DATA_DIR (default), PGlite in memory (tests), or PostgreSQL. Blobs: see `blobDir`. */
export type DatabaseChoice = { kind: 'pglite'; dataDir: string } | { kind: 'memory' } | { kind: 'postgres'; url: string };

/** Picks the database from the configuration: DATABASE_URL if set, else PGlite in DATA_DIR/pgdata. */
export function databaseFromConfig(config: Config): DatabaseChoice {
  return config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pgdata') };
}

async function openDatabase(choice: DatabaseChoice): Promise<Database> {
  switch (choice.kind) {
    case 'pglite':
      return openPgliteDatabase(choice.dataDir);
    case 'memory':
      return openPgliteDatabase(undefined);
    case 'postgres':
      return openPostgresDatabase(choice.url);
  }
}

/** A running Pitwall: the app (not yet listening), its dependencies, and a close that releases everything. */
export interface Pitwall {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The composition root of the embedded (single-process) mode: opens the database, migrates the
 * event store, read models and id sequences, starts the projector, and builds the app.
 */
export async function createPitwall(
  config: Config,
  database: DatabaseChoice,
  options: BuildAppOptions & { projectorLogger?: ProjectorLogger; /** Data dir for disk blobs; default DATA_DIR. */ blobDataDir?: string } = {},
): Promise<Pitwall> {
  const db = await openDatabase(database);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  try {
    await migrateEventStore(db);
    await migrateReadModels(db, allProjections);
    await migrateIdSequences(db);
    const store = createPostgresEventStore(db);
    const projector = new Projector({ store, db, projections: allProjections, logger: options.projectorLogger });
    await projector.start();
    const blobs = blobStoreFromEnv({ S3_ENDPOINT: config.S3_ENDPOINT, S3_ACCESS_KEY: config.S3_ACCESS_KEY, S3_SECRET_KEY: config.S3_SECRET_KEY, S3_BUCKET: config.S3_BUCKET, S3_REGION: config.S3_REGION, S3_PATH_STYLE: config.S3_PATH_STYLE }, path.resolve(options.blobDataDir ?? config.DATA_DIR));
    // Not fatal: with S3 down at start, uploads answer 503 until it is back (put retries init).
    await blobs.init().catch((error: unknown) => options.projectorLogger?.error({ err: error, blobs: blobs.description }, 'blob store not ready'));
    const deps: AppDeps = {
      config,
      db,
      store,
      projector,
      commands: new CommandBus(store, projector, config.READ_YOUR_WRITES_TIMEOUT_MS),
      ids: createIdAllocator(db),
      sessions: redis ? createRedisSessionStore(redis) : createMemorySessionStore(),
      redis,
      media: createMediaService({ blobs, maxBytes: config.UPLOAD_MAX_BYTES }),
    };
    const app = await buildApp(deps, options);
    return {
      app,
      deps,
      async close() {
        await app.close();
        await projector.stop();
        await db.close();
        await redis?.quit();
      },
    };
  } catch (error) {
    await db.close();
    redis?.disconnect();
    throw error;
  }
}
