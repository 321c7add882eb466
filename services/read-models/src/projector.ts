import { createHash } from 'node:crypto';
import type { Database, EventStore, Position, RecordedEvent, Sql } from '@pitwall/eventstore';
import { comparePositions, formatPosition, parsePosition, START } from '@pitwall/eventstore';
import { isUnappliableError, PARKED_EVENTS_DDL, parkReason, recordParked, type ParkReason } from './parked-events.ts';
import { PROJECTOR_LEASES_DDL } from './projector-lease.ts';
import type { ProjectedEvent, Projection, ProjectionStatement } from './projection.ts';

/**
 * Minimal logger (pino-compatible). The projector logs positions, names, types and error messages,
 * never an event's data or a statement's parameters.
 */
export interface ProjectorLogger {
  error(obj: object, msg: string): void;
}

/** The checkpoint name of Pitwall's read models (one checkpoint row, one active projector; the default of every `name` option here). */
export const READ_MODELS_PROJECTION = 'read-models';

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
 * Events per transaction when catching up: large enough that the few set-based statements per
 * table and the commit are paid per thousands of events (a rebuild ran 16k events/s on PostgreSQL
 * with 500, 21k with 2,000 on this machine kind); a live projector's batches are what arrived.
 */
export const DEFAULT_BATCH_SIZE = 2000;

/** Pause between re-reads while someone waits or right after a wake-up, in ms. */
const QUICK_RETRY_MS = 5;

const CHECKPOINT_DDL = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    position text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

/**
 * Applies a batch's statements in ONE call (one round trip, whatever the number of statements):
 * `statements[i]` is executed with `rows -> i` as its $1 (EXECUTE … USING: a parameter, never
 * inlined). The statements are the projections' own (see ProjectionStatement: their tables and
 * columns come from the code, their rows from the events); the caller's rights apply. One call
 * keeps the database busy while Node folds the next batch: with a round trip per statement, each
 * waited for the fold to yield (a rebuild on PostgreSQL spent a third of its time so).
 */
const APPLY_BATCH_DDL = `
  CREATE OR REPLACE FUNCTION pitwall_apply_batch(statements text[], rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    FOR i IN 1 .. coalesce(array_length(statements, 1), 0) LOOP
      EXECUTE statements[i] USING rows -> (i - 1);
    END LOOP;
  END $$;`;

const APPLY_BATCH = `SELECT pitwall_apply_batch($1::text[], $2::jsonb)`;

/** The parameters of {@link APPLY_BATCH}: the texts, and the rows of each as one JSON array (each statement's rows are JSON already). */
const applyBatchParams = (statements: readonly ProjectionStatement[]): [string[], string] => [statements.map((s) => s.text), `[${statements.map((s) => s.params[0]).join(',')}]`];

/**
 * A whole batch as ONE statement, its own transaction (no BEGIN, no COMMIT round trip): the
 * fencing check (the checkpoint row of `projector` locked, compared with `after`, the position the
 * batch was read after), the statements as in {@link APPLY_BATCH_DDL}, and the checkpoint moved
 * to `last`. Answers null when applied; the stored checkpoint (text, '-1/-1' when the row is
 * missing) when it differs from `after`: then nothing is applied. A statement that fails rolls the
 * whole call back (the projector then applies the batch in pieces). Its commit does not wait for
 * the WAL flush (synchronous_commit off, for this transaction only): the rows and the checkpoint
 * commit together, so a server crash can lose only the last batches whole, and the projector then
 * applies them again from the events, which were flushed at their append (an append's commit
 * waits for its flush, and the WAL flushes in order). Used by the live projector on PostgreSQL,
 * where the nine round trips of a transaction cost more than the call. Each statement text is
 * prepared once per connection (`pitwall_<md5 of the text>`, PREPARE … (jsonb)) and then executed
 * by name, so a live batch's statements are not planned again at every call (the setup history's
 * insert alone took ~0.3 ms to plan); at most 256 such plans a connection (the texts vary with
 * the columns a batch writes), further texts run unprepared as before.
 */
