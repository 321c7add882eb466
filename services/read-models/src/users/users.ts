import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/**
 * users: accounts. `password_hash` is argon2id and never leaves the server. `awaits_password_from`:
 * the team whose import created the account, until that team's owner sets its first password
 * (null for every other account).
 */
export const usersProjection = defineProjection({
  name: 'users',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS users (
      id integer PRIMARY KEY,
      username text NOT NULL,
      password_hash text NOT NULL,
      first_name text,
      last_name text,
      email text,
      role text NOT NULL DEFAULT 'member',
      is_active boolean NOT NULL DEFAULT true,
      awaits_password_from integer,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX IF NOT EXISTS users_username_key ON users (lower(username));`,
  tables: { users: 'id' },
  on: {
    UserRegistered({ data: d, metadata: { at } }, { users }) {
      users.write({
        id: d.userId, username: d.username, password_hash: d.passwordHash, first_name: d.firstName, last_name: d.lastName, email: d.email,
        created_at: at, updated_at: at,
      });
    },
    UserImported: ({ data: d }, { users }) => users.patch(d.userId, { awaits_password_from: d.teamId }),
    ImportedUserPasswordSet({ data: d, metadata: { at } }, { users }) {
      users.patch(d.userId, { password_hash: d.passwordHash, awaits_password_from: null, updated_at: at });
    },
    ImportedUserDiscarded: ({ data: d }, { users }) => users.remove(d.userId),
  },
});

/** A user row as the server needs it for login (with the hash) — never sent to a client. */
export interface UserCredentials {
  id: number;
  username: string;
  passwordHash: string;
  isActive: boolean;
}

/** Finds a user by username, case-insensitively; null when none. */
export async function findUserCredentials(sql: Sql, username: string): Promise<UserCredentials | null> {
  const { rows } = await sql.query<UserCredentials>(
    `SELECT id, username, password_hash AS "passwordHash", is_active AS "isActive" FROM users WHERE lower(username) = lower($1)`,
    [username],
  );
  return rows[0] ?? null;
}

/** Profile fields of a user (no secrets). */
export interface UserProfile {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** Loads a user's profile by id; null when none. */
export async function findUserProfile(sql: Sql, userId: number): Promise<UserProfile | null> {
  const { rows } = await sql.query<UserProfile>(
    `SELECT id, username, first_name AS "firstName", last_name AS "lastName", email FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
