import type { Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import type { ProjectedEvent } from './projection.ts';
import { redactSecrets } from './redact-secrets.ts';

/**
 * The dead letters of the projectors: an event that one projection cannot apply (see
 * {@link isUnappliableError}) is recorded here and skipped for that projection only; every other
 * projection applies it, and the projector goes on with the next events. One row per projector
 * (checkpoint name), event position and projection; written in the transaction that moves the
 * checkpoint past the event. A reset of the read models (migrateReadModels) and a rebuild clear or
 * replace the rows, as they re-apply every event.
 */
export const PARKED_EVENTS_DDL = `
  CREATE TABLE IF NOT EXISTS projection_parked_events (
    projector text NOT NULL,
    projection text NOT NULL,
    position text NOT NULL,
    position_commit numeric NOT NULL,
    position_prepare numeric NOT NULL,
    stream_name text NOT NULL,
    stream_position bigint NOT NULL,
    event_type text NOT NULL,
    error_code text,
    error text NOT NULL,
    parked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projector, position, projection)
  );`;

/** Longest error text kept (characters); PostgreSQL's messages are far shorter, a projection's own exception may not be. */
const MAX_ERROR_LENGTH = 1000;

/**
 * SQLSTATE classes meaning the EVENT cannot be applied, whatever is retried: 22 data exception
 * (e.g. 22008 'date/time field value out of range', 22003 a number too large for its column), 23
 * integrity constraint violation, 54 program limit exceeded (e.g. a value too large for an index).
 * Anything else (connection lost, 40001 serialization failure, 40P01 deadlock, 55P03 lock
 * timeout, 57014 statement timeout, …) is the infrastructure's and is retried, never parked.
 */
const UNAPPLIABLE_CLASSES = ['22', '23', '54'];

/** Whether a database error means the statement's data cannot be applied (see UNAPPLIABLE_CLASSES); false for every other error. */
export function isUnappliableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && UNAPPLIABLE_CLASSES.includes(code.slice(0, 2));
}

/** Why one projection could not apply one event: the SQLSTATE (null for an exception of the projection's own code) and the message. */
export interface ParkReason {
  code: string | null;
  message: string;
}

/** The reason of `error`, its message without secrets (see redactSecrets) and cut to 1,000 characters. */
export function parkReason(error: unknown): ParkReason {
  const code = (error as { code?: unknown } | null)?.code;
  const message = redactSecrets(error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  return { code: typeof code === 'string' && isUnappliableError(error) ? code : null, message };
}

/** An event parked for one projection, as the operator sees it. `position` is 'commit/prepare'; `parkedAt` ISO 8601. */
export interface ParkedEvent {
  projector: string;
  projection: string;
  position: string;
  streamName: string;
  streamPosition: number;
  type: string;
  errorCode: string | null;
  error: string;
  parkedAt: string;
}

/** Records that `projection` skipped `event` for `reason` (run in the transaction that moves the checkpoint past it). */
export async function recordParked(tx: Sql, projector: string, parked: readonly { event: ProjectedEvent; projection: string; reason: ParkReason }[]): Promise<void> {
  if (parked.length === 0) return;
  const rows = parked.map(({ event, projection, reason }) => ({
    projector, projection, position: formatPosition(event.position), position_commit: event.position.commit.toString(), position_prepare: event.position.prepare.toString(),
    stream_name: event.streamName, stream_position: event.streamPosition, event_type: event.type, error_code: reason.code, error: reason.message,
  }));
  await tx.query(
    `INSERT INTO projection_parked_events (projector, projection, position, position_commit, position_prepare, stream_name, stream_position, event_type, error_code, error)
     SELECT projector, projection, position, position_commit, position_prepare, stream_name, stream_position, event_type, error_code, error
       FROM jsonb_populate_recordset(NULL::projection_parked_events, $1::jsonb)
     ON CONFLICT (projector, position, projection) DO UPDATE SET error_code = EXCLUDED.error_code, error = EXCLUDED.error, parked_at = now()`,
    [JSON.stringify(rows)],
  );
}

/** The events parked by projector `projector`, in the global order (then by projection). */
export async function listParked(sql: Sql, projector: string): Promise<ParkedEvent[]> {
  const { rows } = await sql.query<Omit<ParkedEvent, 'parkedAt' | 'streamPosition'> & { parkedAt: Date | string; streamPosition: number | string }>(
    `SELECT projector, projection, position, stream_name AS "streamName", stream_position AS "streamPosition", event_type AS type,
            error_code AS "errorCode", error, parked_at AS "parkedAt"
       FROM projection_parked_events WHERE projector = $1 ORDER BY position_commit, position_prepare, projection`,
    [projector],
  );
  return rows.map((r) => ({ ...r, streamPosition: Number(r.streamPosition), parkedAt: new Date(r.parkedAt).toISOString() }));
}

/** How many events each projection of `projector` has parked (projections with none are absent). One grouped query on the primary key. */
export async function parkedCounts(sql: Sql, projector: string): Promise<Record<string, number>> {
  const { rows } = await sql.query<{ projection: string; n: number }>(
    `SELECT projection, count(*)::int AS n FROM projection_parked_events WHERE projector = $1 GROUP BY projection ORDER BY projection`,
    [projector],
  );
  return Object.fromEntries(rows.map((r) => [r.projection, r.n]));
}

/**
 * The `/readyz` lines of projections with parked events, e.g.
 * `projection race_events: 2 event(s) parked (npm run projections -- parked)`; none when none.
 */
export function parkedNotes(counts: Readonly<Record<string, number>>): string[] {
  return Object.entries(counts).map(([projection, n]) => `projection ${projection}: ${n} event(s) parked (npm run projections -- parked)`);
}