const PROJECT_BATCH_DDL = `
  CREATE OR REPLACE FUNCTION pitwall_project_batch(projector text, after text, last text, statements text[], rows jsonb) RETURNS text LANGUAGE plpgsql AS $$
  DECLARE
    stored text;
    plan text;
  BEGIN
    SELECT position INTO stored FROM projection_checkpoints WHERE name = projector FOR UPDATE;
    IF coalesce(stored, '-1/-1') <> after THEN
      RETURN coalesce(stored, '-1/-1');
    END IF;
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR i IN 1 .. coalesce(array_length(statements, 1), 0) LOOP
      plan := 'pitwall_' || md5(statements[i]);
      IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements p WHERE p.name = plan) THEN
        IF (SELECT count(*) FROM pg_prepared_statements p WHERE p.name LIKE 'pitwall\\_%') >= 256 THEN
          EXECUTE statements[i] USING rows -> (i - 1);
          CONTINUE;
        END IF;
        EXECUTE format('PREPARE %I(jsonb) AS %s', plan, statements[i]);
      END IF;
      EXECUTE format('EXECUTE %I(%L)', plan, rows -> (i - 1));
    END LOOP;
    UPDATE projection_checkpoints SET position = last, updated_at = now() WHERE name = projector;
    RETURN NULL;
  END $$;`;

const PROJECT_BATCH = `SELECT pitwall_project_batch($1, $2, $3, $4::text[], $5::jsonb) AS stored`;

const VERSIONS_DDL = `
  CREATE TABLE IF NOT EXISTS read_model_versions (
    name text PRIMARY KEY,
    version text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

/**
 * The projections of a projector being rebuilt on their own (see migrateReadModels): they follow
 * the checkpoint `<projector>/rebuild` until it reaches the projector's, then join it.
 */
const REBUILDS_DDL = `
  CREATE TABLE IF NOT EXISTS projection_rebuilds (
    projector text NOT NULL,
    projection text NOT NULL,
    PRIMARY KEY (projector, projection)
  );`;

/** The projector's own schema: the checkpoints, the read models' versions, the projections being rebuilt, the parked events, the active projector's lease and the functions of {@link APPLY_BATCH_DDL} and {@link PROJECT_BATCH_DDL} (created by {@link migrateReadModels}). */
export const PROJECTOR_DDL = CHECKPOINT_DDL + VERSIONS_DDL + REBUILDS_DDL + PARKED_EVENTS_DDL + PROJECTOR_LEASES_DDL + APPLY_BATCH_DDL + PROJECT_BATCH_DDL;

/**
 * The version of one projection as stored in read_model_versions: its hand-kept `version` and a
 * hash of its name, version and DDL, so a changed DDL is detected by itself.
 */
export function projectionVersion(projection: Projection): string {
  const hash = createHash('sha256').update(JSON.stringify([projection.name, projection.version, projection.ddl]));
  return `${projection.version}-${hash.digest('hex').slice(0, 16)}`;
}

/** The read_model_versions row of projection `projection` of projector `name`. */
const versionKey = (name: string, projection: string) => `${name}/${projection}`;

/** The checkpoint of the projections of projector `name` being rebuilt on their own. */
export const rebuildCheckpointName = (name: string) => `${name}/rebuild`;

/** Options of {@link migrateReadModels}. */
export interface MigrateReadModelsOptions {
  /** The checkpoint row of these read models. Default {@link READ_MODELS_PROJECTION}. */
  name?: string;
}

/**
 * Creates the read-model tables of `projections` and the projector's tables, idempotently, and
 * resets the projections whose stored version (see {@link projectionVersion}) differs from the
 * current one: their tables are dropped and created anew, their parked events cleared, and they
 * are rebuilt from the event store (in the current shapes, through the upcasters) while every
 * other read model keeps its rows and the projector its checkpoint. A projection rebuilt takes
 * those it `reads` with it (their rows as they were at each event). Data written before versions
 * per projection (one row named `name`) has no versions of its projections: all are rebuilt once.
 *
 * How a part rebuilds: the projections reset are listed in projection_rebuilds and follow a
 * checkpoint of their own from the start (see Projector: it catches them up to its checkpoint,
 * then applies them with the others). When every projection is reset, or the projector has
 * applied nothing yet, its own checkpoint simply goes back to the start. A reset while a rebuild
 * is unfinished resets the projections of both. Run inside the migration transaction.
 * @returns the names of the projections reset (none when every version matched).
 */
export async function migrateReadModels(db: Sql, projections: readonly Projection[], options: MigrateReadModelsOptions = {}): Promise<{ reset: string[] }> {
  const name = options.name ?? READ_MODELS_PROJECTION;
  await db.exec(PROJECTOR_DDL);
  const stored = new Map(
    (await db.query<{ name: string; version: string }>(`SELECT name, version FROM read_model_versions WHERE name = ANY($1::text[])`, [projections.map((p) => versionKey(name, p.name))])).rows.map(
      (r) => [r.name, r.version],
    ),
  );
  const changed = projections.filter((p) => stored.get(versionKey(name, p.name)) !== projectionVersion(p));
  if (changed.length === 0) {
    for (const p of projections) await db.exec(p.ddl);
    return { reset: [] };
  }
  const rebuilding = (await db.query<{ projection: string }>(`SELECT projection FROM projection_rebuilds WHERE projector = $1`, [name])).rows.map((r) => r.projection);
  const reset = withWhatTheyRead(projections, [...changed.map((p) => p.name), ...rebuilding]);
  const checkpoint = (await db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1`, [name])).rows[0]?.position;
  const fromStart = checkpoint === undefined || checkpoint === formatPosition(START);
  if (reset.length === projections.length || fromStart) await resetReadModels(db, projections, name);
  else {
    await resetTables(db, reset);
    for (const p of projections) if (!reset.includes(p)) await db.exec(p.ddl);
    await db.query(`DELETE FROM projection_parked_events WHERE projector = $1 AND projection = ANY($2::text[])`, [name, reset.map((p) => p.name)]);
    await db.query(`INSERT INTO projection_rebuilds (projector, projection) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [name, reset.map((p) => p.name)]);
    await db.query(
      `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [rebuildCheckpointName(name), formatPosition(START)],
    );
  }
  // The one version of every read model kept before versions per projection: replaced by theirs.
  await db.query(`DELETE FROM read_model_versions WHERE name = $1`, [name]);
  await db.query(
    `INSERT INTO read_model_versions (name, version) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, updated_at = now()`,
    [projections.map((p) => versionKey(name, p.name)), projections.map(projectionVersion)],
  );
  return { reset: reset.map((p) => p.name) };
}

