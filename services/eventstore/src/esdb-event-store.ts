/**
 * The event store port (port.ts) on EventStoreDB 22.10+ / KurrentDB through
 * `@kurrent/kurrentdb-client`. Import it from '@pitwall/eventstore/esdb' (not the package root):
 * the client takes about a second to load (gRPC, protobuf, a native addon), which the embedded
 * mode should not pay.
 */
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START as ESDB_START,
  eventTypeFilter,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type JSONType,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  backoffDelay,
  eventTypeRegex,
  isStreamNotFound,
  isSystemEventType,
  isWrongExpectedVersion,
  revisionAllows,
  toActualRevision,
  toPortError,
  toPosition,
  toReadPosition,
  toStreamPosition,
  toStreamState,
  type BackoffOptions,
} from './esdb-mapping.ts';
import { createAppendListeners } from './append-listeners.ts';
import { createEventVersioning, type EventSchemas } from './versioning.ts';
import {
  ConcurrencyError,
  START,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './port.ts';

/** Options of {@link createEsdbEventStore}. */
export interface EsdbEventStoreOptions {
  /** The event types' schema versions and upcasters (the domain's EVENT_SCHEMAS); `{}` where nothing was ever versioned. */
  schemas: EventSchemas;
  /** Called when an `onAppended` listener throws (the append itself has succeeded). Default: console.error. */
  onListenerError?: (error: unknown) => void;
}

/** Options of {@link EsdbEventStore.subscribe}. */
export interface EsdbSubscribeOptions extends BackoffOptions {
  /** Only wake for these event types (exact names); default every non-system event. */
  types?: readonly string[];
  /**
   * Called when the subscription dropped (error or end) and will be retried after `delayMs`
   * from `from` (the last position seen). Use it to log; the error is the port's error
   * (StoreUnavailableError when the server is unreachable), or undefined when the server ended it.
   */
  onDrop?: (info: { attempt: number; delayMs: number; from: Position; error: unknown }) => void;
  /** Called each time a subscription is opened (first time and every resubscription), with its start. */
  onSubscribe?: (info: { attempt: number; from: Position }) => void;
}

/** A running {@link EsdbEventStore.subscribe}: `close()` stops it and any pending resubscription. */
export interface EsdbSubscription {
  /** The last position seen (an event of the filter or a server checkpoint); `after` until then. */
  readonly position: Position;
  close(): Promise<void>;
}

/** The port, plus the EventStoreDB-only live subscription and a way to close the client. */
export interface EsdbEventStore extends EventStore {
  /**
   * Subscribes to $all strictly after `after` with an event-type filter and calls `onWake(position)`
   * for each matching event (a wake-up: read from your checkpoint with `readAll`). When the
   * subscription drops, it resubscribes from the last position seen, with exponential backoff
   * (initialMs · 2^n, capped at maxMs, 20 % jitter) that resets after the next event or
   * confirmation; it never gives up until `close()`. A throwing `onWake` is reported to
   * `onListenerError` and does not stop the subscription.
   */
  subscribe(after: Position, onWake: (position: Position) => void, options?: EsdbSubscribeOptions): EsdbSubscription;
  /** Closes the gRPC channel; later calls reject. */
  close(): Promise<void>;
}

/** Rounds of reconciliation after a WrongExpectedVersion answer before giving up. */
const MAX_ATTEMPTS = 20;

/** JSON payload as the client types it (we store whatever JSON the domain produced, null included). */
function asJson(value: unknown): JSONType {
  return (value ?? null) as JSONType;
}

function checkBatch(streamName: string, events: readonly NewEvent[]): void {
  if (events.length === 0) throw new TypeError(`appendToStream(${streamName}): no events to append`);
  const ids = new Set(events.map((e) => e.id));
  if (ids.size !== events.length) throw new TypeError(`appendToStream(${streamName}): the same event id appears twice in one append`);
}

/** The port's RecordedEvent from a client event; undefined for a link without its target or a system event. */
function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (event === undefined || isSystemEventType(event.type)) return undefined;
  return {
    id: event.id,
    streamName: event.streamId,
    streamPosition: toStreamPosition(event.revision),
    position: toPosition(event.position, `position of ${event.streamId}@${String(event.revision)}`),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created instanceof Date ? event.created : new Date(String(event.created)),
  };
}

/**
 * Runs `fn`, turning client errors into the port's (StoreUnavailableError, ConcurrencyError).
 * `streamName`/`expected` name the ConcurrencyError of an append.
 */
async function guarded<T>(fn: () => Promise<T>, streamName?: string, expected?: ExpectedRevision): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toPortError(error, streamName, expected);
  }
}

