import { randomUUID } from 'node:crypto';
import type { Decider } from '@pitwall/domain';
import { foldState } from '@pitwall/domain';
import type { EventMetadata, EventStore, Position } from '@pitwall/eventstore';
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
}

/** Result of a handled command: the events recorded and the global position of the last one (null if none). */
export interface Handled<Event> {
  events: Event[];
  position: Position | null;
}

/** Attempts on a concurrent change of the same stream, with a short random back-off between them. */
const MAX_ATTEMPTS = 8;
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));

/**
 * Runs commands against aggregates: read the stream, fold, decide, append with the expected
 * revision. On a concurrent change the command is decided again on the fresh state (up to 8
 * attempts, with a short random back-off), then the ConcurrencyError (409) propagates. Domain errors from `decide` propagate
 * unchanged and nothing is appended.
 */
export class CommandBus {
  constructor(
    private readonly store: EventStore,
    private readonly projection: ReadModelProgress,
    private readonly readYourWritesTimeoutMs: number,
    /** Told after every append, e.g. to wake projectors in other processes. */
    private readonly onAppended: () => void = () => {},
  ) {}

  async handle<Command, Event extends { type: string; data: unknown }, State>(
    decider: Decider<Command, Event, State>,
    streamName: string,
    command: Command,
    context: CommandContext,
  ): Promise<Handled<Event>> {
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.store.readStream(streamName);
      const state = foldState(decider, recorded.map((e) => ({ type: e.type, data: e.data }) as Event));
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, position: null };
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
          events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
          { expectedRevision: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.streamPosition },
        );
        this.onAppended();
        return { events, position: result.position };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
        await backOff(attempt);
      }
    }
  }

  /** Waits (bounded) until the read models include `position`, so the next read sees the change. */
  async visible(position: Position | null): Promise<void> {
    if (position) await this.projection.waitFor(position, this.readYourWritesTimeoutMs);
  }
}
