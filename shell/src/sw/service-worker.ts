/// <reference lib="webworker" />
/**
 * Pitwall's service worker (paddock mode), built by build/pwa.ts from the
 * production build: Workbox injects the shell's precache manifest (`self.__WB_MANIFEST`, every file of
 * shell/dist with its revision). What it serves:
 * - the shell's files from the precache (hashed names; index.html by revision);
 * - page navigations from the precached index.html (the shell's router shows the screen), so a next
 *   visit starts without waiting for the network; paths the server answers itself (/api/, /remotes/,
 *   /healthz, /readyz, files) go to the network;
 * - `/config.json` and each remote's files from this worker's caches: all three remotes are cached
 *   whole when this worker installs (see {@link cacheDeployment}), in a cache of this build.
 *   Once a page has loaded (its screen shown) it asks for a refresh: the same caching again, so a
 *   remote deployed again is cached whole, every screen of it, and its old build's files dropped,
 *   for the next load (offline too); a refresh that fails keeps the cached deployment;
 * - API GETs NetworkFirst, falling back to the cache only when the network fails (the persisted query
 *   cache is the primary offline read path; this one serves the session check index.html starts);
 * - uploaded images and their thumbnails (`/api/images/{key}[?size=thumb]`, a key names one image
 *   forever) CacheFirst for 30 days, at most 300.
 * Mutations are never cached or queued here: the kit's write queue holds them.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import type { ManifestEntry } from 'workbox-build';
import { remoteUrlsOf } from '../remotes/default-remotes';
import { cacheRemote } from './remote-cache';
import { REFRESH_MESSAGE } from './refresh-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | ManifestEntry)[] };

/** The shell's files with their revisions, injected by the build (the injection point must appear once). */
const PRECACHE = self.__WB_MANIFEST;
/** This build of the shell: index.html names main.js by its content hash, so its revision changes with every build. */
const BUILD = PRECACHE.map((entry) => (typeof entry === 'string' ? undefined : entry.url === 'index.html' ? entry.revision : undefined)).find(Boolean) ?? 'unrevised';
/** The remotes' cache of every build starts with this; the caches of other builds are deleted when this worker activates. */
const REMOTES_CACHE_PREFIX = 'pitwall-remotes';
/** Cache names (prefixed by Workbox's own `workbox-precache-…` for the shell). */
const CACHES = { config: 'pitwall-config', remotes: `${REMOTES_CACHE_PREFIX}-${BUILD}`, api: 'pitwall-api', images: 'pitwall-images' } as const;
/** The navigations' cache of earlier builds (pages are now the precached index.html): deleted when this worker activates. */
const OLD_PAGES_CACHE = 'pitwall-pages';
const DAY_S = 24 * 60 * 60;

precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

/** Navigations the server answers itself, not the shell: the API, the remotes' files, health checks, any file. */
const SERVER_PAGES = [/^\/api\//, /^\/remotes\//, /^\/(healthz|readyz)$/, /\/[^/]+\.[a-z0-9]+$/i];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PAGES }));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json', new CacheFirst({ cacheName: CACHES.config }));

/** Files of the remotes: served under `/remotes/{name}/` here, or wherever a path with `/remotes/` is (REMOTE_<NAME>_URL). */
const isRemoteFile = (url: URL) => url.pathname.includes('/remotes/');
// Bounded by the refresh's pruning and by a new cache per build: no expiration, which could drop a screen the device needs offline.
registerRoute(({ url }) => isRemoteFile(url), new CacheFirst({ cacheName: CACHES.remotes }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({ cacheName: CACHES.images, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })] }),
);
// No timeout: with signal, a slow answer is still the truth (the query cache keeps what it gets as fresh).
// The live stream never ends: it goes to the network untouched (a cache would hold it for ever).
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/') && url.pathname !== '/api/live', new NetworkFirst({ cacheName: CACHES.api, plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })] }), 'GET');

// A page not seen before, with no network: the shell's own page (its router shows the screen).
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? ((await matchPrecache('/index.html')) ?? Response.error()) : Response.error()));

/**
 * Everything the shell needs offline besides its own precache, fetched while this worker installs
 * (inside the install event's own waitUntil, so the worker is not installed until it is all there)
 * and again when a loaded page asks for a refresh:
 * /config.json, and every remote it names (all three, visited or not) with every file of its current
 * build (see cacheRemote). A failure fails the install: a worker already active keeps serving
 * with its complete caches, and the browser tries the install again at its next update check (a
 * page load); a new worker never replaces a complete one with a partial one. A failed refresh
 * leaves /config.json as it was (each remote's cache changes only once its new build is all there).
 * @throws when /config.json or a remote's file cannot be fetched.
 */
async function cacheDeployment(): Promise<void> {
  const configResponse = await fetch('/config.json', { cache: 'no-cache' });
  if (!configResponse.ok) throw new Error(`/config.json answered ${configResponse.status}`);
  const config = (await configResponse.clone().json()) as { remotes?: unknown };
  const remotes = await caches.open(CACHES.remotes);
  await Promise.all(Object.values(remoteUrlsOf(config.remotes)).map((manifestUrl) => cacheRemote(remotes, new URL(manifestUrl, self.location.href))));
  await (await caches.open(CACHES.config)).put('/config.json', configResponse);
}

/** Deletes the remotes' caches of other builds (this worker replaces theirs) and the navigations' cache of earlier builds. */
async function deleteOtherBuildsCaches(): Promise<void> {
  const names = await caches.keys();
  const outdated = names.filter((name) => (name.startsWith(REMOTES_CACHE_PREFIX) && name !== CACHES.remotes) || name === OLD_PAGES_CACHE);
  await Promise.all(outdated.map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheDeployment());
});
self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOtherBuildsCaches());
});
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== REFRESH_MESSAGE) return;
  event.waitUntil(cacheDeployment().catch((error: unknown) => console.warn('[pitwall] the deployment could not be refreshed; the cached one stays', error)));
});
