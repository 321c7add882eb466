import type { EventStore, Sql } from '@pitwall/eventstore';
import { parsePosition, START } from '@pitwall/eventstore';
import { readLease, type LeaseState } from './projector-lease.ts';

/** How far the read models of one projector are behind the event store, as /readyz reports it. */
export interface ProjectionLag {
  /** Age of the oldest event the read models do not show yet, in ms (0: they show every event). */
  behindMs: number;
  /** The active projector's lease (distributed mode); null when projected in-process. */
  lease: LeaseState | null;
}

/**
 * Reads the checkpoint of projector `name` (from the database, whichever process moves it), the
 * first event after it and the lease. `now` is this process's clock in ms; an event's
 * `recordedAt` is the event store's.
 */
export async function projectionLag(db: Sql, store: EventStore, name: string, now: number): Promise<ProjectionLag> {
  const { rows } = await db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1`, [name]);
  const after = rows[0] ? parsePosition(rows[0].position) : START;
  const [next] = await store.readAll({ after, limit: 1 });
  return { behindMs: next ? Math.max(0, now - next.recordedAt.getTime()) : 0, lease: await readLease(db, name) };
}

/**
 * The lines /readyz lists under `degraded` for `lag`: the read models `behindMs` more than
 * `degradedAfterMs` behind, and a lease whose holder stopped renewing it.
 */
export function lagNotes(lag: ProjectionLag, degradedAfterMs: number): string[] {
  const notes: string[] = [];
  if (lag.behindMs > degradedAfterMs) notes.push(`projection: ${(lag.behindMs / 1000).toFixed(1)} s behind the event store`);
  if (lag.lease?.expired) notes.push(`projector: no heartbeat for ${(lag.lease.heartbeatAgeMs / 1000).toFixed(1)} s (a standby takes over)`);
  return notes;
}
