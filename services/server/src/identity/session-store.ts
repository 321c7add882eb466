import { randomBytes } from 'node:crypto';

/** A signed-in session: whose it is and when it ends (epoch ms). */
export interface Session {
  userId: number;
  expiresAt: number;
}

/**
 * The session store port. Ids are opaque 256-bit random strings (base64url). Adapters: in-process
 * (embedded default) and Redis (when REDIS_URL is set).
 */
export interface SessionStore {
  /** Creates a session for `userId` lasting `ttlMs`; answers its id. */
  create(userId: number, ttlMs: number): Promise<string>;
  /** The live session with this id, or null (unknown or expired). */
  get(id: string): Promise<Session | null>;
  /** Ends one session. */
  destroy(id: string): Promise<void>;
  /** Ends every session of a user (deactivation, removal). */
  destroyAllOf(userId: number): Promise<void>;
}

/** A new opaque session id: 32 random bytes, base64url. */
export const newSessionId = () => randomBytes(32).toString('base64url');

/** In-process session store: sessions end when the process stops (users sign in again). */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Session>();
  return {
    async create(userId, ttlMs) {
      const id = newSessionId();
      sessions.set(id, { userId, expiresAt: now() + ttlMs });
      return id;
    },
    async get(id) {
      const session = sessions.get(id);
      if (!session) return null;
      if (session.expiresAt <= now()) {
        sessions.delete(id);
        return null;
      }
      return session;
    },
    async destroy(id) {
      sessions.delete(id);
    },
    async destroyAllOf(userId) {
      for (const [id, s] of sessions) if (s.userId === userId) sessions.delete(id);
    },
  };
}
