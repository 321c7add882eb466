import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { blobStoreFromEnv, createMediaService } from '@pitwall/media';
import { createSqlSnapshotStore, type Database } from '@pitwall/eventstore';
import { allProjections, Projector, READ_MODELS_PROJECTION } from '@pitwall/read-models';
import { buildApp, type BuildAppOptions } from './app.ts';
import { CommandHandler, type ReadModelProgress } from './command/command-handler.ts';
import { createIdAllocator } from './command/ids.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { createRedisAuthSessionStore } from './identity/redis-auth-session-store.ts';
import { createSqlAuthSessionStore } from './identity/sql-auth-session-store.ts';
import { connectRedis, createNotifier, migrate, openDatabase, openEventStore, type DatabaseChoice, type Logger } from './infrastructure.ts';
import { ProjectionWatcher } from './notify/projection-watcher.ts';
import { LiveFeed } from './live/live-feed.ts';
import { AnswerCache, ANSWER_CACHE_MS } from './answer-cache.ts';

export type { DatabaseChoice } from './infrastructure.ts';
export { databaseFromConfig } from './infrastructure.ts';

/** The read models' projector name (one checkpoint row, one active instance). */
export { READ_MODELS_PROJECTION };


/** A running Pitwall API process: the app (not yet listening), its dependencies, and a close that releases everything. */
export interface Pitwall {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

export interface PitwallOptions extends BuildAppOptions {
  /**
   * 'all' (default): the embedded single process, with the projector in it. 'command' / 'query':
   * the API roles of the distributed mode; a projector process (roles/projector.ts) keeps the read
   * models, and this process follows it through notifications.
   */
  role?: 'all' | 'command' | 'query';
  /** Data dir for disk blobs; default DATA_DIR. */
  blobDataDir?: string;
  log?: Logger;
  /** The time source; default the wall clock (tests pass a fixed one). */
  clock?: Clock;
  /**
   * The database of `database`, already being opened (main.ts opens PGlite early, startup/early-database.ts, before it loads
   * this module, so reading and compiling its WebAssembly overlaps with loading the app's code).
   */
  opening?: Promise<Database>;
}

/**
 * The composition root of an API process: opens the database, migrates, connects Redis (or
 * degrades without it), picks the notifier, starts the projector ('all') or a watcher of the
 * projector process ('command'/'query'), and builds the app.
 */
export async function createPitwall(config: Config, database: DatabaseChoice, options: PitwallOptions = {}): Promise<Pitwall> {
  const role = options.role ?? 'all';
  const db = await (options.opening ?? openDatabase(database));
  const closers: (() => Promise<void> | void)[] = [() => db.close()];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c();
  };
  try {
    await migrate(db);
    const degraded: string[] = [];
    const redis = await connectRedis(config, degraded, options.log);
    if (redis) closers.push(() => void redis.quit().catch(() => undefined));
    const events = await openEventStore(config, db);
    closers.push(() => events.close());
    const store = events.store;
    const notifier = role === 'all' ? await createNotifier(null, { kind: 'memory' }, config.DEPLOYMENT_NAME) : await createNotifier(redis, database, config.DEPLOYMENT_NAME, options.log);
    closers.push(() => notifier.close());
    const authSessions = redis ? createRedisAuthSessionStore(redis, config.DEPLOYMENT_NAME) : createSqlAuthSessionStore(db);
    const live = new LiveFeed({
      store, db, notifier, authSessions, projection: READ_MODELS_PROJECTION,
      onError: (error) => options.log?.error({ err: error }, 'live feed: reading projected events failed; retrying'),
    });
    // Before the notifier closes (closers run in reverse); the app's close ends the streams first anyway.
    closers.push(() => live.close());
    const answers = new AnswerCache(role === 'all' ? ANSWER_CACHE_MS : 0);
    let projection: ReadModelProgress;
    if (role === 'all') {
      // Its commits are told on the in-process notifier, which the live feed follows as the other roles follow the projector process;
      // the feed is handed each batch's events first, so it need not read them back from the event store.
      const projector = new Projector({
        store, db, projections: allProjections, name: READ_MODELS_PROJECTION, logger: options.log,
        onCommitted: (position, batch) => {
          answers.invalidate();
          live.projected(batch.after, batch.events);
          void notifier.publishCaughtUp(READ_MODELS_PROJECTION, position);
        },
      });
      // Serve only complete read models: after an upgrade (read models reset) or a crash, catch up first.
      await projector.catchUp();
      await projector.start();
      closers.push(() => projector.stop());
      projection = projector;
    } else {
      const watcher = new ProjectionWatcher(db, notifier, READ_MODELS_PROJECTION);
      closers.push(() => watcher.close());
      projection = watcher;
    }
    const blobs = blobStoreFromEnv(
      { S3_ENDPOINT: config.S3_ENDPOINT, S3_ACCESS_KEY: config.S3_ACCESS_KEY, S3_SECRET_KEY: config.S3_SECRET_KEY, S3_BUCKET: config.S3_BUCKET, S3_REGION: config.S3_REGION, S3_PATH_STYLE: config.S3_PATH_STYLE },
      path.resolve(options.blobDataDir ?? config.DATA_DIR),
    );
    // Not awaited, not fatal: the start does not wait on S3 or the disk (every write inits the store
    // itself; with S3 down, uploads answer 503 until it is back). A failure here is only logged.
    void blobs.init().catch((error: unknown) => options.log?.error({ err: error, blobs: blobs.description }, 'blob store not ready'));
    const deps: AppDeps = {
      config,
      db,
      store,
      projection,
      role,
      degraded,
      notifierKind: notifier.kind,
      commands: new CommandHandler(store, createSqlSnapshotStore(db), projection, config.READ_YOUR_WRITES_TIMEOUT_MS, () => void notifier.publishAppended()),
      ids: createIdAllocator(db),
      authSessions,
      redis,
      media: createMediaService({ blobs, maxBytes: config.UPLOAD_MAX_BYTES }),
      clock: options.clock ?? systemClock,
      live,
      answers,
    };
    const app = await buildApp(deps, options);
    closers.push(() => app.close());
    if (role !== 'query' && (await db.query(`SELECT 1 FROM team_imports WHERE status = 'pending' LIMIT 1`)).rows.length > 0) {
      // A process killed mid-import left a pending team: take it back (loaded only then, off the usual start).
      const { abandonUnfinishedImports } = await import('./transfer/abandon-import.ts');
      const taken = await abandonUnfinishedImports(deps, { userId: null, correlationId: 'start', now: deps.clock.now() });
      if (taken.length > 0) options.log?.warn({ teams: taken }, 'team imports left unfinished by a stopped process were taken back');
    }
    return { app, deps, close };
  } catch (error) {
    await close();
    throw error;
  }
}
