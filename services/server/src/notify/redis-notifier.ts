import type { Redis } from 'ioredis';
import { redisNamespace } from '../redis-namespace.ts';
import { encodeCaughtUp, NotificationHub, type Notifier } from './notifier.ts';

/**
 * Notifier over Redis pub/sub, on the channels `<deployment>:appended` and `<deployment>:caught-up`
 * (redisNamespace: deployments sharing a Redis never hear each other). `redis` publishes; a
 * duplicate connection subscribes (a subscribed connection can do nothing else). Publishing
 * failures are swallowed: listeners poll.
 */
export async function createRedisNotifier(redis: Redis, deployment: string): Promise<Notifier> {
  const hub = new NotificationHub();
  const prefix = redisNamespace(deployment);
  const [APPENDED_CHANNEL, CAUGHT_UP_CHANNEL] = [`${prefix}appended`, `${prefix}caught-up`];
  const subscriber = redis.duplicate();
  await subscriber.subscribe(APPENDED_CHANNEL, CAUGHT_UP_CHANNEL);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === APPENDED_CHANNEL) hub.emitAppended();
    else if (channel === CAUGHT_UP_CHANNEL) hub.emitCaughtUp(message);
  });
  const publish = (channel: string, message: string) => redis.publish(channel, message).then(() => undefined, () => undefined);
  return {
    kind: 'redis',
    publishAppended: () => publish(APPENDED_CHANNEL, '1'),
    onAppended: (l) => hub.onAppended(l),
    publishCaughtUp: (projection, position) => publish(CAUGHT_UP_CHANNEL, encodeCaughtUp(projection, position)),
    onCaughtUp: (l) => hub.onCaughtUp(l),
    async close() {
      subscriber.disconnect();
    },
  };
}
