/**
 * The event store port: what the command side and the projectors need from any event store
 * (PostgreSQL/PGlite here; EventStoreDB later behind the same interface).
 */

/** Who caused an event, and in which request: the audit trail of every change. */
export interface EventMetadata {
  /** Signed-in user id, null for anonymous commands such as team setup before the user exists. */
  userId: number | null;
  /** Team the change belongs to, null where none (e.g. a username claim). */
  teamId: number | null;
  /** Id of the HTTP request (or seed run) that caused the command. */
  correlationId: string;
  /** Id of the event or command that caused this one; null for a direct user command. */
  causationId: string | null;
  /** ISO 8601 timestamp of the decision, passed in (never read from the clock inside the domain). */
  at: string;
  /**
   * Schema version of the event's data, stamped by the store on append (see versioning.ts); absent
   * on events written before versioning (= 1). Events read back are upcast to the current version.
   */
  schemaVersion?: number;
}

/** An event to append. `id` (UUID) makes a retried append idempotent: the same id is stored once. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A position in the store's global order. For PostgreSQL, `commit` is the writing transaction id
 * (xid8) and `prepare` the global sequence number; events are ordered by (commit, prepare).
 * For EventStoreDB they are its commit/prepare positions. Both are non-negative bigints.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

/** The position before the first event. */
export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

/** Orders two positions: negative when a < b, 0 when equal, positive when a > b. */
export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Text form 'commit/prepare' (bigint-safe), used in checkpoints and logs. */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

/** Parses 'commit/prepare'; throws TypeError on anything else. */
export function parsePosition(text: string): Position {
  const m = /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!m) throw new TypeError(`not a position: ${text}`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

/** An event as stored. `streamPosition` counts from 0 within its stream. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamName: string;
  streamPosition: number;
  position: Position;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

/**
 * What the appender expects of the stream: 'no_stream' (must not exist), 'stream_exists',
 * 'any', or the exact revision = stream position of the last event (0 after one event).
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

/** Result of an append: the stream's new revision and the position of its last event. */
export interface AppendResult {
  nextExpectedRevision: number;
  position: Position;
}

/** Thrown when the expected revision does not match the stream: maps to HTTP 409. */
export class ConcurrencyError extends Error {
  readonly statusCode = 409;
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Someone else changed this just now; reload and try again (${streamName}: expected ${String(expected)}, actual ${String(actual)})`);
    this.name = 'ConcurrencyError';
  }
}

/** Thrown when the store cannot be reached: maps to HTTP 503. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('The event store is unavailable; nothing was saved. Try again shortly.', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** The event store. All methods reject with StoreUnavailableError when the store is unreachable. */
export interface EventStore {
  /**
   * Appends `events` atomically to `streamName` if the stream matches `expectedRevision`;
   * otherwise rejects with ConcurrencyError and stores nothing. An event whose `id` is already
   * stored in this stream is not stored again (idempotent retry); if all are, the call returns
   * the stream's current state. Rejects with TypeError for an empty `events` list.
   */
  appendToStream(streamName: string, events: readonly NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;

  /**
   * Reads a stream in order, optionally from stream position `from` (inclusive; a snapshot's
   * revision + 1) and up to and including the global position `to`; [] if it does not exist.
   */
  readStream(streamName: string, options?: { from?: number; to?: Position }): Promise<RecordedEvent[]>;

  /**
   * Reads up to `limit` events of the global order strictly after `after`, never skipping an event
   * that a still-running transaction will commit later (readers stop below the oldest in-flight
   * transaction). Optionally filtered by event type.
   */
  readAll(options: { after: Position; limit: number; types?: readonly string[] }): Promise<RecordedEvent[]>;

  /** Registers a callback run after each successful append in this process; returns an unsubscribe. */
  onAppended(listener: (position: Position) => void): () => void;

  /** Position of the last committed event visible to readers (START when empty). */
  headPosition(): Promise<Position>;
}