/**
 * The {@link EventStore} port on EventStoreDB/KurrentDB. `connectionString` as the client takes
 * it, e.g. `kurrentdb://localhost:2113?tls=false` (`esdb://…` works too, with a deprecation
 * warning from the client). The client connects lazily: nothing is sent before the first call.
 *
 * - `appendToStream`: one gRPC append; the expected revision maps to NO_STREAM / STREAM_EXISTS /
 *   ANY / BigInt(n). When the server answers WrongExpectedVersion, the stream is read once to tell a
 *   conflict (→ ConcurrencyError, 409, with the actual revision) from a retried batch (ids already
 *   in the stream → the stream's current revision and last position, nothing stored, no
 *   notification) or a batch that repeats some stored ids (only the new ones are appended,
 *   at the current revision). The server itself treats a retry with the same ids and the same
 *   expected revision as idempotent and answers success. Unlike the PostgreSQL store, an id stored
 *   in ANOTHER stream is not detected (EventStoreDB keeps ids per write, not a global index).
 * - `readStream`: forward read; a missing stream is []; `to` keeps events at or before it.
 * - `readAll`: forward read of $all strictly after `after` with a server-side event-type regex
 *   (exact names; system `$…` events are never returned). EventStoreDB's log only exposes committed
 *   writes in order, so no event can appear later behind a reader.
 * - `onAppended`: in-process only, after appends that stored something; positions only ever move
 *   forward (an older position than one already announced is not announced).
 * - `headPosition`: the last non-system event in $all, or START.
 * - `subscribe`: see {@link EsdbEventStore.subscribe}.
 * Unreachable server (gRPC 14 UNAVAILABLE, the bridge's UnavailableError, deadline exceeded,
 * socket errors) → StoreUnavailableError (503). Empty batch, repeated id, bad revision or limit →
 * TypeError. Positions and revisions are coerced with BigInt() (the client may hand numbers).
 */
