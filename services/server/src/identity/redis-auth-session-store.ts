import type { Redis } from 'ioredis';
import { redisNamespace } from '../redis-namespace.ts';
import { cachedAuthSessionStore, newAuthSessionId, AUTH_SESSION_CACHE_MS, type AuthSession, type AuthSessionStore } from './auth-session-store.ts';

/**
 * Session store in Redis (REDIS_URL), shared by every process of one deployment:
 * `<deployment>:session:{id}` holds the user id with the session's TTL;
 * `<deployment>:user-sessions:{userId}` is a set of that user's session ids so all of them can be
 * ended at once (deactivation). The deployment prefix (redisNamespace) keeps deployments that share
 * a Redis apart: another deployment's cookie is not a session here. Reads are cached in the process
 * for `cacheMs` (cachedAuthSessionStore, AUTH_SESSION_CACHE_MS; 0 turns the cache off).
 *
 * @param deployment DEPLOYMENT_NAME
 * @param now the clock, epoch ms
 */
export function createRedisAuthSessionStore(redis: Redis, deployment: string, now: () => number = Date.now, cacheMs = AUTH_SESSION_CACHE_MS): AuthSessionStore {
  const prefix = redisNamespace(deployment);
  const key = (id: string) => `${prefix}session:${id}`;
  const userKey = (userId: number) => `${prefix}user-sessions:${userId}`;
  return cachedAuthSessionStore({
    async create(userId, ttlMs) {
      const id = newAuthSessionId();
      const expiresAt = now() + ttlMs;
      await redis
        .multi()
        .set(key(id), JSON.stringify({ userId, expiresAt } satisfies AuthSession), 'PX', ttlMs)
        .sadd(userKey(userId), id)
        // Every session has the same lifetime, so the newest one decides when the index may go.
        .pexpire(userKey(userId), ttlMs)
        .exec();
      return id;
    },
    async get(id) {
      const raw = await redis.get(key(id));
      if (!raw) return null;
      const session = JSON.parse(raw) as AuthSession;
      return session.expiresAt > now() ? session : null;
    },
    async destroy(id) {
      const raw = await redis.get(key(id));
      const multi = redis.multi().del(key(id));
      if (raw) multi.srem(userKey((JSON.parse(raw) as AuthSession).userId), id);
      await multi.exec();
    },
    async destroyAllOf(userId) {
      const ids = await redis.smembers(userKey(userId));
      await redis
        .multi()
        .del(...ids.map(key), userKey(userId))
        .exec();
    },
  }, now, cacheMs);
}
