/**
 * `npm run start:projector`: the projector process of the distributed mode. Only one instance
 * per projection is active: it holds the lease (ProjectorLease: a row with an expiry, renewed on a
 * heartbeat every third of PROJECTOR_LEASE_TTL_MS); the others stand by, trying to take it, and one
 * takes over once the holder stops renewing it: killed, frozen (SIGSTOP) or cut off from the
 * database. A holder that finds its lease taken over (it was frozen, then woke up) exits at once;
 * the checkpoint fences anything it did before noticing (see Projector).
 */
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { formatPosition } from '@pitwall/eventstore';
import { allProjections, lagNotes, parkedCounts, parkedNotes, projectionLag, Projector, ProjectorLease } from '@pitwall/read-models';
import { connectRedis, createNotifier, migrate, openDatabase, openEventStore } from '../infrastructure.ts';
import { READ_MODELS_PROJECTION } from '../composition-root.ts';
import { configOrExit, processLogger, serveUntilSignalled } from './run.ts';

const config = configOrExit();
const log = processLogger(config, 'projector');
if (!config.DATABASE_URL) {
  log.error({}, 'the projector role needs DATABASE_URL');
  process.exit(2);
}
/**
 * The database URL with idle_in_transaction_session_timeout set to the lease's TTL: a holder frozen
 * inside a transaction (holding the checkpoint row's lock) is cut off by the server, so the
 * instance that took its lease over is not blocked behind that lock.
 */
function withTransactionTimeout(url: string, timeoutMs: number): string {
  const u = new URL(url);
  u.searchParams.set('options', [u.searchParams.get('options'), `-c idle_in_transaction_session_timeout=${timeoutMs}`].filter(Boolean).join(' '));
  return u.toString();
}
const database = { kind: 'postgres' as const, url: withTransactionTimeout(config.DATABASE_URL, config.PROJECTOR_LEASE_TTL_MS) };
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
const lease = new ProjectorLease(db, READ_MODELS_PROJECTION, `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`, config.PROJECTOR_LEASE_TTL_MS);
const health = Fastify();
health.get('/healthz', async () => ({ status: 'ok' }));
/** Ready while the database answers (503 otherwise); parked events and lag are listed in `degraded` but it stays ready (see routes/health.ts). */
health.get('/readyz', async (_request, reply) => {
  try {
    const [parked, lag] = await Promise.all([parkedCounts(db, READ_MODELS_PROJECTION), projectionLag(db, store, READ_MODELS_PROJECTION, Date.now())]);
    const notes = [...degraded, ...parkedNotes(parked), ...lagNotes(lag, config.READY_LAG_DEGRADED_MS)];
    return { status: 'ready', active, holder: lease.holder, projection: formatPosition(projector.position), lagMs: lag.behindMs, notifications: notifier.kind, parked, degraded: notes };
  } catch (error) {
    return reply.code(503).send({ status: 'unavailable', active, message: `database: ${(error as Error).message}` });
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Tries the lease every fifth of its TTL until this instance holds it. */
async function acquireLease(): Promise<void> {
  for (;;) {
    if (await lease.tryAcquire().catch(() => false)) return;
    await sleep(config.PROJECTOR_LEASE_TTL_MS / 5);
  }
}

/**
 * Renews the lease every third of its TTL. Lost (another instance took it: this one was frozen or
 * cut off past the expiry) or not renewed within the TTL (the database unreachable meanwhile):
 * exit at once, so two instances never project on; the supervisor starts it again as a standby.
 */
let renewedAt = Date.now();
let heartbeat: NodeJS.Timeout | undefined;
function startHeartbeat(): void {
  heartbeat = setInterval(() => {
    const overdue = Date.now() - renewedAt > config.PROJECTOR_LEASE_TTL_MS;
    void lease.renew().then(
      (held) => {
        if (!held) {
          log.error({ holder: lease.holder }, 'projector lease taken over by another instance; exiting');
          process.exit(1);
        }
        renewedAt = Date.now();
      },
      (error: unknown) => {
        if (!overdue) return;
        log.error({ err: error }, 'projector lease not renewed within its TTL; exiting so another instance takes over');
        process.exit(1);
      },
    );
  }, config.PROJECTOR_LEASE_TTL_MS / 3);
}

const close = async () => {
  clearInterval(heartbeat);
  await health.close();
  if (active) await projector.stop();
  await subscription?.close();
  await events.close();
  await lease.release().catch(() => undefined);
  await notifier.close();
  await redis?.quit().catch(() => undefined);
  await db.close();
};
await serveUntilSignalled(health, config, close, log);
log.info({}, 'waiting for the projector lease');
await acquireLease();
renewedAt = Date.now();
startHeartbeat();
active = true;
log.info({ projection: READ_MODELS_PROJECTION, holder: lease.holder }, 'lease acquired: projecting');
await projector.start();
subscription = events.subscribe?.(projector.position, () => projector.wake()) ?? null;
