import { randomBytes } from 'node:crypto';

/** A signed-in session: whose it is and when it ends (epoch ms). */
export interface Session {
  userId: number;
  expiresAt: number;
}

/**
 * The session store port. Ids are opaque 256-bit random strings (base64url). Adapters: the
 * database (embedded default, and PostgreSQL without Redis; sql-session-store.ts) and Redis (when
 * REDIS_URL is set).
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
