import { createHash } from 'node:crypto';
import type { Sql } from '@pitwall/eventstore';
import { cachedAuthSessionStore, newAuthSessionId, AUTH_SESSION_CACHE_MS, type AuthSessionStore } from './auth-session-store.ts';

/**
 * The sessions table: one row per live session, keyed by the SHA-256 of its id (a copy of the
 * database does not hold usable session ids), with the user and the expiry.
 */
export const AUTH_SESSIONS_DDL = `
  CREATE TABLE IF NOT EXISTS sessions (
    id_hash text PRIMARY KEY,
    user_id integer NOT NULL,
    expires_at bigint NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id);
  CREATE INDEX IF NOT EXISTS sessions_expiry_idx ON sessions (expires_at);`;

const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Session store in the database (PGlite embedded, or PostgreSQL without Redis): sessions survive a
 * restart of the server, so a crash or an update at the track does not sign the crew out (issue
 * 14), and every process of a deployment sees the same sessions. `expires_at` is epoch ms; expired
 * rows are never answered and are deleted when a new session is created. Run AUTH_SESSIONS_DDL first
 * (migrate does). Reads are cached in the process for `cacheMs` (cachedAuthSessionStore, AUTH_SESSION_CACHE_MS;
 * 0 turns the cache off).
 */
export function createSqlAuthSessionStore(db: Sql, now: () => number = Date.now, cacheMs = AUTH_SESSION_CACHE_MS): AuthSessionStore {
  return cachedAuthSessionStore({
    async create(userId, ttlMs) {
      const id = newAuthSessionId();
      const at = now();
      await db.query(`DELETE FROM sessions WHERE expires_at <= $1`, [at]);
      await db.query(`INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [hashOf(id), userId, at + ttlMs]);
      return id;
    },
    async get(id) {
      const { rows } = await db.query<{ userId: number; expiresAt: string | number }>(
        `SELECT user_id AS "userId", expires_at AS "expiresAt" FROM sessions WHERE id_hash = $1 AND expires_at > $2`,
        [hashOf(id), now()],
      );
      const row = rows[0];
      return row ? { userId: row.userId, expiresAt: Number(row.expiresAt) } : null;
    },
    async destroy(id) {
      await db.query(`DELETE FROM sessions WHERE id_hash = $1`, [hashOf(id)]);
    },
    async destroyAllOf(userId) {
      await db.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
    },
  }, now, cacheMs);
}
