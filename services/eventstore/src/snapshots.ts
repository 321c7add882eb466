import type { Sql } from './database.ts';

/**
 * Snapshots of aggregate state (docs/decisions/0007-small-aggregates-and-snapshots.md): the state folded from a stream up
 * to a revision, so a command reads the snapshot and only the events after it. A snapshot is a
 * cache: it can be deleted at any time, and one whose `stateVersion` is not the aggregate's current
 * one is ignored (the state's shape or its fold changed). Stored in the SQL database next to the read
 * models (also when the events live in EventStoreDB).
 */
export interface Snapshot {
  /** Stream position of the last event folded into `state`. */
  revision: number;
  /** The aggregate's state version the snapshot was taken with. */
  stateVersion: number;
  /** The state, as JSON (see the command handler's codec). */
  state: unknown;
}

/** Where snapshots are kept. */
export interface SnapshotStore {
  /** The stream's snapshot taken with `stateVersion`, or null. */
  load(streamName: string, stateVersion: number): Promise<Snapshot | null>;
  /** Keeps `snapshot` unless one of a later revision is already kept (concurrent writers). */
  save(streamName: string, snapshot: Snapshot): Promise<void>;
}

/** The DDL {@link migrateSnapshots} runs (exported so a deployment can fingerprint its schema). */
export const SNAPSHOTS_DDL = `
CREATE TABLE IF NOT EXISTS snapshots (
  stream_name text PRIMARY KEY,
  revision integer NOT NULL,
  state_version integer NOT NULL,
  state jsonb NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);`;

/** Creates the snapshots table, idempotently. */
export async function migrateSnapshots(db: Sql): Promise<void> {
  await db.exec(SNAPSHOTS_DDL);
}

/** The {@link SnapshotStore} on the `snapshots` table (PGlite or PostgreSQL); run migrateSnapshots first. */
export function createSqlSnapshotStore(db: Sql): SnapshotStore {
  return {
    async load(streamName, stateVersion) {
      const { rows } = await db.query<{ revision: number; state: unknown }>(`SELECT revision, state FROM snapshots WHERE stream_name = $1 AND state_version = $2`, [streamName, stateVersion]);
      return rows[0] ? { revision: rows[0].revision, stateVersion, state: rows[0].state } : null;
    },
    async save(streamName, { revision, stateVersion, state }) {
      await db.query(
        `INSERT INTO snapshots (stream_name, revision, state_version, state) VALUES ($1, $2, $3, $4::text::jsonb)
         ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision, state_version = EXCLUDED.state_version, state = EXCLUDED.state, taken_at = now()
         WHERE snapshots.revision < EXCLUDED.revision OR snapshots.state_version <> EXCLUDED.state_version`,
        [streamName, revision, stateVersion, JSON.stringify(state)],
      );
    },
  };
}
