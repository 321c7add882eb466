import type { Redis } from 'ioredis';
import { newSessionId, type Session, type SessionStore } from './session-store.ts';

const key = (id: string) => `pitwall:session:${id}`;
const userKey = (userId: number) => `pitwall:user-sessions:${userId}`;

/**
 * How long a process keeps a session it read from Redis before asking again (issue 16: a read
 * answers without a Redis round trip). This is the bound on ending sessions across processes: a
 * session ended by another process (logout, deactivation, removal) may still be honoured here for at
 * most this long; the process that ends it forgets it at once.
 */
export const SESSION_CACHE_MS = 1000;

/**
 * Session store in Redis (REDIS_URL), shared by every process: `pitwall:session:{id}` holds the
 * user id with the session's TTL; `pitwall:user-sessions:{userId}` is a set of that user's
 * session ids so all of them can be ended at once (deactivation). Reads are cached in the process
 * for `cacheMs` (SESSION_CACHE_MS; 0 turns the cache off).
 */
export function createRedisSessionStore(redis: Redis, now: () => number = Date.now, cacheMs = SESSION_CACHE_MS): SessionStore {
  /** Session id → what Redis answered (null: no such session) and until when (epoch ms) it is kept. */
  const cache = new Map<string, { session: Session | null; until: number }>();
  const forgetUser = (userId: number) => {
    for (const [id, entry] of cache) if (entry.session?.userId === userId) cache.delete(id);
  };
  return {
    async create(userId, ttlMs) {
      const id = newSessionId();
      const expiresAt = now() + ttlMs;
      await redis
        .multi()
        .set(key(id), JSON.stringify({ userId, expiresAt } satisfies Session), 'PX', ttlMs)
        .sadd(userKey(userId), id)
        // Every session has the same lifetime, so the newest one decides when the index may go.
        .pexpire(userKey(userId), ttlMs)
        .exec();
      return id;
    },
    async get(id) {
      const at = now();
      const cached = cache.get(id);
      if (cached && cached.until > at) return cached.session && cached.session.expiresAt > at ? cached.session : null;
      const raw = await redis.get(key(id));
      const session = raw ? (JSON.parse(raw) as Session) : null;
      if (cacheMs > 0) {
        // Expired entries go on the next read of the same id; sweep the rest when the map grows.
        if (cache.size > 10_000) for (const [k, v] of cache) if (v.until <= at) cache.delete(k);
        cache.set(id, { session, until: at + cacheMs });
      }
      return session && session.expiresAt > at ? session : null;
    },
    async destroy(id) {
      cache.delete(id);
      const raw = await redis.get(key(id));
      const multi = redis.multi().del(key(id));
      if (raw) multi.srem(userKey((JSON.parse(raw) as Session).userId), id);
      await multi.exec();
    },
    async destroyAllOf(userId) {
      forgetUser(userId);
      const ids = await redis.smembers(userKey(userId));
      await redis
        .multi()
        .del(...ids.map(key), userKey(userId))
        .exec();
    },
  };
}
