import type pg from 'pg';
import { channelsOf, encodeCaughtUp, NotificationHub, type Notifier } from './notifier.ts';

/**
 * Notifier over PostgreSQL LISTEN/NOTIFY (used when no Redis is configured): one dedicated
 * connection listens; NOTIFY goes through the same connection. If that connection drops, it is
 * reopened after a second; listeners poll meanwhile. `pg` is loaded on first use (the embedded
 * server never needs it).
 */
export async function createPostgresNotifier(url: string, deployment: string, onError: (error: unknown) => void = () => {}): Promise<Notifier> {
  const { default: pg } = await import('pg');
  const hub = new NotificationHub();
  const { appended: APPENDED_CHANNEL, caughtUp: CAUGHT_UP_CHANNEL } = channelsOf(deployment);
  let client: pg.Client | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === APPENDED_CHANNEL) hub.emitAppended();
      else if (n.channel === CAUGHT_UP_CHANNEL && n.payload) hub.emitCaughtUp(n.payload);
    });
    next.on('error', (error) => {
      onError(error);
      client = null;
      if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN "${APPENDED_CHANNEL}"`);
    await next.query(`LISTEN "${CAUGHT_UP_CHANNEL}"`);
    client = next;
  }
  await connect();

  const notify = async (channel: string, payload: string) => {
    await client?.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(onError);
  };
  return {
    kind: 'postgres',
    publishAppended: () => notify(APPENDED_CHANNEL, '1'),
    onAppended: (l) => hub.onAppended(l),
    publishCaughtUp: (projection, position) => notify(CAUGHT_UP_CHANNEL, encodeCaughtUp(projection, position)),
    onCaughtUp: (l) => hub.onCaughtUp(l),
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
