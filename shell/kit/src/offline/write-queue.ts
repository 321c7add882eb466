import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { get, set } from 'idb-keyval';
import { offlineStores, type Representation } from './offline-storage';
import type { VersionedBase } from './write-base';
import { newIdempotencyKey, requestOf, type QueuedWrite, type QueuedWriteConflict, type WriteQueueStatus, type Send, type SendingHost } from './write-queue-change';

export { newIdempotencyKey, requestOf, type QueuedWrite, type QueuedWriteConflict, type WriteQueueStatus, type Send, type SendingHost };

/**
 * The write queue: the ONE queue of changes made without signal, shared by the shell and every
 * remote through the kit singleton. `apiFetch` hands it every mutation that names itself
 * (`ApiFetchOptions.change`): sent at once when online and nothing is waiting; otherwise (no signal,
 * or the request could not reach the server) kept here, in IndexedDB, and answered with the change's
 * optimistic answer so the screen shows it at once.
 *
 * Each change carries its Idempotency-Key (made once, when the change is made: a resend after a lost
 * answer is never applied twice), the If-Match ETag and the representation it was based on. When the
 * signal returns (the `online` event, or the server answering again after a request could not reach
 * it: onlineManager, see reachability.ts; else retries with backoff 2 s … 60 s) the waiting changes are
 * sent in the order they were made, each once (write-queue-sending.ts, loaded on first use: the first
 * screen of a page with an empty write queue does not need it). A 412 is merged field by field (three-way-merge.ts):
 * a clean merge is resent with the new ETag; fields both sides changed wait for the user's choice
 * (`conflict`). A change the server refuses (4xx) stays, `refused`, copyable and discardable.
 *
 * An online save whose 412 has fields both sides changed comes here too, as a `conflict` the form
 * waits for (`ask`): the user's choice is sent like any other, and the form hears the answer.
 */

/** What a mutation says about itself: its name and base, and whether (with what answer) it can wait in the write queue. */
export interface ChangeDescription<T> {
  /** 'Tire pressures — Car 7'. */
  name: string;
  /** What to answer when the change is kept for later (shown at once: the optimistic value); absent: the change never waits (it fails with no signal). */
  offlineAnswer?: () => T;
  /** Query keys to refresh once the change is saved. */
  invalidates: QueryKey[];
  /** The version the form or list was opened on (If-Match, and the merge base of a 412); absent: the last GET of the URL seen on this device. */
  base?: VersionedBase;
}

/** A change a form waits for while its conflict waits for the user's choice (see WriteQueue.ask). */
interface Waiter {
  resolve: (saved: Representation) => void;
  reject: (error: Error) => void;
}

/** Why a form's save did not end: the user has not chosen yet (the change waits in the write queue), or discarded it. */
export class ChangeNotSavedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChangeNotSavedError';
  }
}

const STORAGE_KEY = 'changes';
/** A success toast shown this soon after a change was kept for later speaks of the device, not the server (ms). */
const QUEUED_TOAST_WINDOW_MS = 2_000;
/** Retry delays after a failed send (ms): doubled from 2 s up to 60 s. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

type Listener = () => void;

/** The write queue of this page (one per kit singleton). */
export class WriteQueue {
  private changes: QueuedWrite[] = [];
  private readonly listeners = new Set<Listener>();
  private userId: number | null = null;
  private queryClient: QueryClient | undefined;
  private flushing: Promise<void> | undefined;
  private retryDelay = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lastQueuedAt = 0;
  private readonly waiters = new Map<string, Waiter>();
  /** Conflicts whose choice is being applied (the merge code loads first): the dialog closing meanwhile does not end the form's wait. */
  private readonly choosing = new Set<string>();

  constructor(private readonly send: Send = (url, init) => fetch(url, init)) {}

  /** What the sending code reads and writes of this write queue. */
  private readonly host: SendingHost = {
    send: (url, init) => this.send(url, init),
    changes: () => this.changes,
    save: (changes) => this.save(changes),
    isAwaited: (id) => this.isAwaited(id),
    settleWaiter: (id, outcome) => this.settleWaiter(id, outcome),
    refresh: (keys) => {
      for (const queryKey of keys) void this.queryClient?.invalidateQueries({ queryKey });
    },
  };

  /** The changes of the signed-in user, oldest first (a new array after every change: useSyncExternalStore). */
  snapshot = (): readonly QueuedWrite[] => this.changes;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The query client whose keys a saved change refreshes. */
  attach(queryClient: QueryClient): void {
    this.queryClient = queryClient;
  }

  /** Loads the changes `userId` left on this device (null: signed out, none shown) and sends them if online. */
  async signIn(userId: number | null): Promise<void> {
    if (userId === this.userId) return;
    this.userId = userId;
    const stored = userId === null ? [] : await this.read();
    this.update(stored.filter((change) => change.userId === userId));
    if (userId !== null) void this.flush();
  }

  /**
   * Keeps a change for later; answers it. Its base is `versioned` (the version its form was opened
   * on) when given, else the last GET of its URL (or of its parent collection) seen on this device.
   */
  async enqueue(change: Omit<QueuedWrite, 'id' | 'idempotencyKey' | 'ifMatch' | 'base' | 'view' | 'madeAt' | 'userId' | 'status'> & { id?: string }, versioned?: VersionedBase): Promise<QueuedWrite> {
    if (this.userId === null) throw new Error('Sign in to make changes');
    const { queuedChange } = await import('./write-queue-sending');
    const full = await queuedChange(change, this.userId, versioned);
    await this.save([...this.changes, full]);
    this.lastQueuedAt = Date.now();
    this.scheduleRetry();
    return full;
  }

