import type { Database, EventStore, Position } from '@pitwall/eventstore';
import { comparePositions, formatPosition, START } from '@pitwall/eventstore';
import type { ProjectedEvent, Projection } from './projection.ts';
import { applyBatch, type BatchTarget } from './projector/apply-batch.ts';
import { DEFAULT_BATCH_SIZE, prepareBatch, type BatchSource, type PreparedBatch } from './projector/batches.ts';
import { loadCheckpoint, READ_MODELS_PROJECTION } from './projector/checkpoints.ts';
import type { Parked } from './projector/pieces.ts';
import { joinRebuild, rebuildCheckpointName, rebuildingProjections } from './projector/rebuilds.ts';
import { Waiters } from './projector/waiters.ts';
import { Wakeups } from './projector/wakeups.ts';

export { batchStatements, DEFAULT_BATCH_SIZE, segmentsOf } from './projector/batches.ts';
export { READ_MODELS_PROJECTION } from './projector/checkpoints.ts';
export { migrateReadModels, projectionVersion, PROJECTOR_DDL, resetReadModels, type MigrateReadModelsOptions } from './projector/migrate.ts';
export { rebuildCheckpointName } from './projector/rebuilds.ts';

/**
 * Minimal logger (pino-compatible). The projector logs positions, names, types and error messages,
 * never an event's data or a statement's parameters.
 */
export interface ProjectorLogger {
  error(obj: object, msg: string): void;
}

export interface ProjectorOptions {
  /** Where events are read from, in global order. */
  store: EventStore;
  /** Where the read models and the checkpoint are written, in one transaction per batch. */
  db: Database;
  projections: readonly Projection[];
  /** Checkpoint row name; one projector instance per name. Default {@link READ_MODELS_PROJECTION}. */
  name?: string;
  /** Events per transaction. Default {@link DEFAULT_BATCH_SIZE}. */
  batchSize?: number;
  /** How long to sleep when idle before polling again, in ms. Default 1000 (appends in this process wake it at once). */
  pollIntervalMs?: number;
  logger?: ProjectorLogger;
  /**
   * Called after each committed batch with the new checkpoint (e.g. to notify other processes) and
   * the batch: the checkpoint it was applied after and its events, in order (every event after
   * that checkpoint up to the new one).
   */
  onCommitted?: (position: Position, batch: { after: Position; events: readonly ProjectedEvent[] }) => void;
  /** Apply no event after this position (a rebuild of some projections catching up to the projector's checkpoint). Default: none. */
  until?: Position;
}

/**
 * Follows the event store's global order and applies each event to the read models. The
 * checkpoint is written in the SAME transaction as the rows, so a crash never applies an event
 * twice nor loses one. `waitFor` lets a command answer only after its events are visible
 * (read-your-writes).
 *
 * An event a projection cannot apply (its fold throws on it, or its statements fail with a data
 * error, see isUnappliableError) is PARKED for that projection (projection_parked_events, and an
 * error log line naming the event's position, stream, type, the projection and the message): the
 * batch is applied again in pieces, halves of halves inside savepoints, down to that one event and
 * projection; every other projection applies the event, and the checkpoint moves past it in the
 * same transaction. Any other failure (connection, serialization, lock timeout) rolls the batch
 * back and is retried, never parked.
 *
 * The parts (`src/projector/`): reading and folding a batch (batches.ts), applying it with the
 * checkpoint (apply-batch.ts, batch-sql.ts, checkpoints.ts), in pieces when it fails (pieces.ts),
 * the projections rebuilt on their own (rebuilds.ts), the schema and versions (migrate.ts), when to
 * look again (wakeups.ts) and who waits (waiters.ts).
 */
export class Projector {
  private checkpoint: Position = START;
  /** The checkpoint was read from the database (its row exists). */
  private loaded = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeups = new Wakeups();
  private readonly waiters = new Waiters();
  private unsubscribe: (() => void) | null = null;
  private readonly name: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly source: BatchSource;
  private readonly target: BatchTarget;

