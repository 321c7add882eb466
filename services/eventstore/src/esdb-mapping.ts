/**
 * Pure translations between the event store port (port.ts) and the EventStoreDB/KurrentDB client
 * (`@kurrent/kurrentdb-client`): expected revisions, positions, errors, type filters and the
 * resubscription backoff. No I/O here, so every rule is unit-tested without a server.
 */
import { ConcurrencyError, StoreUnavailableError, type ExpectedRevision, type Position } from './port.ts';

/** The client's append expectation: 'any' | 'no_stream' | 'stream_exists' | an exact revision as bigint. */
export type EsdbStreamState = 'any' | 'no_stream' | 'stream_exists' | bigint;

/** The client's read start in $all: 'start' or an exact { commit, prepare } position. */
export type EsdbReadPosition = 'start' | { commit: bigint; prepare: bigint };

/** Largest revision the port can express (streamPosition is a JS number; the PostgreSQL column is int4). */
const MAX_REVISION = 2_147_483_647;

/**
 * Maps the port's expected revision to the client's stream state: 'no_stream' → NO_STREAM,
 * 'stream_exists' → STREAM_EXISTS, 'any' → ANY, n → BigInt(n).
 * Throws TypeError for anything else (negative, fractional or out-of-range numbers, other strings).
 */
export function toStreamState(streamName: string, expected: ExpectedRevision): EsdbStreamState {
  switch (expected) {
    case 'no_stream':
    case 'stream_exists':
    case 'any':
      return expected;
    default:
      if (typeof expected !== 'number' || !Number.isInteger(expected) || expected < 0 || expected > MAX_REVISION) {
        throw new TypeError(`expectedRevision for ${streamName} must be a non-negative integer or 'no_stream' | 'stream_exists' | 'any', got ${String(expected)}`);
      }
      return BigInt(expected);
  }
}

/**
 * Coerces a position or revision component to bigint. The client hands bigints from its gRPC path
 * but may hand JS numbers (or numeric strings) from other paths (a known pitfall of the EventStoreDB clients): accepts a bigint, a
 * safe integer number or a string of digits (optionally '-'). Throws TypeError for anything else,
 * including numbers beyond Number.MAX_SAFE_INTEGER, which have already lost precision and would
 * make a checkpoint skip or repeat events.
 */
export function toBigInt(value: unknown, what = 'value'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return BigInt(value);
    throw new TypeError(`${what} from EventStoreDB is not a safe integer: ${value}`);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`${what} from EventStoreDB is not an integer: ${String(value)}`);
}

/** What servers before 22.x put in the position of an event read from a stream (u64::MAX = "none"). */
const NO_POSITION = 18_446_744_073_709_551_615n;

/**
 * The port's Position from the client's { commit, prepare } (bigint, number or numeric string each).
 * Throws TypeError when it is missing or 2^64-1 (servers before 22.x have no position on events
 * read from a stream) or malformed.
 */
export function toPosition(raw: unknown, what = 'position'): Position {
  if (raw === null || typeof raw !== 'object') throw new TypeError(`EventStoreDB returned no ${what} (stream reads carry positions from server 22.x on)`);
  const { commit, prepare } = raw as { commit?: unknown; prepare?: unknown };
  const position = { commit: toBigInt(commit, `${what}.commit`), prepare: toBigInt(prepare, `${what}.prepare`) };
  if (position.commit === NO_POSITION || position.prepare === NO_POSITION) {
    throw new TypeError(`EventStoreDB returned no ${what} (2^64-1: a server before 22.x gives none on stream reads)`);
  }
  return position;
}

/** A stream revision (bigint, number or numeric string) as the port's stream position (a JS number). */
export function toStreamPosition(raw: unknown): number {
  const revision = toBigInt(raw, 'revision');
  if (revision < 0n || revision > BigInt(MAX_REVISION)) throw new TypeError(`revision out of range: ${revision}`);
  return Number(revision);
}

/** Where a forward read of $all starts for "strictly after `after`": 'start' for START (or before). */
export function toReadPosition(after: Position): EsdbReadPosition {
  return after.commit < 0n || after.prepare < 0n ? 'start' : { commit: after.commit, prepare: after.prepare };
}

/**
 * The client's "current revision" of a WrongExpectedVersionError (bigint, number, numeric string,
 * 'no_stream', or -1 for no stream) as ConcurrencyError's `actual`: a revision number or 'no_stream'.
 */
export function toActualRevision(raw: unknown): number | 'no_stream' {
  if (raw === undefined || raw === null || raw === 'no_stream') return 'no_stream';
  const revision = toBigInt(raw, 'current revision');
  return revision < 0n ? 'no_stream' : Number(revision);
}

