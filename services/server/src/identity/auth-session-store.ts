import { randomBytes } from 'node:crypto';

/** A sign-in (auth session): whose it is and when it ends (epoch ms). */
export interface AuthSession {
  userId: number;
  expiresAt: number;
}

/**
 * The sign-in (auth session) store port. Ids are opaque 256-bit random strings (base64url). Adapters: the
 * database (embedded default, and PostgreSQL without Redis; sql-auth-session-store.ts) and Redis (when
 * REDIS_URL is set).
 */
export interface AuthSessionStore {
  /** Creates a session for `userId` lasting `ttlMs`; answers its id. */
  create(userId: number, ttlMs: number): Promise<string>;
  /** The live session with this id, or null (unknown or expired). */
  get(id: string): Promise<AuthSession | null>;
  /** Ends one session. */
  destroy(id: string): Promise<void>;
  /** Ends every session of a user (deactivation, removal). */
  destroyAllOf(userId: number): Promise<void>;
}

/** A new opaque session id: 32 random bytes, base64url. */
export const newAuthSessionId = () => randomBytes(32).toString('base64url');

/**
 * How long a process keeps a session it read from its store before asking again (most
 * requests then answer without a session round trip to Redis or the database). This is the bound on
 * ending sessions across processes: a session ended by another process (logout, deactivation,
 * removal) may still be honoured here for at most this long; the process that ends it forgets it at
 * once, so the embedded single process has no such delay.
 */
export const AUTH_SESSION_CACHE_MS = 1000;

/**
 * `store` with its reads cached in this process for `cacheMs` (0 turns the cache off); `destroy`
 * and `destroyAllOf` drop the cached entries before they reach the store. A cached session is
 * still refused once it has expired (`now`, epoch ms).
 */
export function cachedAuthSessionStore(store: AuthSessionStore, now: () => number, cacheMs = AUTH_SESSION_CACHE_MS): AuthSessionStore {
  /** Session id → what the store answered (null: no such session) and until when (epoch ms) it is kept. */
  const cache = new Map<string, { session: AuthSession | null; until: number }>();
  if (cacheMs <= 0) return store;
  return {
    create: (userId, ttlMs) => store.create(userId, ttlMs),
    async get(id) {
      const at = now();
      const cached = cache.get(id);
      if (cached && cached.until > at) return cached.session && cached.session.expiresAt > at ? cached.session : null;
      const session = await store.get(id);
      // Entries go on the next read of the same id; the stale rest is swept when the map grows.
      if (cache.size >= 10_000) for (const [key, entry] of cache) if (entry.until <= at) cache.delete(key);
      cache.set(id, { session, until: at + cacheMs });
      return session;
    },
    async destroy(id) {
      cache.delete(id);
      await store.destroy(id);
    },
    async destroyAllOf(userId) {
      for (const [key, entry] of cache) if (entry.session?.userId === userId) cache.delete(key);
      await store.destroyAllOf(userId);
    },
  };
}
