/**
 * `npm run start:projector`: the projector process of the distributed mode. Only one instance
 * per projection is active: it holds a PostgreSQL advisory lock (the lease) on a dedicated
 * connection; a second instance waits and takes over when the first dies (its connection, and so
 * the lock, goes away). The checkpoint row lock fences a stale instance in any case.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { formatPosition } from '@pitwall/eventstore';
import { allProjections, parkedCounts, parkedNotes, Projector } from '@pitwall/read-models';
import { connectRedis, createNotifier, migrate, openDatabase, openEventStore } from '../infrastructure.ts';
import { READ_MODELS_PROJECTION } from '../composition-root.ts';
import { configOrExit, processLogger, serveUntilSignalled } from './run.ts';

const config = configOrExit();
const log = processLogger(config, 'projector');
if (!config.DATABASE_URL) {
  log.error({}, 'the projector role needs DATABASE_URL');
  process.exit(2);
}
const database = { kind: 'postgres' as const, url: config.DATABASE_URL };
const db = await openDatabase(database);
await migrate(db);
const degraded: string[] = [];
const redis = await connectRedis(config, degraded, log);
const notifier = await createNotifier(redis, database, config.DEPLOYMENT_NAME, log);
const events = await openEventStore(config, db);
const store = events.store;
const projector = new Projector({
  store,
  db,
  projections: allProjections,
  name: READ_MODELS_PROJECTION,
  logger: log,
  onCommitted: (position) => void notifier.publishCaughtUp(READ_MODELS_PROJECTION, position),
});
notifier.onAppended(() => projector.wake());
// EventStoreDB pushes new events to a subscription (resubscribed from the checkpoint when it drops).
let subscription: { close(): Promise<void> | void } | null = null;

let active = false;
const health = Fastify();
health.get('/healthz', async () => ({ status: 'ok' }));
/** Ready while the database answers (503 otherwise); a projection with parked events is listed in `parked` and `degraded` but stays ready (see routes/health.ts). */
health.get('/readyz', async (_request, reply) => {
  try {
    const parked = await parkedCounts(db, READ_MODELS_PROJECTION);
    return { status: 'ready', active, projection: formatPosition(projector.position), notifications: notifier.kind, parked, degraded: [...degraded, ...parkedNotes(parked)] };
  } catch (error) {
    return reply.code(503).send({ status: 'unavailable', active, message: `database: ${(error as Error).message}` });
  }
});

/** The lease: a session-level advisory lock on a connection of its own; polled until acquired. */
const leaseClient = new pg.Client({ connectionString: config.DATABASE_URL });
await leaseClient.connect();
leaseClient.on('error', (error) => {
  // Losing the lease connection means another instance may take over: stop at once.
  log.error({ err: error }, 'lease connection lost; exiting so another instance takes over');
  process.exit(1);
});
const LEASE_KEY = `pitwall-projector:${READ_MODELS_PROJECTION}`;

async function acquireLease(): Promise<void> {
  for (;;) {
    const { rows } = await leaseClient.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [LEASE_KEY]);
    if (rows[0]?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const close = async () => {
  await health.close();
  if (active) await projector.stop();
  await subscription?.close();
  await events.close();
  await leaseClient.end().catch(() => undefined);
  await notifier.close();
  await redis?.quit().catch(() => undefined);
  await db.close();
};
await serveUntilSignalled(health, config, close, log);
log.info({}, 'waiting for the projector lease');
await acquireLease();
active = true;
log.info({ projection: READ_MODELS_PROJECTION }, 'lease acquired: projecting');
await projector.start();
subscription = events.subscribe?.(projector.position, () => projector.wake()) ?? null;