  /**
   * True (once) when a change was kept for later in the last QUEUED_TOAST_WINDOW_MS: the form that
   * made it is about to say it was saved, and the toast store says where (stores/toast.tsx).
   */
  takeJustQueued(): boolean {
    const just = Date.now() - this.lastQueuedAt < QUEUED_TOAST_WINDOW_MS;
    this.lastQueuedAt = 0;
    return just;
  }

  /** True when a change made now must wait behind others (send order is the order changes were made). */
  hasWaiting(): boolean {
    return this.changes.some((change) => change.status === 'waiting');
  }

  /**
   * Keeps an online save whose 412 has fields both sides changed, as a `conflict` for the user's
   * choice (the shell opens the dialog at once: `isAwaited`). Answers the saved representation
   * once the choice is saved; rejects with ChangeNotSavedError when the user closes the dialog
   * without choosing (the change stays here) or discards it, with ApiError when the server refuses it.
   */
  async ask(change: Omit<QueuedWrite, 'madeAt' | 'userId' | 'status'> & { conflict: QueuedWriteConflict }): Promise<Representation> {
    if (this.userId === null) throw new Error('Sign in to make changes');
    const full: QueuedWrite = { ...change, madeAt: new Date().toISOString(), userId: this.userId, status: 'conflict' };
    const saved = new Promise<Representation>((resolve, reject) => this.waiters.set(full.id, { resolve, reject }));
    await this.save([...this.changes, full]);
    return saved;
  }

  /** True while a form waits for this change (its conflict was met by an online save now). */
  isAwaited(id: string): boolean {
    return this.waiters.has(id);
  }

  /** The user closed the choice without choosing: the form stops waiting; the change stays for a later choice (nothing once the choice was made). */
  release(id: string): void {
    if (this.choosing.has(id) || this.changes.find((change) => change.id === id)?.status !== 'conflict') return;
    this.settleWaiter(id, new ChangeNotSavedError('Not saved yet: a teammate changed the same fields. Choose which values to keep in Unsent changes.'));
  }

  /** Ends the wait of the form that made change `id`, if one waits: with the saved representation or an error. */
  private settleWaiter(id: string, outcome: Representation | Error): void {
    const waiter = this.waiters.get(id);
    if (!waiter) return;
    this.waiters.delete(id);
    if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome);
  }

  /** Drops a change for good (the user chose to). */
  async discard(id: string): Promise<void> {
    this.settleWaiter(id, new ChangeNotSavedError('The change was discarded'));
    await this.save(this.changes.filter((change) => change.id !== id));
  }

  /** Settles a conflict with the user's choice per field, and sends the result as a normal change. */
  async resolve(id: string, choices: Record<string, 'mine' | 'theirs'>): Promise<void> {
    this.choosing.add(id);
    try {
      const { applyChoices } = await import('./three-way-merge');
      await this.save(
        this.changes.map((change) =>
          change.id === id && change.conflict
            ? {
                ...change,
                status: 'waiting',
                body: applyChoices(change.conflict.merged, change.conflict.fields, choices),
                idempotencyKey: newIdempotencyKey(),
                ifMatch: change.conflict.etag,
                base: change.conflict.theirs,
                conflict: undefined,
              }
            : change,
        ),
      );
    } finally {
      this.choosing.delete(id);
    }
    await this.flush();
  }

  /** Sends the waiting changes in order, each once; one run at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.sendAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Sends through the sending code, loaded on first use: only a page with changes waiting needs it. */
  private async sendAll(): Promise<void> {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    const { sendWaiting } = this.hasWaiting() ? await import('./write-queue-sending') : { sendWaiting: async () => true };
    if (await sendWaiting(this.host)) this.retryDelay = RETRY_MIN_MS;
    else this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined || typeof window === 'undefined') return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  /** The signal is back: send now, with the backoff reset. */
  online(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.retryDelay = RETRY_MIN_MS;
    void this.flush();
  }

  private async read(): Promise<QueuedWrite[]> {
    if (typeof indexedDB === 'undefined') return this.changes;
    return (await get<QueuedWrite[]>(STORAGE_KEY, offlineStores().writeQueue).catch(() => undefined)) ?? [];
  }

  /** Stores the user's changes (keeping other users' changes on this device) and tells the listeners. */
  private async save(changes: QueuedWrite[]): Promise<void> {
    this.update(changes);
    if (typeof indexedDB === 'undefined') return;
    const others = (await this.read()).filter((change) => change.userId !== this.userId);
    await set(STORAGE_KEY, [...others, ...changes], offlineStores().writeQueue).catch((error: unknown) => console.warn('[pitwall] the write queue could not be stored', error));
  }

  private update(changes: QueuedWrite[]): void {
    this.changes = changes;
    for (const listener of this.listeners) listener();
  }
}

/** The change as text, for copying: what it is, when it was made, and the request. */
export function changeAsText(change: QueuedWrite): string {
  return [`${change.name} (made ${change.madeAt})`, `${change.method} ${change.url}`, `Idempotency-Key: ${change.idempotencyKey}`, ...(change.ifMatch ? [`If-Match: ${change.ifMatch}`] : []), '', JSON.stringify(change.body ?? null, null, 2)].join('\n');
}

/** The page's write queue. */
export const writeQueue = new WriteQueue();

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => writeQueue.online());
  // Also when the server answers again on a network the browser never called offline (reachability.ts).
  onlineManager.subscribe((online) => {
    if (online) writeQueue.online();
  });
}
