import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import type { LiveChange } from '@pitwall/contracts';
import type { Position, RecordedEvent, Sql, EventStore } from '@pitwall/eventstore';
import { comparePositions, formatPosition, parsePosition, START } from '@pitwall/eventstore';
import type { Notifier } from '../notify/notifier.ts';
import type { AuthSessionStore } from '../identity/auth-session-store.ts';

/** How long the feed keeps the changes it sent, for a reconnect's `Last-Event-ID` (10 minutes). */
const LIVE_RETENTION_MS = 10 * 60_000;
/** At most this many changes are kept for resuming, whatever their age (bounds memory in a burst). */
const LIVE_RETAINED_MAX = 20_000;
/** A stream whose socket holds more unsent bytes than this (a stalled client) is closed; it reconnects and resumes. */
const LIVE_MAX_BUFFERED_BYTES = 256 * 1024;
/** While replaying what a stream missed, the feed waits for the socket to drain once it holds more unsent bytes than this. */
export const LIVE_REPLAY_HIGH_WATER_BYTES = 64 * 1024;
/** A replaying stream whose socket does not drain within this time (a client that stopped reading) is closed, ms. */
const LIVE_REPLAY_STALL_MS = 15_000;
/** At most this many streams replay at once per process; the others wait their turn (each wait holds no changes). */
const LIVE_REPLAYS_AT_ONCE = 4;
/** A replay gives the event loop back after this many changes, so other requests are served during a reconnect storm. */
const REPLAY_TURN = 200;

/** One open live stream: whose, what it may see, and how to reach it. */
export interface LiveSubscriber {
  userId: number;
  /** The session it was opened with: the stream closes when the session ends. */
  authSessionId: string;
  /** The teams where the user is an active member. */
  teams: Set<number>;
  /** The series the user organises. */
  series: Set<number>;
  /** Only changes after this position are sent (the resume point, or the feed's head when opened). */
  after: Position;
  /** Writes one change to the stream; answers the bytes the socket still holds unsent. */
  send(change: LiveChange): number;
  /**
   * Resolves true once the socket has written what it held (at once when it holds little), false
   * when the stream closed or it did not drain within `timeoutMs`.
   */
  drained(timeoutMs: number): Promise<boolean>;
  /** Tells the stream that what it missed is no longer kept: the client refetches what it shows. */
  reset(): void;
  /** Ends the stream. */
  close(): void;
}

export interface LiveFeedOptions {
  store: EventStore;
  db: Sql;
  notifier: Notifier;
  authSessions: AuthSessionStore;
  /** The projector's checkpoint name: the feed sends what the read models include. */
  projection: string;
  /** Fallback poll of the checkpoint while streams are open (notifications are best-effort), ms; default 1000. */
  pollMs?: number;
  /** How often the sessions of open streams are checked (a sign-out elsewhere), ms; default 5000. */
  authSessionCheckMs?: number;
  retentionMs?: number;
  retainedMax?: number;
  /** Streams replaying at once (default LIVE_REPLAYS_AT_ONCE). */
  replaysAtOnce?: number;
  /** See LIVE_REPLAY_STALL_MS. */
  replayStallMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The ids an event's data may name. */
interface EventIds {
  carId?: unknown;
  raceEventId?: unknown;
  sessionId?: unknown;
  seriesId?: unknown;
  teamId?: unknown;
  userId?: unknown;
}

/** A change kept for resuming, with its position parsed once. */
interface Kept {
  change: LiveChange;
  position: Position;
}

/** What the feed uses of an event: a recorded one read back, or one the projector of this process just applied. */
export type FeedEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata' | 'position' | 'streamName'>;

const idOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

/**
 * The live feed of one API process: after the projector commits (a caught-up notification, or the
 * checkpoint polled every `pollMs` while streams are open), it reads the newly projected events
 * from the event store, turns each into a LiveChange and writes it to every open stream allowed
 * to see it: members of the change's team, and organisers of the change's series (a series
 * stream's own events). Every API process follows the same store, so every query instance sends
 * the same changes with the same ids whichever one a client reaches.
 *
 * Resume: the changes of the last `retentionMs` (at most `retainedMax`) are kept in memory; a
 * stream opened with a `Last-Event-ID` at or after the oldest kept point replays what it missed,
 * an older or unreadable one answers 'reset'. Membership: a member deactivated or removed has
 * their streams closed as the change arrives; a member added gets the team's changes from then on.
 * Sessions: the sessions of open streams are checked every `authSessionCheckMs` (a sign-out on another
 * process); `closeAuthSession` closes at once in this process.
 */
export class LiveFeed {
  private readonly subscribers = new Set<LiveSubscriber>();
  private retained: Kept[] = [];
  /** How many kept changes were dropped from the front of `retained` since the start (a replay's index stays valid). */
  private dropped = 0;
  /** Every change after this position is in `retained`. */
  private floor: Position = START;
  /** The last event read from the store. */
  private head: Position = START;
  /** The newest position the read models are known to include. */
  private target: Position = START;
  private started: Promise<void> | null = null;
  /** Whether `start` has read the checkpoint (`target` is then what the read models include at least). */
  private ready = false;
  private pumping: Promise<void> | null = null;
  private again = false;
  private pollTimer: NodeJS.Timeout | null = null;
  private authSessionTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  /** `team:user` → who made a change, as the team knows them; dropped on any team event. */
  private readonly authors = new Map<string, LiveChange['by']>();
  private readonly now: () => number;
  /** The turns of streams replaying what they missed. */
  private readonly replays: ReturnType<typeof pLimit>;

