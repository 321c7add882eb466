import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { LiveChange, User } from '@pitwall/contracts';
import { invalidateChange } from '../api/change-invalidations';
import { ApiError, apiFetch } from '../api/api-fetch';
import { takeReadPosition } from './read-position';

/**
 * What the 'Live' indicator shows: the page has signal but no answer from the stream yet
 * ('connecting', from the page load until the first answer), changes arrive ('live'), the stream
 * is being reopened after it was live ('reconnecting'), or there is no signal ('offline').
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** The path of the server's change stream (Server-Sent Events). */
const LIVE_PATH = '/api/live';

/** How long to wait before reopening a stream the browser gave up on (a proxy's error page, a restart), ms. */
const LIVE_REOPEN_MS = 3_000;

/** The key of the session check after the stream was refused (under 'auth': kept when a 401 drops the other queries). */
const SESSION_CHECK_KEY = ['auth', 'live-check'] as const;

type Listener = () => void;

/**
 * The page's one live connection (the kit is a singleton): an EventSource on `/api/live` while a
 * user is signed in and the browser has signal. Each change refreshes what it makes stale through
 * the same table the kit's own saves use (change-invalidations.ts). It first opens from the oldest
 * read position the page's answers named (read-position.ts), so a change made between the first
 * reads and the opening is sent too; a 'reset' (the server no
 * longer keeps what was missed) refreshes every query shown. The browser reconnects by itself
 * with `Last-Event-ID`; when it gives up (closed) while the session holds, or after the signal
 * comes back, the stream is reopened with `?lastEventId=` so nothing is missed across the gap; an
 * ended session (401) stops the attempts and signs the page out. With no signal it closes
 * quietly. Listeners of `onChange` hear every change (e.g. a form showing what a teammate set).
 */
class LiveUpdates {
  private source: EventSource | null = null;
  private client: QueryClient | null = null;
  private lastEventId: string | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeOnline: (() => void) | null = null;
  private current: LiveStatus = onlineManager.isOnline() ? 'connecting' : 'offline';
  /** Whether the stream answered since start(): a later wait is 'reconnecting', the first 'connecting'. */
  private answered = false;
  private readonly statusListeners = new Set<Listener>();
  private readonly changeListeners = new Set<(change: LiveChange) => void>();

  get status(): LiveStatus {
    return this.current;
  }

  /** Opens the stream for `client` (call when a user is signed in); idempotent. */
  start(client: QueryClient): void {
    if (this.client === client) return;
    this.stop();
    this.client = client;
    this.unsubscribeOnline = onlineManager.subscribe((online) => (online ? this.open() : this.close('offline')));
    if (onlineManager.isOnline()) this.open();
  }

  /** Closes the stream (signed out); forgets the resume point (the next user starts afresh). */
  stop(): void {
    this.unsubscribeOnline?.();
    this.unsubscribeOnline = null;
    this.close(onlineManager.isOnline() ? 'connecting' : 'offline');
    this.client = null;
    this.lastEventId = null;
    this.answered = false;
  }

  subscribeStatus(listener: Listener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Hears every change another screen (or this one) saved, after its queries were marked stale. */
  onChange(listener: (change: LiveChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private open(): void {
    if (!this.client || this.source || typeof EventSource === 'undefined') return;
    this.setStatus(this.waiting());
    // The first opening starts where the page's reads were answered from: nothing made since is missed.
    this.lastEventId ??= takeReadPosition();
    const url = this.lastEventId ? `${LIVE_PATH}?lastEventId=${encodeURIComponent(this.lastEventId)}` : LIVE_PATH;
    const source = new EventSource(url, { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.answered = true;
      this.setStatus('live');
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        // The browser gave up (not an event stream: an ended session's 401, a proxy's error page).
        this.close(this.waiting());
        void this.reopenUnlessSignedOut();
      } else this.setStatus(onlineManager.isOnline() ? this.waiting() : 'offline');
    };
    source.addEventListener('change', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      const change = JSON.parse(message.data) as LiveChange;
      void invalidateChange(this.client!, change.type, change);
      for (const listener of this.changeListeners) listener(change);
    });
    source.addEventListener('reset', () => {
      void this.client?.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    });
  }

  /**
   * After the browser gave up on the stream (an EventSource does not tell why): asks the server who
   * is signed in. A 401 (the session expired, the member was deactivated) goes to the query
   * client's signed-out handling, which shows the login screen (and the shell then stops this
   * connection): no more attempts. Otherwise (a proxy's error page, a restart, no answer) the
   * stream is reopened after LIVE_REOPEN_MS.
   */
  private async reopenUnlessSignedOut(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.fetchQuery({ queryKey: SESSION_CHECK_KEY, queryFn: ({ signal }) => apiFetch<User>('/api/auth/user', { signal }), staleTime: 0, gcTime: 0 });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
    }
    if (this.client !== client || this.source) return;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      this.open();
    }, LIVE_REOPEN_MS);
  }

  /** The status while waiting for the stream: 'connecting' until its first answer, then 'reconnecting'. */
  private waiting(): LiveStatus {
    return this.answered ? 'reconnecting' : 'connecting';
  }

  private close(status: LiveStatus): void {
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.source?.close();
    this.source = null;
    this.setStatus(status);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    for (const listener of this.statusListeners) listener();
  }
}

/** The page's live connection (see LiveUpdates). */
export const liveUpdates = new LiveUpdates();