/** Whether a stream whose current revision is `current` (-1 = no stream) satisfies `expected`. */
export function revisionAllows(expected: ExpectedRevision, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === -1;
    case 'stream_exists':
      return current >= 0;
    default:
      return current === expected;
  }
}

/** The shape of the client's errors that the mapping reads (CommandError and raw gRPC ServiceError). */
interface ClientErrorLike {
  type?: unknown;
  code?: unknown;
  name?: unknown;
}

/** gRPC status codes that mean "the server cannot be reached or cannot answer now". */
const UNAVAILABLE_GRPC_CODES = new Set([
  14, // UNAVAILABLE: no connection, connection refused or reset
  4, // DEADLINE_EXCEEDED: no answer in time
]);

/** Client error types (ErrorType) that mean the same, from the gRPC path and the Rust bridge. */
const UNAVAILABLE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'not-leader', 'timeout']);

/** Node socket error codes seen when the TCP connection itself fails. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE']);

/**
 * Whether `error` means the store could not be reached. The client reports this three ways:
 * a raw gRPC ServiceError with `code: 14` (appends, when the channel never connected), a
 * CommandError with `type: 'unavailable'` (reads through the Rust bridge, which carries no gRPC
 * code) and a CommandError with both (subscriptions). Deadline exceeded, not-leader and socket
 * errors count too.
 */
export function isEsdbUnavailable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { type, code, name } = error as ClientErrorLike;
  if (typeof type === 'string' && UNAVAILABLE_TYPES.has(type)) return true;
  if (typeof code === 'number' && UNAVAILABLE_GRPC_CODES.has(code)) return true;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  return name === 'UnavailableError' || name === 'DeadlineExceededError' || name === 'NotLeaderError';
}

/** Whether `error` is the client's WrongExpectedVersionError (by its type tag, not its class). */
export function isWrongExpectedVersion(error: unknown): error is { type: 'wrong-expected-version'; actualState?: unknown } {
  return (error as ClientErrorLike | null)?.type === 'wrong-expected-version';
}

/** Whether `error` is the client's StreamNotFoundError (reading a stream that does not exist). */
export function isStreamNotFound(error: unknown): boolean {
  const e = error as ClientErrorLike | null;
  return e?.type === 'stream-not-found' || e?.name === 'StreamNotFoundError';
}

/**
 * The port's error for a client error: unreachable → StoreUnavailableError (503);
 * WrongExpectedVersionError → ConcurrencyError (409) with the actual revision; anything else
 * (already a port error, a TypeError, an unknown server error) unchanged.
 */
export function toPortError(error: unknown, streamName = '', expected: ExpectedRevision = 'any'): unknown {
  if (error instanceof StoreUnavailableError || error instanceof ConcurrencyError) return error;
  if (isEsdbUnavailable(error)) return new StoreUnavailableError(error);
  if (isWrongExpectedVersion(error)) return new ConcurrencyError(streamName, expected, toActualRevision(error.actualState));
  return error;
}

/** Escapes a string for use as a literal inside a regular expression. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The server-side event-type regex that matches exactly `types` (never a prefix of another type,
 * which `eventTypeFilter({ prefixes })` would let through) and never a system event (`$…`).
 * Undefined types → every non-system event. Throws TypeError for an empty list (nothing to match:
 * callers answer [] without asking the server).
 */
export function eventTypeRegex(types?: readonly string[]): string {
  if (types === undefined) return '^[^$]';
  if (types.length === 0) throw new TypeError('eventTypeRegex: empty type list');
  return `^(?:${types.filter((t) => !t.startsWith('$')).map(escapeRegex).join('|')})$`;
}

/** Whether an event type is one of EventStoreDB's own (`$metadata`, `$>` links, `$statsCollected` …). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/** Backoff of the resubscription loop. */
export interface BackoffOptions {
  /** Delay before the first retry, in ms. Default 100. */
  initialMs?: number;
  /** Upper bound of the delay, in ms. Default 10 000. */
  maxMs?: number;
}

/**
 * Delay before retry number `attempt` (1, 2, 3 …): initialMs · 2^(attempt−1), capped at maxMs,
 * with up to 20 % jitter taken off (random() in [0, 1)) so that many projectors do not reconnect
 * in step. Always within [0.8 · capped, capped].
 */
export function backoffDelay(attempt: number, { initialMs = 100, maxMs = 10_000 }: BackoffOptions = {}, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const capped = Math.min(initialMs * 2 ** exponent, maxMs);
  return Math.round(capped * (1 - 0.2 * random()));
}
