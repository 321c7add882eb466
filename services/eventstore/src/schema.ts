import type { Sql } from './database.ts';

/**
 * DDL of the event store, idempotent. One row per event:
 * - `global_position` bigserial: sequence number, unique, allocated at insert (NOT commit) time;
 * - `stream_name`, `stream_position` (0-based, unique per stream: the optimistic-concurrency guard);
 * - `event_id` uuid, unique across the whole store (a retried append is recognised by it);
 * - `type`, `data` jsonb, `metadata` jsonb (EventMetadata), `recorded_at` timestamptz;
 * - `transaction_id` xid8: the writing transaction, the first key of the global read order.
 * The advisory lock makes two processes migrating at once wait for each other instead of failing
 * on the catalog's unique indexes.
 */
/** The DDL {@link migrateEventStore} runs (exported so a deployment can fingerprint its schema). */
export const EVENT_STORE_DDL = `
SELECT pg_advisory_xact_lock(7466120411);
CREATE TABLE IF NOT EXISTS events (
  global_position bigserial PRIMARY KEY,
  stream_name text NOT NULL,
  stream_position integer NOT NULL CHECK (stream_position >= 0),
  event_id uuid NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT events_stream_position_key UNIQUE (stream_name, stream_position),
  CONSTRAINT events_event_id_key UNIQUE (event_id)
);
CREATE INDEX IF NOT EXISTS events_global_order_idx ON events (transaction_id, global_position);
`;

/**
 * Creates the `events` table and its indexes in the connection's current schema (search_path) if
 * they do not exist yet. Safe to run at every start and from several processes at once.
 */
export async function migrateEventStore(db: Sql): Promise<void> {
  await db.exec(EVENT_STORE_DDL);
}