/** The projections named, with every projection they read (transitively), in the order of `projections`. @throws Error when a projection reads one not in `projections` (a misspelt name). */
function withWhatTheyRead(projections: readonly Projection[], names: readonly string[]): Projection[] {
  const wanted = new Set(names);
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of projections) {
      if (!wanted.has(p.name)) continue;
      for (const read of p.reads ?? []) {
        if (!projections.some((q) => q.name === read)) throw new Error(`projection ${p.name} reads ${read}, which is not among the projections`);
        if (wanted.has(read)) continue;
        wanted.add(read);
        grown = true;
      }
    }
  }
  return projections.filter((p) => wanted.has(p.name));
}

/** Drops and creates the tables of `projections`. */
async function resetTables(db: Sql, projections: readonly Projection[]): Promise<void> {
  const tables = projections.flatMap((p) => p.tables);
  if (tables.length > 0) await db.exec(`DROP TABLE IF EXISTS ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`);
  for (const p of projections) await db.exec(p.ddl);
}

/**
 * Empties the read models of checkpoint `name` for a rebuild from the start: drops and creates
 * the tables of `projections`, moves the checkpoint to the start, clears the events parked
 * (every event is applied again, so what was parked is tried again) and ends a rebuild of some of
 * them (they all start again). The projector's tables must exist (PROJECTOR_DDL). Run in one
 * transaction. A projector of `name` running meanwhile finds the checkpoint moved and follows it
 * (the fencing check), so no event is applied twice.
 */
export async function resetReadModels(db: Sql, projections: readonly Projection[], name: string): Promise<void> {
  await resetTables(db, projections);
  await db.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [name, formatPosition(START)]);
  await db.query(`DELETE FROM projection_parked_events WHERE projector = ANY($1::text[])`, [[name, rebuildCheckpointName(name)]]);
  await db.query(`DELETE FROM projection_rebuilds WHERE projector = $1`, [name]);
  await db.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [rebuildCheckpointName(name)]);
}

