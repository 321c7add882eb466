import type { Position, Sql } from '@pitwall/eventstore';
import { formatPosition, parsePosition, START } from '@pitwall/eventstore';

/** The checkpoint name of Pitwall's read models (one checkpoint row, one active projector; the default of every `name` option here). */
export const READ_MODELS_PROJECTION = 'read-models';

/** One row per projector name: the position (text 'commit/prepare') up to which its read models are complete. */
export const CHECKPOINT_DDL = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    position text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

/**
 * The stored checkpoint of projector `name`; a projector seen for the first time gets its row, at
 * the start. One query when the row exists (every restart).
 */
export async function loadCheckpoint(db: Sql, name: string): Promise<Position> {
  const { rows } = await db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1`, [name]);
  if (!rows[0]) await db.query(`INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, formatPosition(START)]);
  return rows[0] ? parsePosition(rows[0].position) : START;
}

/**
 * The fencing read of a batch's transaction: the checkpoint row of `name` locked until the commit,
 * and its position (the start when the row is missing). Another instance's batch (or a rebuild's
 * swap) that moved it meanwhile makes the caller's batch stale.
 */
export async function lockCheckpoint(tx: Sql, name: string): Promise<Position> {
  const { rows } = await tx.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, [name]);
  return rows[0] ? parsePosition(rows[0].position) : START;
}

/** Moves the checkpoint row of `name` (which must exist) to `position`. */
export async function moveCheckpoint(sql: Sql, name: string, position: Position): Promise<void> {
  await sql.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [name, formatPosition(position)]);
}
