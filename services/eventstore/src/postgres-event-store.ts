import { isConnectionError } from './connection-errors.ts';
import type { Database } from './database.ts';
import { createAppendListeners } from './append-listeners.ts';
import { createEventVersioning, type EventSchemas } from './versioning.ts';
import {
  ConcurrencyError,
  START,
  StoreUnavailableError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from './port.ts';

/** Options of {@link createPostgresEventStore}. */
export interface PostgresEventStoreOptions {
  /** The event types' schema versions and upcasters (the domain's EVENT_SCHEMAS); `{}` where nothing was ever versioned. */
  schemas: EventSchemas;
  /** Called when an `onAppended` listener throws (the append itself has succeeded). Default: console.error. */
  onListenerError?: (error: unknown) => void;
}

const MAX_REVISION = 2_147_483_647;

/** Attempts after lost 23505 races before giving up: an exact revision settles on the 2nd, 'any' once per concurrent winner. */
const MAX_ATTEMPTS = 20;

/**
 * The append as one INSERT whatever the batch size. $1 stream name, $2 the batch as JSON text
 * ([{ id, type, data, metadata }]), $3/$4 the accepted range of the stream's current revision
 * (-1 = no stream). Inserts nothing when the revision is out of range. Two appenders that both
 * pass the check collide on UNIQUE (stream_name, stream_position): the later one fails with 23505
 * once the earlier commits. A retried batch fails with 23505 on the event id.
 */
const insertSql = `
INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata)
SELECT $1, head.revision + b.ord, (b.e->>'id')::uuid, b.e->>'type', b.e->'data', b.e->'metadata'
FROM (SELECT coalesce(max(stream_position), -1) AS revision FROM events WHERE stream_name = $1) AS head,
  jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS b(e, ord)
WHERE head.revision BETWEEN $3::int AND $4::int
ORDER BY b.ord
RETURNING stream_position, global_position::text AS prepare, transaction_id::text AS commit`;

/**
 * The same append for a batch of one event (the commands' common case), its fields as parameters:
 * no JSON array to build, parse and take apart. $1 stream name, $2/$3 the accepted range of the
 * current revision, $4 id, $5 type, $6 data and $7 metadata (JSON text).
 */
const insertOneSql = `
INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata)
SELECT $1, head.revision + 1, $4::uuid, $5, $6::jsonb, $7::jsonb
FROM (SELECT coalesce(max(stream_position), -1) AS revision FROM events WHERE stream_name = $1) AS head
WHERE head.revision BETWEEN $2::int AND $3::int
RETURNING stream_position, global_position::text AS prepare, transaction_id::text AS commit`;

interface InsertedRow {
  stream_position: number;
  prepare: string;
  commit: string;
}

/**
 * What runs when the plain insert did not go through: one statement, same parameters, that drops
 * ids already stored (idempotent retry), inserts the rest if the revision is in range and no id
 * belongs to another stream, and reports why not otherwise (current revision and last position,
 * how many ids were new, which other stream holds one).
 */
const reconcileSql = `
WITH batch AS (
  SELECT (e->>'id')::uuid AS event_id, e->>'type' AS type, e->'data' AS data, e->'metadata' AS metadata, ord
  FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS b(e, ord)
), known AS (
  SELECT event_id, stream_name FROM events WHERE event_id = ANY (ARRAY(SELECT event_id FROM batch))
), fresh AS (
  SELECT batch.*, row_number() OVER (ORDER BY ord) AS n
  FROM batch WHERE event_id NOT IN (SELECT event_id FROM known)
), last AS (
  SELECT stream_position, global_position::text AS prepare, transaction_id::text AS commit
  FROM events WHERE stream_name = $1 ORDER BY stream_position DESC LIMIT 1
), head AS (
  SELECT coalesce((SELECT stream_position FROM last), -1) AS revision
), inserted AS (
  INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata)
  SELECT $1, head.revision + fresh.n, fresh.event_id, fresh.type, fresh.data, fresh.metadata
  FROM fresh CROSS JOIN head
  WHERE head.revision BETWEEN $3::int AND $4::int
    AND NOT EXISTS (SELECT 1 FROM known WHERE stream_name <> $1)
  ORDER BY fresh.ord
  RETURNING stream_position, global_position::text AS prepare, transaction_id::text AS commit
)
SELECT head.revision,
  (SELECT count(*) FROM fresh)::int AS fresh_count,
  (SELECT min(stream_name) FROM known WHERE stream_name <> $1) AS foreign_stream,
  last.prepare AS last_prepare, last.commit AS last_commit,
  i.stream_position AS new_revision, i.prepare AS new_prepare, i.commit AS new_commit
FROM head
LEFT JOIN last ON true
LEFT JOIN (SELECT * FROM inserted ORDER BY stream_position DESC LIMIT 1) i ON true`;

interface ReconcileRow {
  revision: number;
  fresh_count: number;
  foreign_stream: string | null;
  last_prepare: string | null;
  last_commit: string | null;
  new_revision: number | null;
  new_prepare: string | null;
  new_commit: string | null;
}

const eventColumns = `event_id, stream_name, stream_position, transaction_id::text AS commit,
  global_position::text AS prepare, type, data, metadata, recorded_at`;

/** Only transactions older than every one still running are read, so none can commit behind a reader. */
const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

interface EventRow {
  event_id: string;
  stream_name: string;
  stream_position: number;
  commit: string;
  prepare: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    streamPosition: row.stream_position,
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

/** Accepted range [min, max] of the stream's current revision (-1 = no stream). */
function revisionRange(streamName: string, expected: ExpectedRevision): [number, number] {
  switch (expected) {
    case 'any':
      return [-1, MAX_REVISION];
    case 'no_stream':
      return [-1, -1];
    case 'stream_exists':
      return [0, MAX_REVISION];
    default:
      if (!Number.isInteger(expected) || expected < 0 || expected > MAX_REVISION) {
        throw new TypeError(`expectedRevision for ${streamName} must be a non-negative integer or 'no_stream' | 'stream_exists' | 'any', got ${String(expected)}`);
      }
      return [expected, expected];
  }
}

function checkBatch(streamName: string, events: readonly NewEvent[]): void {
  if (events.length === 0) throw new TypeError(`appendToStream(${streamName}): no events to append`);
  const ids = new Set(events.map((e) => e.id));
  if (ids.size !== events.length) throw new TypeError(`appendToStream(${streamName}): the same event id appears twice in one append`);
}

/** The batch as the JSON text the batch statements take ($2): [{ id, type, data, metadata }]. */
function batchJson(events: readonly NewEvent[]): string {
  return JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data ?? null, metadata: e.metadata })));
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** Runs `fn`, turning connection failures into StoreUnavailableError (HTTP 503). */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw isConnectionError(error) ? new StoreUnavailableError(error) : error;
  }
}

