import type { Database, Position, Sql } from '@pitwall/eventstore';
import { comparePositions, parsePosition } from '@pitwall/eventstore';
import { isUnappliableError, recordParked } from '../parked-events.ts';
import type { Projection, ProjectionStatement } from '../projection.ts';
import { applyStatements, projectStatements } from './batch-sql.ts';
import type { PreparedBatch } from './batches.ts';
import { lockCheckpoint, moveCheckpoint } from './checkpoints.ts';
import { applyInPieces, type Parked } from './pieces.ts';

/** Where a batch is applied: the database, the checkpoint row (projector name) it is fenced on and moves, and the projections its pieces are applied by. */
export interface BatchTarget {
  db: Database;
  name: string;
  projections: readonly Projection[];
}

/**
 * What applying a batch did: committed with the checkpoint, with the events some projection
 * parked (see applyInPieces); or stale (read after another position than the stored checkpoint):
 * nothing applied, `stale` is the stored checkpoint to continue from.
 */
export type BatchOutcome = { parked: readonly Parked[] } | { stale: Position };

/**
 * Applies a prepared batch in one transaction with the checkpoint of `target.name`. With `onSent`
 * (a catch-up, which starts reading the next batch once this one is sent, not for a stale batch)
 * the statements go in one call ({@link applyStatements}), whose planning each time is paid per
 * thousands of events; without (the live projector's batches, a command's few events that the
 * command waits for): on PostgreSQL the whole batch is one call ({@link projectStatements}: one
 * round trip instead of nine, and a commit that does not wait for the WAL flush); on PGlite,
 * where a round trip costs no more than a call, each statement runs on its own, prepared: planned
 * once per process, cheaper on PGlite than the one call (bench/README.md, 'Measured on this machine').
 * When an event cannot be applied (a fold threw, or a data error), the batch is applied again in
 * pieces, parking what fails.
 */
export async function applyBatch(target: BatchTarget, batch: PreparedBatch, onSent?: () => void): Promise<BatchOutcome> {
  const { statements } = batch;
  if (statements !== null) {
    try {
      if (!onSent && target.db.kind === 'postgres') return await projectBatch(target, batch, statements);
      return await commitBatch(target, batch, async (tx) => {
        if (onSent) {
          const sent = statements.length > 0 ? applyStatements(tx, statements) : Promise.resolve();
          onSent();
          await sent;
        } else {
          for (const statement of statements) await tx.query(statement.text, statement.params);
        }
        return [];
      });
    } catch (error) {
      if (!isUnappliableError(error)) throw error;
    }
  }
  // An event of the batch cannot be applied by some projection: the batch again, in pieces (the whole failed already).
  return commitBatch(target, batch, async (tx) => {
    const parked: Parked[] = [];
    await applyInPieces(tx, target.projections, batch.events, parked, false);
    await recordParked(tx, target.name, parked);
    return parked;
  });
}

/** Runs `apply` in one transaction with the fencing check and the checkpoint update; stale when the stored checkpoint is not the one the batch was read after (nothing applied). */
async function commitBatch(target: BatchTarget, batch: PreparedBatch, apply: (tx: Sql) => Promise<Parked[]>): Promise<BatchOutcome> {
  return target.db.transaction(async (tx): Promise<BatchOutcome> => {
    // Fencing: the checkpoint row is locked for the batch. If another instance (or a rebuild's
    // swap) moved it, this batch is stale: apply nothing and continue from the stored checkpoint.
    const stored = await lockCheckpoint(tx, target.name);
    if (comparePositions(stored, batch.after) !== 0) return { stale: stored };
    const parked = await apply(tx);
    await moveCheckpoint(tx, target.name, batch.last);
    return { parked };
  });
}

/** Applies `statements` of `batch` with the fencing check and the checkpoint in one call ({@link projectStatements}, PostgreSQL); stale when the batch is (nothing applied). */
async function projectBatch(target: BatchTarget, batch: PreparedBatch, statements: readonly ProjectionStatement[]): Promise<BatchOutcome> {
  const stored = await projectStatements(target.db, target.name, batch.after, batch.last, statements);
  return stored === null ? { parked: [] } : { stale: parsePosition(stored) };
}
