import { createHash, randomUUID } from 'node:crypto';
import type { Decider } from '@pitwall/domain';
import { decodeState, encodeState, foldState } from '@pitwall/domain';
import type { EventMetadata, EventStore, Position, SnapshotStore } from '@pitwall/eventstore';
import { ConcurrencyError } from '@pitwall/eventstore';

/**
 * How far the read models are: the in-process Projector (embedded) or a ProjectionWatcher that
 * follows a projector in another process.
 */
export interface ReadModelProgress {
  readonly position: Position;
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
}

/** Who issues a command, in which request, at what time. Becomes every event's metadata. */
export interface CommandContext {
  userId: number | null;
  teamId: number | null;
  correlationId: string;
  now: Date;
  /** Derive the events' ids from this, the stream and their index (an Idempotency-Key's seed, see eventIdSeedOf) instead of random ones. */
  eventIdSeed?: string | null;
  /** The request's If-Match precondition, checked against the stream the command appends to; null or absent: none. */
  precondition?: Precondition | null;
}

/**
 * An If-Match precondition (RFC 9110 §13.1.1) on the resource a command changes.
 * `checks` is false without an If-Match (or with `*`): the command then runs as without one, but
 * the resource's revision is still reported to `observed`.
 */
export interface Precondition {
  readonly checks: boolean;
  /** Whether the client's tag is the resource's current ETag, given the revision of `streamName` in the event store (-1: no stream). */
  holds(streamName: string, revision: number): Promise<boolean>;
  /** The stream's revision after the command (appended or not): the resource's ETag in the answer. */
  observed(streamName: string, revision: number): void;
}

/** The If-Match precondition did not hold (before the append or, for a change in between, at it): 412, nothing appended. */
export class PreconditionFailedError extends Error {
  readonly statusCode = 412;
  constructor(readonly streamName: string) {
    super(`Precondition failed: ${streamName} was changed since the version the request was based on`);
    this.name = 'PreconditionFailedError';
  }
}

/**
 * A change was stored (at `position`) but the read models did not show it within the
 * read-your-writes timeout (the projector is behind, frozen or being taken over): answered 202
 * Accepted with the position, never as if it were missing (see http-errors.ts).
 */
export class NotYetVisibleError extends Error {
  readonly statusCode = 202;
  constructor(readonly position: Position) {
    super('Saved. It will show once the server has caught up.');
    this.name = 'NotYetVisibleError';
  }
}

/**
 * A UUID (version 8, RFC 9562 §5.8) made from the SHA-256 of `name`: the same name always gives the
 * same id, so an append repeated with it is recognised by the event store.
 */