  constructor(private readonly options: LiveFeedOptions) {
    this.now = options.now ?? Date.now;
    this.replays = pLimit(options.replaysAtOnce ?? LIVE_REPLAYS_AT_ONCE);
    this.unsubscribe = options.notifier.onCaughtUp((name, position) => {
      if (name === options.projection) this.advance(position);
    });
  }

  /** Number of open streams. */
  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Registers a stream and first sends it what it missed since `lastEventId` (the SSE
   * `Last-Event-ID`, an event store position), or calls its `reset` when that is older than what
   * the feed keeps or unreadable. The replay goes in turns of at most REPLAY_TURN changes
   * (LIVE_REPLAYS_AT_ONCE streams' turns at once, the event loop given back between them) and waits
   * for the socket to drain, outside any turn, once it holds LIVE_REPLAY_HIGH_WATER_BYTES: a
   * reconnect storm holds at most a socket buffer per stream and a client that stops reading delays
   * no one. A stream that does not drain within LIVE_REPLAY_STALL_MS is closed; one that falls
   * behind what the feed keeps is sent `reset`. Live changes reach the stream only after its replay,
   * so its order is the store's. `subscriber.after` is set here. Remove it with the returned function.
   */
  async subscribe(subscriber: Omit<LiveSubscriber, 'after'>, lastEventId: string | null): Promise<() => void> {
    await this.start();
    const entry: LiveSubscriber = Object.assign(subscriber, { after: this.head });
    const last = lastEventId === null ? null : positionOf(lastEventId);
    if (lastEventId === null) this.register(entry, this.head);
    else if (last === null || comparePositions(last, this.floor) < 0) {
      subscriber.reset();
      this.register(entry, this.head);
    } else if (!(await this.replay(entry, last))) {
      subscriber.close();
      return () => {};
    }
    return () => this.subscribers.delete(entry);
  }

  private register(entry: LiveSubscriber, after: Position): void {
    entry.after = after;
    this.subscribers.add(entry);
    this.schedule();
  }

  /**
   * Sends `s` the kept changes after `last` it may see, in order, with backpressure, and registers
   * it in the same synchronous step that finds nothing more to send (so nothing is missed between).
   * Answers false when the stream closed or stalled.
   */
  private async replay(s: LiveSubscriber, last: Position): Promise<boolean> {
    const stallMs = this.options.replayStallMs ?? LIVE_REPLAY_STALL_MS;
    let cursor = last;
    // The index of the next change to send, counted from the first change ever kept.
    let next = this.dropped + this.indexAfter(last);
    /** One turn: sends up to REPLAY_TURN changes; 'drain' when the socket is full, 'done' once registered. */
    const turn = (): 'more' | 'drain' | 'done' => {
      for (let sent = 0; sent < REPLAY_TURN; sent++) {
        if (next < this.dropped) {
          // What it missed is no longer kept (a long wait in a busy feed): it refetches instead.
          s.reset();
          this.register(s, this.head);
          return 'done';
        }
        const kept = this.retained[next - this.dropped];
        if (kept === undefined) {
          this.register(s, comparePositions(cursor, this.head) > 0 ? cursor : this.head);
          return 'done';
        }
        next++;
        cursor = kept.position;
        if (maySee(s, kept.change) && s.send(kept.change) > LIVE_REPLAY_HIGH_WATER_BYTES) return 'drain';
      }
      return 'more';
    };
    for (;;) {
      if (!(await s.drained(stallMs))) return false;
      if ((await this.replays(async () => (await nextTurn(), turn()))) === 'done') return true;
    }
  }

  /** The index in `retained` of the first kept change after `position` (binary search: kept in store order). */
  private indexAfter(position: Position): number {
    let low = 0;
    let high = this.retained.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (comparePositions(this.retained[mid]!.position, position) > 0) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /**
   * The newest event store position the read models are known to include (formatted as an SSE id),
   * or null until the feed has read the projector's checkpoint (the first call starts that). A read
   * that starts after this call sees at least this position, so a page opening its stream with it
   * as `lastEventId` is sent every change its reads may have missed. In memory: no query per call.
   */
  readPosition(): string | null {
    if (this.ready) return formatPosition(this.target);
    this.start().catch((error: unknown) => this.options.onError?.(error));
    return null;
  }

  /** Closes the streams opened with sign-in `authSessionId` (signed out in this process). */
  closeAuthSession(authSessionId: string): void {
    for (const s of [...this.subscribers]) if (s.authSessionId === authSessionId) this.drop(s);
  }

  /** Stops polling and closes every stream. */
  close(): void {
    this.unsubscribe();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.authSessionTimer) clearTimeout(this.authSessionTimer);
    for (const s of [...this.subscribers]) this.drop(s);
  }

  private start(): Promise<void> {
    this.started ??= this.checkpoint().then((position) => {
      this.head = this.floor = position;
      if (comparePositions(position, this.target) > 0) this.target = position;
      this.ready = true;
    });
    return this.started;
  }

  private async checkpoint(): Promise<Position> {
    const { rows } = await this.options.db.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [this.options.projection]);
    return rows[0] ? parsePosition(rows[0].position) : START;
  }