  constructor(private readonly options: ProjectorOptions) {
    this.name = options.name ?? READ_MODELS_PROJECTION;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.source = { store: options.store, projections: options.projections, limit: this.batchSize, until: options.until };
    this.target = { db: options.db, name: this.name, projections: options.projections };
  }

  /** The position up to which the read models are complete. */
  get position(): Position {
    return this.checkpoint;
  }

  /** Loads the checkpoint (unless a catch-up did) and starts following the store in the background. */
  async start(): Promise<void> {
    if (!this.loaded) this.checkpoint = await this.loadCheckpoint();
    await this.catchUpRebuilt();
    this.running = true;
    this.unsubscribe = this.options.store.onAppended((position) => this.wake(position));
    this.loop = this.run();
  }

  /** Stops after the current batch; pending waiters resolve false. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wakeups.interrupt();
    await this.loop;
    this.waiters.releaseAll();
  }

  /**
   * Resolves true once the read models include `position`, or false after `timeoutMs`
   * (the caller then answers anyway; the change is stored and will show shortly).
   */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.checkpoint, position) >= 0) return Promise.resolve(true);
    const waited = this.waiters.add(position, timeoutMs);
    this.wakeups.interrupt();
    return waited;
  }

  /** Applies every event available now, then resolves. For tests, tools and rebuilds. */
  async catchUp(): Promise<void> {
    if (!this.loaded) this.checkpoint = await this.loadCheckpoint();
    await this.catchUpRebuilt();
    // Pipelined: the next batch is read and folded into statements while the database applies the
    // current one (a rebuild is the database's pace, not the sum of both). It is started
    // once the current batch is sent, so reading it does not hold up that send.
    let batch = await this.prepareBatch(this.checkpoint);
    for (let applied = 1; batch.events.length > 0; applied++) {
      let next: Promise<PreparedBatch> | null = null;
      const current = batch;
      const done = await this.applyBatch(current, () => {
        next = this.prepareBatch(current.last);
        next.catch(() => {}); // awaited below; a failing apply must not leave it unhandled
      });
      if (current.events.length === this.batchSize && (applied & (applied - 1)) === 0) await this.analyze();
      batch = await (done && next ? next : this.prepareBatch(this.checkpoint));
    }
  }

  /**
   * Brings the projections being rebuilt on their own (projection_rebuilds, see migrateReadModels)
   * up to this projector's checkpoint, then lets them join it: a projector of their own (checkpoint
   * `<name>/rebuild`, fenced like this one) applies them alone up to the checkpoint; then, in one
   * transaction holding both checkpoint rows, when they are level, the rebuild ends (its rows and
   * checkpoint removed, its parked events moved to this projector). Until then this projector
   * applies nothing. Another instance finishing first ends it too; this one then simply goes on.
   */
  private async catchUpRebuilt(): Promise<void> {
    const { db, projections } = this.options;
    const names = new Set(await rebuildingProjections(db, this.name));
    if (names.size === 0) return;
    const rebuilt = projections.filter((p) => names.has(p.name));
    const rebuildName = rebuildCheckpointName(this.name);
    for (let joined = false; !joined; ) {
      const until = await this.loadCheckpoint();
      await new Projector({ ...this.options, projections: rebuilt, name: rebuildName, until, onCommitted: undefined }).catchUp();
      joined = await joinRebuild(db, this.name);
    }
    this.checkpoint = await this.loadCheckpoint();
  }

  /**
   * Refreshes the planner's statistics of the read-model tables, from a small sample (statistics
   * target 10: 3,000 rows a table). A catch-up runs it after its batches 1, 2, 4, 8, … when they are
   * full: the tables grow faster than autovacuum analyses them, and with the statistics of a table a
   * fraction of its size the planner scans the whole table for a keyed change (a rebuild ran 11k
   * events/s so, 14k with this on PostgreSQL). A catch-up of a few events does not run it.
   */
  private async analyze(): Promise<void> {
    const tables = this.options.projections.flatMap((p) => p.tables).map((t) => `"${t}"`).join(', ');
    if (tables) await this.options.db.transaction((tx) => tx.exec(`SET LOCAL default_statistics_target = 10; ANALYZE ${tables}`));
  }

  /**
   * Wakes an idle projector at once: new events were appended, up to `position` when the caller
   * knows it (an append of this process), possibly by another process.
   */
  wake(position?: Position): void {
    this.wakeups.wake(position);
  }

  private async run(): Promise<void> {
    while (this.running) {
      let more = false;
      try {
        more = await this.applyNextBatch();
      } catch (error) {
        // The error alone (the process logger keeps its message, code and stack, never a database error's parameters or row values).
        this.options.logger?.error({ err: error, projector: this.name, checkpoint: formatPosition(this.checkpoint) }, 'projection batch failed; retrying');
      }
      if (!more && this.running) await this.wakeups.sleep(this.pollIntervalMs, this.waiters.size > 0);
    }
  }

  /**
   * Reads and applies the next batch; true when there may be more to read at once: the batch was
   * full or stale, or a wake-up arrived while it ran. A shorter batch read everything visible when
   * it started, so reading again right away would find nothing; and once the checkpoint has
   * reached every position the pending wake-ups announced, so would the quick re-reads after them
   * (they are for an append a running older transaction still hides). Each such read is a round
   * trip that a command waiting for its change, or the next request, queues behind on PGlite.
   */
  private async applyNextBatch(): Promise<boolean> {
    const wakes = this.wakeups.count;
    const batch = await this.prepareBatch(this.checkpoint);
    if (batch.events.length === 0) return false;
    const applied = await this.applyBatch(batch);
    if (!applied || batch.events.length === this.batchSize || this.wakeups.count !== wakes) return true;
    this.wakeups.settle(this.checkpoint);
    return false;
  }

  /** Reads the events after `after` (up to the batch size) and folds them into the batch's statements (null when a fold throws). */
  private prepareBatch(after: Position): Promise<PreparedBatch> {
    return prepareBatch(this.source, after);
  }

  /**
   * Applies a prepared batch in one transaction with the checkpoint (see applyBatch in
   * projector/apply-batch.ts); false when the batch is stale (prepared after another position than
   * the stored checkpoint): then nothing is applied and the projector continues from the stored
   * checkpoint. `onSent`: a catch-up's, called once the batch is sent.
   */
  private async applyBatch(batch: PreparedBatch, onSent?: () => void): Promise<boolean> {
    const outcome = await applyBatch(this.target, batch, onSent);
    if ('stale' in outcome) {
      this.checkpoint = outcome.stale;
      return false;
    }
    this.committed(batch, outcome.parked);
    return true;
  }

  /** After a batch's commit: logs what it parked, moves the in-memory checkpoint, tells `onCommitted` and the waiters. */
  private committed(batch: PreparedBatch, parked: readonly Parked[]): void {
    for (const { event, projection, reason } of parked) {
      const position = formatPosition(event.position);
      this.options.logger?.error(
        { projector: this.name, projection, position, stream: event.streamName, type: event.type, code: reason.code, error: reason.message },
        `event ${position} (${event.type} of ${event.streamName}) parked: projection ${projection} cannot apply it: ${reason.message}`,
      );
    }
    const last = batch.last;
    this.checkpoint = last;
    this.options.onCommitted?.(last, { after: batch.after, events: batch.events });
    this.waiters.reached(last);
  }

  /** The stored checkpoint (see loadCheckpoint in projector/checkpoints.ts); marks it loaded. */
  private async loadCheckpoint(): Promise<Position> {
    const position = await loadCheckpoint(this.options.db, this.name);
    this.loaded = true;
    return position;
  }
}
