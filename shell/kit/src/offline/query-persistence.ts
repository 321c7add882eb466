import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { clearReadCaches, offlineStores } from './offline-storage';
import { writeQueue } from './write-queue';

/** localStorage key of the id of the user whose data the persisted cache holds. */
const CACHE_OWNER_KEY = 'pitwall.cache-owner';
/** A persisted cache older than this is not restored (ms): a week, a race weekend and its travel. */
const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Service worker caches that hold a user's data (src/sw/service-worker.ts in the shell). */
const USER_CACHES = ['pitwall-api', 'pitwall-images'];

/**
 * Options of the shell's PersistQueryClientProvider: the query cache is written to IndexedDB
 * (at most once a second) and restored on the next start, so what was seen shows with no signal. The
 * `buster` ties it to the build (`build`, its hash: another build's cache shape may differ). It belongs
 * to the last user signed in on this device (CACHE_OWNER_KEY): followCacheOwner drops it the moment
 * another user, or no one, is signed in, so one user's cache is never shown to another. (The user is
 * not part of the buster: it is read once at start, before the session check has answered, and a
 * first sign-in would then write the cache under a buster the next start does not match.)
 * Answers undefined where there is no IndexedDB (tests): nothing is persisted.
 */
export function queryPersistOptions(build: string): Omit<PersistQueryClientOptions, 'queryClient'> | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  const store = offlineStores().queryCache;
  const persister = createAsyncStoragePersister({
    storage: { getItem: (key) => get<string>(key, store).then((v) => v ?? null), setItem: (key, value: string) => set(key, value, store), removeItem: (key) => del(key, store) },
    key: 'pitwall-query-cache',
    throttleTime: 1000,
  });
  return { persister, buster: build, maxAge: PERSISTED_CACHE_MAX_AGE_MS };
}

/** TanStack Query assumes it is online at start; with no signal, queries wait (paused) and show what was restored. */
export function startOnlineState(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}

/**
 * Follows the signed-in user (call whenever it changes; null = signed out): another user, or none,
 * drops every cached resource of the previous one (query cache, persisted copy, stored answers, the
 * service worker's API and image caches) and shows only the new user's write queue.
 */
export async function followCacheOwner(queryClient: QueryClient, userId: number | null): Promise<void> {
  const owner = localStorage.getItem(CACHE_OWNER_KEY);
  const next = userId === null ? null : String(userId);
  if (owner !== null && owner !== next) {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    await Promise.all([clearReadCaches(), ...(typeof caches === 'undefined' ? [] : USER_CACHES.map((name) => caches.delete(name)))]);
  }
  if (next === null) localStorage.removeItem(CACHE_OWNER_KEY);
  else localStorage.setItem(CACHE_OWNER_KEY, next);
  await writeQueue.signIn(userId);
}