/**
 * The {@link EventStore} port on the `events` table (see schema.ts; run `migrateEventStore` first)
 * over PGlite or PostgreSQL.
 *
 * - `appendToStream`: one INSERT … SELECT per call whatever the batch size (plus one reconciling
 *   statement after a lost race or for a retried batch); the revision check and the insert are one
 *   statement, and concurrent appenders are decided by the unique (stream_name, stream_position)
 *   constraint. Event ids are unique in the whole store: a retry
 *   whose ids are all stored in this stream answers the stream's current revision and position;
 *   an id stored in another stream rejects with Error. Positions are (transaction_id, global_position).
 * - `readAll` / `headPosition` only see transactions below `pg_snapshot_xmin(pg_current_snapshot())`
 *   (emmett's approach), so a transaction that began earlier but commits later is never skipped;
 *   events can become readable a little after their append returned.
 * - `onAppended` listeners run in this process after each append that stored something, with the
 *   position of its last event; treat it as a wake-up, then `readAll` from your checkpoint.
 * - Versioning: appends are stamped with each type's schema version, reads answer every event upcast
 *   to its current version (`options.schemas`, see versioning.ts).
 * Connection failures reject with StoreUnavailableError; a wrong expected revision with
 * ConcurrencyError; an empty batch, a repeated id within one batch or a bad revision with TypeError.
 */
