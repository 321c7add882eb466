import type { Sql } from '@pitwall/eventstore';
import { isUnappliableError, parkReason, type ParkReason } from '../parked-events.ts';
import type { ProjectedEvent, Projection, ProjectionStatement } from '../projection.ts';
import { applyStatements } from './batch-sql.ts';
import { batchStatements, handlersOf } from './batches.ts';

/** One event one projection could not apply, and why. */
export interface Parked {
  event: ProjectedEvent;
  projection: string;
  reason: ParkReason;
}

/** The savepoint each piece of a batch applied piece by piece runs in (one at a time, so one name). */
const PIECE_SAVEPOINT = 'pitwall_projection_piece';

/**
 * Applies `events` inside the batch's transaction, parking what cannot be applied: the piece
 * whole (in a savepoint); when it fails, its two halves one after the other (bisection: a bad
 * event among n costs about 2·log2(n) tries); a single event that fails is applied projection by
 * projection, each in a savepoint, and each projection that fails on it is added to `parked`.
 * The order of the rows is the order of the events, as in one whole batch (batch boundaries are
 * free: any split of the events gives the same read models). Rejects on any failure that is not
 * the data's (the caller's transaction rolls back and the batch is retried). `tryWhole` false:
 * the piece is known to fail whole, start with its halves.
 */
export async function applyInPieces(tx: Sql, projections: readonly Projection[], events: readonly ProjectedEvent[], parked: Parked[], tryWhole = true): Promise<void> {
  if (tryWhole && (await tryApply(tx, () => batchStatements(events, projections))) === null) return;
  if (events.length > 1) {
    const half = Math.ceil(events.length / 2);
    await applyInPieces(tx, projections, events.slice(0, half), parked);
    await applyInPieces(tx, projections, events.slice(half), parked);
    return;
  }
  const event = events[0]!;
  for (const projection of handlersOf(event, projections)) {
    const failure = await tryApply(tx, () => projection.project([event]));
    if (failure !== null) parked.push({ event, projection: projection.name, reason: failure });
  }
}

/**
 * Applies the statements `fold` answers in a savepoint: null when applied, the reason when the
 * fold threw or a statement failed with a data error (rolled back to the savepoint). Rejects on
 * any other error.
 */
async function tryApply(tx: Sql, fold: () => ProjectionStatement[]): Promise<ParkReason | null> {
  let statements: ProjectionStatement[];
  try {
    statements = fold();
  } catch (error) {
    return parkReason(error);
  }
  if (statements.length === 0) return null;
  await tx.exec(`SAVEPOINT ${PIECE_SAVEPOINT}`);
  try {
    await applyStatements(tx, statements);
  } catch (error) {
    if (!isUnappliableError(error)) throw error;
    await tx.exec(`ROLLBACK TO SAVEPOINT ${PIECE_SAVEPOINT}`);
    return parkReason(error);
  }
  await tx.exec(`RELEASE SAVEPOINT ${PIECE_SAVEPOINT}`);
  return null;
}