export function createEsdbEventStore(connectionString: string, options: EsdbEventStoreOptions): EsdbEventStore {
  const client = KurrentDBClient.connectionString(connectionString);
  const versioning = createEventVersioning(options.schemas);
  const onListenerError = options.onListenerError ?? ((error: unknown) => console.error('onAppended listener failed', error));
  const appendListeners = createAppendListeners(onListenerError);
  let announced: Position = START;

  function notify(position: Position): void {
    if (comparePositions(position, announced) <= 0) return;
    announced = position;
    appendListeners.notify(position);
  }

  async function readWholeStream(streamName: string, from = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamName, { direction: FORWARDS, fromRevision: from === 0 ? ESDB_START : BigInt(from) })) {
        const recorded = toRecorded(resolved);
        if (recorded !== undefined) events.push(recorded);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  /** Position of the event at `revision` of a stream (which must exist). */
  async function positionAt(streamName: string, revision: number): Promise<Position> {
    for await (const resolved of client.readStream(streamName, { direction: FORWARDS, fromRevision: BigInt(revision), maxCount: 1 })) {
      const recorded = toRecorded(resolved);
      if (recorded !== undefined) return recorded.position;
    }
    throw new Error(`appendToStream(${streamName}): event ${revision} not found right after appending it`);
  }

  /** The stream's current state from a full read: revision (-1 none), last position, stored ids. */
  async function streamState(streamName: string): Promise<{ revision: number; last: Position | undefined; ids: Set<string> }> {
    const events = await readWholeStream(streamName);
    const last = events.at(-1);
    return { revision: last?.streamPosition ?? -1, last: last?.position, ids: new Set(events.map((e) => e.id)) };
  }

  async function appendOnce(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult | 'conflict'> {
    try {
      const result = await client.appendToStream(
        streamName,
        events.map(versioning.stamp).map((e) => jsonEvent({ id: e.id, type: e.type, data: asJson(e.data), metadata: e.metadata as unknown as JSONType })),
        { streamState: toStreamState(streamName, expected) },
      );
      const nextExpectedRevision = toStreamPosition(result.nextExpectedRevision);
      if (result.position !== undefined) {
        // The write's position is its last event's in practice, but the server only promises "the
        // position of the write": for a batch, read the last event back (by its exact revision, so
        // a concurrent append cannot be mistaken for it) and answer its real position.
        const position = events.length === 1 ? toPosition(result.position, 'append position') : await positionAt(streamName, nextExpectedRevision);
        notify(position);
        return { nextExpectedRevision, position };
      }
      // The server answers an idempotent retry without a position: nothing new was stored.
      const state = await streamState(streamName);
      return { nextExpectedRevision, position: state.last ?? START };
    } catch (error) {
      if (isWrongExpectedVersion(error)) return 'conflict';
      throw error;
    }
  }

  async function append(streamName: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    let batch = events;
    let expectation = expected;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await appendOnce(streamName, batch, expectation);
      if (result !== 'conflict') return result;
      // Conflict, retried batch, or a batch that repeats stored ids: decide from the stream itself.
      const state = await streamState(streamName);
      const fresh = events.filter((e) => !state.ids.has(e.id));
      if (fresh.length === 0) return { nextExpectedRevision: state.revision, position: state.last ?? START };
      if (!revisionAllows(expected, state.revision)) {
        throw new ConcurrencyError(streamName, expected, state.revision === -1 ? 'no_stream' : state.revision);
      }
      // The caller's expectation holds; append what is new exactly after what we just read.
      batch = fresh;
      expectation = state.revision === -1 ? 'no_stream' : state.revision;
    }
    const state = await streamState(streamName);
    throw new ConcurrencyError(streamName, expected, toActualRevision(state.revision));
  }

  async function readAllAfter(after: Position, limit: number, types: readonly string[] | undefined): Promise<RecordedEvent[]> {
    const read = client.readAll({
      direction: FORWARDS,
      fromPosition: toReadPosition(after),
      // The start position itself is included by the server: one more, dropped below.
      maxCount: limit + 1,
      filter: eventTypeFilter({ regex: eventTypeRegex(types) }),
    });
    const wanted = types === undefined ? undefined : new Set(types);
    const events: RecordedEvent[] = [];
    for await (const resolved of read) {
      const recorded = toRecorded(resolved);
      if (recorded === undefined || comparePositions(recorded.position, after) <= 0) continue;
      if (wanted !== undefined && !wanted.has(recorded.type)) continue;
      events.push(recorded);
      if (events.length === limit) break;
    }
    return events;
  }

  function subscribe(after: Position, onWake: (position: Position) => void, subscribeOptions: EsdbSubscribeOptions = {}): EsdbSubscription {
    const { types, onDrop, onSubscribe, ...backoff } = subscribeOptions;
    const regex = eventTypeRegex(types);
    const wanted = types === undefined ? undefined : new Set(types);
    let position = after;
    let closed = false;
    let failures = 0;
    let attempt = 0;
    let current: AllStreamSubscription | undefined;
    let timer: NodeJS.Timeout | undefined;

    function open(): void {
      if (closed) return;
      attempt++;
      const from = position;
      onSubscribe?.({ attempt, from });
      const subscription = client.subscribeToAll({
        fromPosition: toReadPosition(from),
        filter: eventTypeFilter({
          regex,
          // Server checkpoints move `position` on through long runs of unmatched events, so a
          // resubscription does not rescan them.
          checkpointInterval: 1,
          checkpointReached: (_subscription, checkpoint) => {
            const p = toPosition(checkpoint, 'checkpoint');
            if (comparePositions(p, position) > 0) position = p;
          },
        }),
      });
      current = subscription;
      let dropped = false;
      const drop = (error: unknown) => {
        if (dropped || closed || current !== subscription) return;
        dropped = true;
        current = undefined;
        subscription.removeAllListeners('data');
        void subscription.unsubscribe().catch(() => {});
        failures++;
        const delayMs = backoffDelay(failures, backoff);
        onDrop?.({ attempt: failures, delayMs, from: position, error: error === undefined ? undefined : toPortError(error) });
        timer = setTimeout(open, delayMs);
        timer.unref?.();
      };
      subscription.on('confirmation', () => {
        failures = 0;
      });
      subscription.on('data', (resolved: AllStreamResolvedEvent) => {
        const recorded = toRecorded(resolved);
        if (recorded === undefined || comparePositions(recorded.position, position) <= 0) return;
        failures = 0;
        position = recorded.position;
        if (wanted !== undefined && !wanted.has(recorded.type)) return;
        try {
          onWake(recorded.position);
        } catch (error) {
          onListenerError(error);
        }
      });
      subscription.on('error', (error: unknown) => drop(error ?? new Error('subscription error')));
      subscription.on('end', () => drop(undefined));
      subscription.on('close', () => drop(undefined));
    }

    open();
    return {
      get position() {
        return position;
      },
      async close() {
        closed = true;
        if (timer !== undefined) clearTimeout(timer);
        const subscription = current;
        current = undefined;
        if (subscription !== undefined) await subscription.unsubscribe().catch(() => {});
      },
    };
  }

  return {
    async appendToStream(streamName, events, { expectedRevision }) {
      checkBatch(streamName, events);
      toStreamState(streamName, expectedRevision); // TypeError before any I/O
      return guarded(() => append(streamName, events, expectedRevision), streamName, expectedRevision);
    },

    readStream(streamName, { from = 0, to } = {}) {
      return guarded(async () => {
        if (to !== undefined && to.commit < 0n) return [];
        const events = (await readWholeStream(streamName, from)).map(versioning.upcast);
        return to === undefined ? events : events.filter((e) => comparePositions(e.position, to) <= 0);
      });
    },

    async readAll({ after, limit, types }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError(`readAll: limit must be a positive integer, got ${limit}`);
      if (types !== undefined && types.filter((t) => !isSystemEventType(t)).length === 0) return [];
      return guarded(async () => (await readAllAfter(after, limit, types)).map(versioning.upcast));
    },

    onAppended: appendListeners.onAppended,

    headPosition() {
      return guarded(async () => {
        for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: eventTypeFilter({ regex: eventTypeRegex() }) })) {
          const recorded = toRecorded(resolved);
          if (recorded !== undefined) return recorded.position;
        }
        return START;
      });
    },

    subscribe,

    close() {
      return client.dispose();
    },
  };
}