const toProjected = (e: RecordedEvent): ProjectedEvent =>
  ({ type: e.type, data: e.data, metadata: e.metadata, position: e.position, streamName: e.streamName, streamPosition: e.streamPosition }) as ProjectedEvent;

/**
 * A batch cut into segments: a new one starts at each event of a type some projection lists in
 * `segmentBefore` (it changes what that projection reads), so the projection's rows of the events
 * before it are written first.
 */
export function segmentsOf(events: readonly ProjectedEvent[], projections: readonly Projection[]): ProjectedEvent[][] {
  const cuts = new Set<string>(projections.flatMap((p) => p.segmentBefore ?? []));
  const segments: ProjectedEvent[][] = [];
  for (const event of events) {
    const current = segments[segments.length - 1];
    if (!current || cuts.has(event.type)) segments.push([event]);
    else current.push(event);
  }
  return segments;
}

/**
 * The statements applying a batch, set-based: per segment (see segmentsOf), each projection in
 * the order given folds the segment's events it handles into a few statements.
 */
export function batchStatements(events: readonly ProjectedEvent[], projections: readonly Projection[]): ProjectionStatement[] {
  return segmentsOf(events, projections).flatMap((segment) =>
    projections.flatMap((projection) => {
      const handled = projection.canHandle === 'all' ? segment : segment.filter((e) => projection.canHandle.includes(e.type));
      return handled.length === 0 ? [] : projection.project(handled);
    }),
  );
}

/** The projections that handle `event`, in their order. */
const handlersOf = (event: ProjectedEvent, projections: readonly Projection[]): Projection[] =>
  projections.filter((p) => p.canHandle === 'all' || p.canHandle.includes(event.type));

/**
 * A batch read and folded, ready to apply: the positions it spans, its events and its statements
 * (null when a projection's fold threw: the batch is then applied piece by piece, see
 * Projector.applyInPieces).
 */
interface PreparedBatch {
  /** The checkpoint it was read after (the fencing check compares the stored one with it). */
  after: Position;
  last: Position;
  events: readonly ProjectedEvent[];
  statements: ProjectionStatement[] | null;
}

/** One event one projection could not apply, and why. */
interface Parked {
  event: ProjectedEvent;
  projection: string;
  reason: ParkReason;
}

/** The savepoint each piece of a batch applied piece by piece runs in (one at a time, so one name). */
const PIECE_SAVEPOINT = 'pitwall_projection_piece';

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
 */
export class Projector {
  private checkpoint: Position = START;
  /** The checkpoint was read from the database (its row exists). */
  private loaded = false;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeIdle: (() => void) | null = null;
  /** A wake-up arrived while a batch was running: look again soon instead of sleeping a full poll interval. */
  private wakePending = false;
  /** Quick re-reads left after a wake-up: an event committed just now may be invisible for a moment (an older transaction still in flight holds readers back). */
  private quickRetries = 0;
  /** Wake-ups so far (a batch compares the count before and after it). */
  private wakes = 0;
  /** The newest position the pending wake-ups announced; 'unknown' when one came without a position (another process's append). */
  private wokenUpTo: Position | 'unknown' | null = null;
  private waiters: { position: Position; resolve: (ok: boolean) => void }[] = [];
  private unsubscribe: (() => void) | null = null;
  private readonly name: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;

  constructor(private readonly options: ProjectorOptions) {
    this.name = options.name ?? READ_MODELS_PROJECTION;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
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
    this.wakeIdle?.();
    await this.loop;
    for (const w of this.waiters.splice(0)) w.resolve(false);
  }