  /**
   * The events the projector of this process has just committed, in order: every event after
   * `after` up to the last one's position (the embedded mode, which tells the feed so). When the
   * feed has read exactly up to `after` and is not reading, it takes them as they are instead of
   * reading them back from the event store: a round trip after every command, which on PGlite the
   * next request queued behind. Otherwise it reads up to the new position as after a caught-up
   * notification.
   */
  projected(after: Position, events: readonly FeedEvent[]): void {
    const last = events.at(-1)?.position;
    if (last === undefined) return;
    if (!this.ready || this.pumping || comparePositions(this.head, after) !== 0 || comparePositions(this.target, after) > 0) {
      this.advance(last);
      return;
    }
    this.target = last;
    this.pumping = (async () => {
      try {
        for (const event of events) await this.take(event);
      } catch (error) {
        this.options.onError?.(error);
      }
    })().finally(() => {
      this.pumping = null;
      if (this.again) void this.pump();
    });
  }

  private advance(position: Position): void {
    if (comparePositions(position, this.target) <= 0) return;
    this.target = position;
    if (this.started) void this.pump();
  }

  /** Reads and sends every projected event after `head`, one pump at a time. */
  private pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        try {
          await this.readUpToTarget();
        } catch (error) {
          this.options.onError?.(error);
        }
      } while (this.again);
    })().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async readUpToTarget(): Promise<void> {
    while (comparePositions(this.head, this.target) < 0) {
      const events = await this.options.store.readAll({ after: this.head, limit: 500 });
      const projected = events.filter((e) => comparePositions(e.position, this.target) <= 0);
      if (projected.length === 0) return;
      for (const event of projected) await this.take(event);
      if (projected.length < events.length) return;
    }
  }

  /** Turns the next event after `head` into its change, keeps it and sends it to the streams allowed to see it. */
  private async take(event: FeedEvent): Promise<void> {
    const change = await this.changeOf(event);
    this.head = event.position;
    this.keep(change, event.position);
    this.dispatch(change, event);
  }

  private async changeOf(event: FeedEvent): Promise<LiveChange> {
    const data = (event.data ?? {}) as EventIds;
    const teamId = idOf(event.metadata.teamId) ?? idOf(data.teamId) ?? null;
    const seriesId = event.streamName.startsWith('series-') ? idOf(data.seriesId) : undefined;
    const raceEventId = idOf(data.raceEventId);
    const sessionId = idOf(data.sessionId);
    if (event.type.startsWith('Member') || event.type.startsWith('Team')) this.authors.clear();
    return {
      position: formatPosition(event.position),
      stream: event.streamName,
      type: event.type,
      teamId,
      ...(seriesId !== undefined && { seriesId }),
      carId: idOf(data.carId) ?? null,
      ...(raceEventId !== undefined && { raceEventId }),
      ...(sessionId !== undefined && { sessionId }),
      by: await this.authorOf(teamId, event.metadata.userId),
      at: event.metadata.at,
    };
  }

  private async authorOf(teamId: number | null, userId: number | null): Promise<LiveChange['by']> {
    if (teamId === null || userId === null) return { memberId: null, displayName: null };
    const key = `${teamId}:${userId}`;
    const known = this.authors.get(key);
    if (known) return known;
    const { rows } = await this.options.db.query<{ id: number; name: string | null }>(
      `SELECT m.id, COALESCE(m.display_name, u.username) AS name FROM team_members m LEFT JOIN users u ON u.id::text = m.user_id WHERE m.team_id = $1 AND m.user_id = $2`,
      [teamId, String(userId)],
    );
    const by = rows[0] ? { memberId: Number(rows[0].id), displayName: rows[0].name } : { memberId: null, displayName: null };
    if (this.authors.size >= 10_000) this.authors.clear();
    this.authors.set(key, by);
    return by;
  }

  private keep(change: LiveChange, position: Position): void {
    this.retained.push({ change, position });
    const oldest = this.now() - (this.options.retentionMs ?? LIVE_RETENTION_MS);
    const max = this.options.retainedMax ?? LIVE_RETAINED_MAX;
    let drop = 0;
    while (drop < this.retained.length && (this.retained.length - drop > max || Date.parse(this.retained[drop]!.change.at) < oldest)) drop++;
    if (drop > 0) {
      this.floor = this.retained[drop - 1]!.position;
      this.retained = this.retained.slice(drop);
      this.dropped += drop;
    }
  }

  private dispatch(change: LiveChange, event: FeedEvent): void {
    const position = event.position;
    for (const s of this.subscribers) {
      if (comparePositions(position, s.after) <= 0 || !maySee(s, change)) continue;
      s.after = position;
      if (s.send(change) > LIVE_MAX_BUFFERED_BYTES) this.drop(s);
    }
    this.followMembership(event);
  }

  /** A member deactivated or removed loses their streams at once; one added or reactivated sees the team from now on; a new series reaches its organiser. */
  private followMembership(event: FeedEvent): void {
    const data = (event.data ?? {}) as EventIds;
    const teamId = idOf(data.teamId);
    const userId = typeof data.userId === 'string' ? Number(data.userId) : undefined;
    switch (event.type) {
      case 'MemberDeactivated':
      case 'MemberRemoved':
        for (const s of [...this.subscribers]) if (s.userId === userId) this.drop(s);
        break;
      case 'MemberAdded':
      case 'MemberReactivated':
        for (const s of this.subscribers) if (s.userId === userId && teamId !== undefined) s.teams.add(teamId);
        break;
      case 'TeamDeleted':
        for (const s of this.subscribers) if (teamId !== undefined) s.teams.delete(teamId);
        break;
      case 'SeriesCreated': {
        const seriesId = idOf(data.seriesId);
        for (const s of this.subscribers) if (s.userId === event.metadata.userId && seriesId !== undefined) s.series.add(seriesId);
        break;
      }
    }
  }

  private drop(s: LiveSubscriber): void {
    if (this.subscribers.delete(s)) s.close();
  }

  /** Polls the checkpoint (and the sessions) while streams are open. */
  private schedule(): void {
    if (!this.pollTimer) {
      this.pollTimer = setTimeout(async () => {
        this.pollTimer = null;
        try {
          this.advance(await this.checkpoint());
        } catch (error) {
          this.options.onError?.(error);
        }
        if (this.subscribers.size > 0) this.schedule();
      }, this.options.pollMs ?? 1000);
      this.pollTimer.unref();
    }
    if (!this.authSessionTimer) {
      this.authSessionTimer = setTimeout(async () => {
        this.authSessionTimer = null;
        await this.checkAuthSessions().catch((error: unknown) => this.options.onError?.(error));
        if (this.subscribers.size > 0) this.schedule();
      }, this.options.authSessionCheckMs ?? 5000);
      this.authSessionTimer.unref();
    }
  }

  private async checkAuthSessions(): Promise<void> {
    const ids = new Set([...this.subscribers].map((s) => s.authSessionId));
    for (const id of ids) if ((await this.options.authSessions.get(id)) === null) this.closeAuthSession(id);
  }
}

/** Whether stream `s` may receive `change`: its team's member, or the organiser of its series (a series stream's own event). */
function maySee(s: LiveSubscriber, change: LiveChange): boolean {
  return (change.teamId !== null && s.teams.has(change.teamId)) || (change.seriesId !== undefined && s.series.has(change.seriesId));
}

/** A `Last-Event-ID` as a position; null when it is not one. */
function positionOf(text: string): Position | null {
  try {
    return parsePosition(text.trim());
  } catch {
    return null;
  }
}