function uuidFromName(name: string): string {
  const b = createHash('sha256').update(name).digest().subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Result of a handled command: the events recorded and the global position of the last one (null if none). */
export interface Handled<Event> {
  events: Event[];
  position: Position | null;
}

/**
 * A snapshot is taken once this many events have been added to a stream since its last one. Every
 * command reads and folds the events after the snapshot, up to this many (a car's setup event
 * carries its whole list): at 100 that read was a command's costliest statement on PGlite after
 * the projection's, at 25 it reads a quarter as much for one snapshot write per 25 changes.
 */
export const SNAPSHOT_EVERY = 25;

/** Streams whose last folded state a CommandHandler keeps in memory (the least recently used go first). */
const RECENT_STATES_MAX = 1000;

/** A stream's state as a command left it: folded up to `revision`; `snapshotRevision` the stream's last snapshot (-1: none). */
interface KnownState {
  revision: number;
  snapshotRevision: number;
  state: unknown;
}

/** Attempts on a concurrent change of the same stream, with a short random back-off between them. */
const MAX_ATTEMPTS = 8;
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

/**
 * Runs commands against aggregates: load the state (the stream's snapshot, if the decider has a
 * `stateVersion` and one was taken, plus the events after it; else the whole stream), decide,
 * append with the expected revision. On a concurrent change the command is decided again on the
 * fresh state (up to 8 attempts, with a short random back-off), then the ConcurrencyError (409)
 * propagates. With a checking precondition (If-Match) the revision loaded from the event store
 * must satisfy it and the append expects exactly that revision: a stale tag, or a change between
 * the check and the append, throws PreconditionFailedError (412) and appends nothing, with no new
 * attempt. Domain errors from `decide` propagate unchanged and nothing is appended. After an
 * append that leaves SNAPSHOT_EVERY or more events since the last snapshot, the new state is
 * snapshotted, so a command's cost does not grow with the stream's history. The state a command
 * leaves (folded from its events as they are stored, i.e. through JSON) is kept in memory for
 * the stream's next command: no snapshot read and no fold of the events since the snapshot, the
 * costliest reads of a command on PGlite. Without a checking precondition that next command
 * reads nothing at all: it decides on the kept state and appends expecting its revision, which
 * the event store checks; only when the stream moved since (another process or handler appended:
 * ConcurrencyError), or when the kept state gives no events or a domain error (which must hold
 * for the stored stream, not an outdated copy of it), is it decided again, at once, on the
 * stream loaded from the store (the kept state and the events after it). With an If-Match the
 * stored revision is read first, as the precondition is checked against it.
 */
export class CommandHandler {
  /** The last state folded per decider and stream (at most RECENT_STATES_MAX streams per decider, in order of use). */
  private readonly recent = new WeakMap<object, Map<string, KnownState>>();

  constructor(
    private readonly store: EventStore,
    private readonly snapshots: SnapshotStore,
    private readonly projection: ReadModelProgress,
    private readonly readYourWritesTimeoutMs: number,
    /** Told after every append, e.g. to wake projectors in other processes. */
    private readonly onAppended: () => void = () => {},
  ) {}

  /** The aggregate's current state and the revision it was folded up to (-1: no stream). */
  async load<Event extends { type: string; data: unknown }, State>(decider: Decider<unknown, Event, State>, streamName: string): Promise<{ state: State; revision: number; snapshotRevision: number }> {
    const known = this.recent.get(decider)?.get(streamName);
    if (known) {
      const tail = await this.store.readStream(streamName, { from: known.revision + 1 });
      const state = foldState({ evolve: decider.evolve, initialState: known.state as State }, tail.map((e) => ({ type: e.type, data: e.data }) as Event));
      const loaded = { state, revision: tail.at(-1)?.streamPosition ?? known.revision, snapshotRevision: known.snapshotRevision };
      this.remember(decider, streamName, loaded);
      return loaded;
    }
    const snapshot = decider.stateVersion === undefined ? null : await this.snapshots.load(streamName, decider.stateVersion);
    const tail = await this.store.readStream(streamName, snapshot ? { from: snapshot.revision + 1 } : {});
    const start = snapshot ? decodeState<State>(snapshot.state) : decider.initialState;
    const state = foldState({ evolve: decider.evolve, initialState: start }, tail.map((e) => ({ type: e.type, data: e.data }) as Event));
    const snapshotRevision = snapshot?.revision ?? -1;
    const loaded = { state, revision: tail.at(-1)?.streamPosition ?? snapshotRevision, snapshotRevision };
    this.remember(decider, streamName, loaded);
    return loaded;
  }

  /** Keeps `known` as the stream's latest state for the decider, dropping the least recently used stream beyond RECENT_STATES_MAX. */
  private remember(decider: object, streamName: string, known: KnownState): void {
    let states = this.recent.get(decider);
    if (!states) this.recent.set(decider, (states = new Map()));
    states.delete(streamName);
    states.set(streamName, known);
    if (states.size > RECENT_STATES_MAX) states.delete(states.keys().next().value!);
  }

  async handle<Command, Event extends { type: string; data: unknown }, State>(
    decider: Decider<Command, Event, State>,
    streamName: string,
    command: Command,
    context: CommandContext,
  ): Promise<Handled<Event>> {
    const precondition = context.precondition ?? null;
    // The state this handler's previous command left, taken as the stream's without reading it (see the class).
    const kept = precondition?.checks ? undefined : this.recent.get(decider)?.get(streamName);
    let assumed: { state: State; revision: number; snapshotRevision: number } | undefined = kept && { ...kept, state: kept.state as State };
    for (let attempt = 1; ; ) {
      const { state, revision, snapshotRevision } = assumed ?? (await this.load(decider, streamName));
      const confirm = assumed !== undefined;
      assumed = undefined;
      if (precondition?.checks && !(await precondition.holds(streamName, revision))) throw new PreconditionFailedError(streamName);
      let events: Event[];
      try {
        events = decider.decide(command, state);
      } catch (error) {
        if (confirm) continue; // refused on the assumed state: decide again on the stored one
        throw error;
      }
      if (events.length === 0) {
        if (confirm) continue; // nothing to do on the assumed state: decide again on the stored one
        precondition?.observed(streamName, revision);
        return { events, position: null };
      }
      const metadata: EventMetadata = {
        userId: context.userId,
        teamId: context.teamId,
        correlationId: context.correlationId,
        causationId: null,
        at: context.now.toISOString(),
      };
      try {
        const result = await this.store.appendToStream(
          streamName,
          events.map((e, i) => ({ id: context.eventIdSeed ? uuidFromName(`${context.eventIdSeed}:${streamName}:${i}`) : randomUUID(), type: e.type, data: e.data, metadata })),
          { expectedRevision: revision === -1 ? 'no_stream' : revision },
        );
        this.onAppended();
        precondition?.observed(streamName, result.nextExpectedRevision);
        // The events as the store keeps them (JSON), so the state equals one folded from a read of the stream.
        const next = (JSON.parse(JSON.stringify(events)) as Event[]).reduce(decider.evolve, state);
        let snapshotAt = snapshotRevision;
        if (decider.stateVersion !== undefined && result.nextExpectedRevision - snapshotRevision >= SNAPSHOT_EVERY) {
          await this.snapshots.save(streamName, { revision: result.nextExpectedRevision, stateVersion: decider.stateVersion, state: encodeState(next) });
          snapshotAt = result.nextExpectedRevision;
        }
        // Only when exactly these events follow the state loaded: a retry answered from events stored
        // earlier, with others after them, leaves the stream elsewhere (the next command reads it).
        if (result.nextExpectedRevision === revision + events.length) this.remember(decider, streamName, { revision: result.nextExpectedRevision, snapshotRevision: snapshotAt, state: next });
        else this.recent.get(decider)?.delete(streamName);
        return { events, position: result.position };
      } catch (error) {
        if (error instanceof ConcurrencyError && precondition?.checks) throw new PreconditionFailedError(streamName);
        if (error instanceof ConcurrencyError && confirm) continue; // the stream moved since the assumed state: at once on the stored one
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
        attempt++;
        await backOff(attempt - 1);
      }
    }
  }

  /**
   * Waits (bounded by the read-your-writes timeout) until the read models include `position`, so
   * the next read sees the change.
   * @throws NotYetVisibleError when they do not within the timeout (the change is stored: 202).
   */
  async visible(position: Position | null): Promise<void> {
    if (position && !(await this.projection.waitFor(position, this.readYourWritesTimeoutMs))) throw new NotYetVisibleError(position);
  }
}
