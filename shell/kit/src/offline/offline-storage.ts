import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

/**
 * Pitwall's IndexedDB storage, through idb-keyval: one database per purpose, so signing out
 * clears what belongs to the user in one call each.
 * - `pitwall-query-cache`: the persisted TanStack Query cache (query-persistence.ts);
 * - `pitwall-representations`: the last answer and ETag of each GET, by URL: what an offline edit was based on;
 * - `pitwall-outbox`: the changes waiting for signal (write-queue.ts).
 * A browser without IndexedDB (private modes of old browsers) keeps nothing: every call then fails,
 * and the callers carry on in memory.
 */
let stores: { queryCache: UseStore; representations: UseStore; writeQueue: UseStore } | undefined;

/** The stores, opened on first use (never at import: tests and browsers without IndexedDB import the kit too). */
export function offlineStores() {
  stores ??= {
    queryCache: createStore('pitwall-query-cache', 'entries'),
    representations: createStore('pitwall-representations', 'entries'),
    // The stored name stays 'pitwall-outbox' (the write queue's old name): queued writes already on devices survive the update.
    writeQueue: createStore('pitwall-outbox', 'changes'),
  };
  return stores;
}

/** The last answer of a GET and its ETag (absent when the server sent none). */
export interface Representation {
  etag: string | undefined;
  body: unknown;
}

/** The answers seen by this page, by URL: what a form opening now is based on, read without waiting. */
const seen = new Map<string, Representation>();

/** Remembers the answer of `GET url` in this page and on the device (best effort: a failure to store only loses the merge base). */
export function rememberRepresentation(url: string, representation: Representation): void {
  seen.set(url, representation);
  if (typeof indexedDB === 'undefined') return;
  set(url, representation, offlineStores().representations).catch(() => {});
}

/** The last answer of `GET url` this page saw (undefined before its first GET of it, e.g. right after an offline reload). */
export function seenRepresentation(url: string): Representation | undefined {
  return seen.get(url);
}

/** The last answer of `GET url` seen by this page, else on this device, if any. */
export async function representationOf(url: string): Promise<Representation | undefined> {
  const own = seen.get(url);
  if (own || typeof indexedDB === 'undefined') return own;
  return get<Representation>(url, offlineStores().representations).catch(() => undefined);
}

/** Forgets every stored answer and the persisted query cache (sign-out; another user signs in). */
export async function clearReadCaches(): Promise<void> {
  seen.clear();
  if (typeof indexedDB === 'undefined') return;
  const { queryCache, representations } = offlineStores();
  await Promise.all([clear(queryCache), clear(representations)]).catch(() => {});
}