  /**
   * Resolves true once the read models include `position`, or false after `timeoutMs`
   * (the caller then answers anyway; the change is stored and will show shortly).
   */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.checkpoint, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      this.wakeIdle?.();
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          resolve(false);
        }
      }, timeoutMs).unref?.();
    });
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
    const names = new Set((await db.query<{ projection: string }>(`SELECT projection FROM projection_rebuilds WHERE projector = $1`, [this.name])).rows.map((r) => r.projection));
    if (names.size === 0) return;
    const rebuilt = projections.filter((p) => names.has(p.name));
    const rebuildName = rebuildCheckpointName(this.name);
    for (let joined = false; !joined; ) {
      const until = await this.loadCheckpoint();
      await new Projector({ ...this.options, projections: rebuilt, name: rebuildName, until, onCommitted: undefined }).catchUp();
      joined = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ name: string; position: string }>(`SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE`, [
          [this.name, rebuildName],
        ]);
        const at = new Map(rows.map((r) => [r.name, r.position]));
        if (!at.has(rebuildName)) return true;
        if (at.get(rebuildName) !== at.get(this.name)) return false;
        await tx.query(`UPDATE projection_parked_events SET projector = $1 WHERE projector = $2`, [this.name, rebuildName]);
        await tx.query(`DELETE FROM projection_rebuilds WHERE projector = $1`, [this.name]);
        await tx.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [rebuildName]);
        return true;
      });
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
    this.wakes++;
    const upTo = this.wokenUpTo;
    this.wokenUpTo = position === undefined || upTo === 'unknown' ? 'unknown' : upTo === null || comparePositions(position, upTo) > 0 ? position : upTo;
    this.wakePending = true;
    this.wakeIdle?.();
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
      if (!more && this.running) await this.idle();
    }
  }

  private idle(): Promise<void> {
    if (this.wakePending) {
      this.wakePending = false;
      this.wokenUpTo = null;
      this.quickRetries = 5;
    }
    const quick = this.quickRetries > 0 || this.waiters.length > 0;
    if (this.quickRetries > 0) this.quickRetries--;
    const ms = quick ? QUICK_RETRY_MS : this.pollIntervalMs;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeIdle = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeIdle = done;
    });
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
    const wakes = this.wakes;
    const batch = await this.prepareBatch(this.checkpoint);
    if (batch.events.length === 0) return false;
    const applied = await this.applyBatch(batch);
    if (!applied || batch.events.length === this.batchSize || this.wakes !== wakes) return true;
    const upTo = this.wokenUpTo;
    if (upTo !== null && upTo !== 'unknown' && comparePositions(this.checkpoint, upTo) >= 0) {
      this.wakePending = false;
      this.wokenUpTo = null;
    }
    return false;
  }

  /** Reads the events after `after` (up to the batch size) and folds them into the batch's statements (null when a fold throws). */
  private async prepareBatch(after: Position): Promise<PreparedBatch> {
    const { until } = this.options;
    const read = (await this.options.store.readAll({ after, limit: this.batchSize })).map(toProjected);
    const events = until ? read.filter((e) => comparePositions(e.position, until) <= 0) : read;
    if (events.length === 0) return { after, last: after, events, statements: [] };
    let statements: ProjectionStatement[] | null;
    try {
      statements = batchStatements(events, this.options.projections);
    } catch {
      statements = null; // a projection's code threw on one of the events: found and parked by applyInPieces
    }
    return { after, last: events[events.length - 1]!.position, events, statements };
  }

  /**
   * Applies a prepared batch in one transaction with the checkpoint; false when the batch is stale
   * (prepared after another position than the stored checkpoint): then nothing is applied and the
   * projector continues from the stored checkpoint. With `onSent` (a catch-up, which starts reading
   * the next batch once this one is sent, not for a stale batch) the statements go in one call
   * ({@link APPLY_BATCH}), whose planning each time is paid per thousands of events; without (the
   * live projector's batches, a command's few events that the command waits for): on PostgreSQL
   * the whole batch is one call ({@link PROJECT_BATCH}: one round trip instead of nine, and a
   * commit that does not wait for the WAL flush); on PGlite, where a round trip costs no more
   * than a call, each statement runs on its own, prepared: planned once per process, which
   * halved the cost of applying one command's events against the one call.
   */
  private async applyBatch(batch: PreparedBatch, onSent?: () => void): Promise<boolean> {
    const { statements } = batch;
    if (statements !== null) {
      try {
        if (!onSent && this.options.db.kind === 'postgres') return await this.projectBatch(batch, statements);
        return await this.commitBatch(batch, async (tx) => {
          if (onSent) {
            const sent = statements.length > 0 ? tx.query(APPLY_BATCH, applyBatchParams(statements)) : Promise.resolve();
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
    return this.commitBatch(batch, async (tx) => {
      const parked: Parked[] = [];
      await this.applyInPieces(tx, batch.events, parked, false);
      await recordParked(tx, this.name, parked);
      return parked;
    });
  }

  /**
   * Runs `apply` in one transaction with the fencing check and the checkpoint update; false when
   * the batch is stale (nothing applied). After the commit: see {@link committed}.
   */
  private async commitBatch(batch: PreparedBatch, apply: (tx: Sql) => Promise<Parked[]>): Promise<boolean> {
    const parked = await this.options.db.transaction(async (tx) => {
      // Fencing: the checkpoint row is locked for the batch. If another instance (or a rebuild's
      // swap) moved it, this batch is stale: apply nothing and continue from the stored checkpoint.
      const { rows } = await tx.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE`, [this.name]);
      const stored = rows[0] ? parsePosition(rows[0].position) : START;
      if (comparePositions(stored, batch.after) !== 0) {
        this.checkpoint = stored;
        return null;
      }
      const parkedNow = await apply(tx);
      await tx.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [this.name, formatPosition(batch.last)]);
      return parkedNow;
    });
    if (parked === null) return false;
    this.committed(batch, parked);
    return true;
  }

  /** Applies `statements` of `batch` with the fencing check and the checkpoint in one call ({@link PROJECT_BATCH}, PostgreSQL); false when the batch is stale (nothing applied). */
  private async projectBatch(batch: PreparedBatch, statements: readonly ProjectionStatement[]): Promise<boolean> {
    const [texts, rows] = applyBatchParams(statements);
    const { rows: answer } = await this.options.db.query<{ stored: string | null }>(PROJECT_BATCH, [this.name, formatPosition(batch.after), formatPosition(batch.last), texts, rows]);
    const stored = answer[0]?.stored ?? null;
    if (stored !== null) {
      this.checkpoint = parsePosition(stored);
      return false;
    }
    this.committed(batch, []);
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
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(last, w.position) < 0) return true;
      w.resolve(true);
      return false;
    });
  }

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
  private async applyInPieces(tx: Sql, events: readonly ProjectedEvent[], parked: Parked[], tryWhole = true): Promise<void> {
    const { projections } = this.options;
    if (tryWhole && (await this.tryApply(tx, () => batchStatements(events, projections))) === null) return;
    if (events.length > 1) {
      const half = Math.ceil(events.length / 2);
      await this.applyInPieces(tx, events.slice(0, half), parked);
      await this.applyInPieces(tx, events.slice(half), parked);
      return;
    }
    const event = events[0]!;
    for (const projection of handlersOf(event, projections)) {
      const failure = await this.tryApply(tx, () => projection.project([event]));
      if (failure !== null) parked.push({ event, projection: projection.name, reason: failure });
    }
  }

  /**
   * Applies the statements `fold` answers in a savepoint: null when applied, the reason when the
   * fold threw or a statement failed with a data error (rolled back to the savepoint). Rejects on
   * any other error.
   */
  private async tryApply(tx: Sql, fold: () => ProjectionStatement[]): Promise<ParkReason | null> {
    let statements: ProjectionStatement[];
    try {
      statements = fold();
    } catch (error) {
      return parkReason(error);
    }
    if (statements.length === 0) return null;
    await tx.exec(`SAVEPOINT ${PIECE_SAVEPOINT}`);
    try {
      await tx.query(APPLY_BATCH, applyBatchParams(statements));
    } catch (error) {
      if (!isUnappliableError(error)) throw error;
      await tx.exec(`ROLLBACK TO SAVEPOINT ${PIECE_SAVEPOINT}`);
      return parkReason(error);
    }
    await tx.exec(`RELEASE SAVEPOINT ${PIECE_SAVEPOINT}`);
    return null;
  }

  /** The stored checkpoint; a projector seen for the first time gets its row, at the start. One query when the row exists (every restart). */
  private async loadCheckpoint(): Promise<Position> {
    const { rows } = await this.options.db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1`, [this.name]);
    if (!rows[0]) await this.options.db.query(`INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [this.name, formatPosition(START)]);
    this.loaded = true;
    return rows[0] ? parsePosition(rows[0].position) : START;
  }
}