export function createPostgresEventStore(db: Database, options: PostgresEventStoreOptions): EventStore {
  const { notify, onAppended } = createAppendListeners(options.onListenerError);
  const versioning = createEventVersioning(options.schemas);
  const toCurrent = (row: EventRow) => versioning.upcast(toRecorded(row));

  /** The plain insert of `stamped` (one statement); undefined when the revision is out of range. */
  async function insert(streamName: string, stamped: readonly NewEvent[], [min, max]: [number, number]): Promise<AppendResult | undefined> {
    const one = stamped.length === 1 ? stamped[0]! : undefined;
    const { rows } = one
      ? await db.query<InsertedRow>(insertOneSql, [streamName, min, max, one.id, one.type, JSON.stringify(one.data ?? null), JSON.stringify(one.metadata)])
      : await db.query<InsertedRow>(insertSql, [streamName, batchJson(stamped), min, max]);
    if (rows.length === 0) return undefined;
    const last = rows.reduce((a, b) => (b.stream_position > a.stream_position ? b : a));
    return { nextExpectedRevision: last.stream_position, position: { commit: BigInt(last.commit), prepare: BigInt(last.prepare) } };
  }

  async function reconcile(streamName: string, stamped: readonly NewEvent[], [min, max]: [number, number], expected: ExpectedRevision): Promise<AppendResult & { stored: boolean }> {
    const { rows } = await db.query<ReconcileRow>(reconcileSql, [streamName, batchJson(stamped), min, max]);
    const row = rows[0]!;
    if (row.foreign_stream !== null) {
      throw new Error(`appendToStream(${streamName}): an event id is already stored in stream ${row.foreign_stream}`);
    }
    if (row.new_revision !== null) {
      return { nextExpectedRevision: row.new_revision, position: { commit: BigInt(row.new_commit!), prepare: BigInt(row.new_prepare!) }, stored: true };
    }
    if (row.fresh_count === 0) {
      // Every id is already stored in this stream: an idempotent retry, answer the current state.
      return { nextExpectedRevision: row.revision, position: { commit: BigInt(row.last_commit!), prepare: BigInt(row.last_prepare!) }, stored: false };
    }
    throw new ConcurrencyError(streamName, expected, row.revision === -1 ? 'no_stream' : row.revision);
  }

  /** The plain insert first (the common case, cheapest); if it stores nothing or collides, reconcile. */
  async function append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const range = revisionRange(streamName, expected);
    const stamped = events.map(versioning.stamp);
    for (let attempt = 1; ; attempt++) {
      try {
        const inserted = attempt === 1 ? await insert(streamName, stamped, range) : undefined;
        if (inserted !== undefined) {
          notify(inserted.position);
          return inserted;
        }
        const { stored, ...result } = await reconcile(streamName, stamped, range, expected);
        if (stored) notify(result.position);
        return result;
      } catch (error) {
        // Lost a race on (stream_name, stream_position) or event_id: reconcile, which sees the
        // winner and answers ConcurrencyError, an idempotent result, or appends after it.
        if (!isUniqueViolation(error) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async appendToStream(streamName, events, { expectedRevision }) {
      checkBatch(streamName, events);
      return guarded(() => append(streamName, events, expectedRevision));
    },

    readStream(streamName, { from = 0, to } = {}) {
      return guarded(async () => {
        if (to === undefined) {
          const { rows } = await db.query<EventRow>(`SELECT ${eventColumns} FROM events WHERE stream_name = $1 AND stream_position >= $2 ORDER BY stream_position`, [streamName, from]);
          return rows.map(toCurrent);
        }
        if (to.commit < 0n) return [];
        const { rows } = await db.query<EventRow>(
          `SELECT ${eventColumns} FROM events
           WHERE stream_name = $1 AND stream_position >= $4 AND (transaction_id, global_position) <= ($2::text::xid8, $3::bigint)
           ORDER BY stream_position`,
          [streamName, String(to.commit), String(to.prepare), from],
        );
        return rows.map(toCurrent);
      });
    },

    async readAll({ after, limit, types }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`readAll: limit must be a positive integer, got ${limit}`);
      const conditions = [visible];
      const params: unknown[] = [limit];
      if (after.commit >= 0n) {
        params.push(String(after.commit), String(after.prepare));
        conditions.push(`(transaction_id, global_position) > ($2::text::xid8, $3::bigint)`);
      }
      if (types !== undefined) {
        params.push([...types]);
        conditions.push(`type = ANY($${params.length}::text[])`);
      }
      return guarded(async () => {
        const { rows } = await db.query<EventRow>(
          `SELECT ${eventColumns} FROM events WHERE ${conditions.join(' AND ')}
           ORDER BY transaction_id, global_position LIMIT $1`,
          params,
        );
        return rows.map(toCurrent);
      });
    },

    onAppended,

    headPosition() {
      return guarded(async () => {
        const { rows } = await db.query<{ commit: string; prepare: string }>(
          `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events
           WHERE ${visible} ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
        );
        const row = rows[0];
        return row === undefined ? START : { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
      });
    },
  };
}
