/// <reference lib="webworker" />
/**
 * Pitwall's service worker (paddock mode), built by build/pwa.ts from the
 * production build: Workbox injects the shell's precache manifest (`self.__WB_MANIFEST`, every file of
 * shell/dist with its revision). What it serves:
 * - the shell's files from the precache (hashed names; index.html by revision);
 * - page navigations NetworkFirst (3 s), falling back to the last page seen, then to the precached index.html;
 * - `/config.json` NetworkFirst;
 * - each remote's files: all three remotes are cached whole when this worker installs (see
 *   {@link cacheEverythingAtInstall}), in a cache of this build; `mf-manifest.json` and `remoteEntry.js`
 *   NetworkFirst (a redeployed remote is picked up when online, and its new build cached at once),
 *   its hashed files CacheFirst;
 * - API GETs NetworkFirst, falling back to the cache only when the network fails (the persisted query
 *   cache is the primary offline read path; this one serves the session check index.html starts);
 * - uploaded images and their thumbnails (`/api/images/{key}[?size=thumb]`, a key names one image
 *   forever) CacheFirst for 30 days, at most 300.
 * Mutations are never cached or queued here: the kit's outbox holds them.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import type { ManifestEntry } from 'workbox-build';
import { remoteUrlsOf } from '../remotes/default-remotes';
import { cacheRemote, cacheRemoteBuild, isRemoteIndexFile, type RemoteManifest } from './remote-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | ManifestEntry)[] };

/** The shell's files with their revisions, injected by the build (the injection point must appear once). */
const PRECACHE = self.__WB_MANIFEST;
/** This build of the shell: index.html names main.js by its content hash, so its revision changes with every build. */
const BUILD = PRECACHE.map((entry) => (typeof entry === 'string' ? undefined : entry.url === 'index.html' ? entry.revision : undefined)).find(Boolean) ?? 'unrevised';
/** The remotes' cache of every build starts with this; the caches of other builds are deleted when this worker activates. */
const REMOTES_CACHE_PREFIX = 'pitwall-remotes';
/** Cache names (prefixed by Workbox's own `workbox-precache-…` for the shell). */
const CACHES = { pages: 'pitwall-pages', config: 'pitwall-config', remotes: `${REMOTES_CACHE_PREFIX}-${BUILD}`, api: 'pitwall-api', images: 'pitwall-images' } as const;
/** How long a navigation, /config.json or a remote's index file waits for the network before the cached copy answers (s). */
const NETWORK_TIMEOUT_S = 3;
const DAY_S = 24 * 60 * 60;

precacheAndRoute(PRECACHE);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

registerRoute(({ request }) => request.mode === 'navigate', new NetworkFirst({ cacheName: CACHES.pages, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json', new NetworkFirst({ cacheName: CACHES.config, networkTimeoutSeconds: NETWORK_TIMEOUT_S }));

/** Files of the remotes: served under `/remotes/{name}/` here, or wherever a path with `/remotes/` is (REMOTE_<NAME>_URL). */
const isRemoteFile = (url: URL) => url.pathname.includes('/remotes/');

/**
 * A remote deployed again (its mf-manifest.json changed while online): its new build is cached at
 * once, every screen of it, and the files of its old build are dropped, so it starts offline as the
 * one it replaced did. A build that cannot be cached now is cached when its files are loaded.
 */
const cacheRedeployedRemote: WorkboxPlugin = {
  async cacheDidUpdate({ request, oldResponse, newResponse }) {
    const url = new URL(request.url);
    if (!url.pathname.endsWith('/mf-manifest.json')) return;
    const manifest = await newResponse.clone().text();
    if (oldResponse && (await oldResponse.text()) === manifest) return;
    try {
      await cacheRemoteBuild(await caches.open(CACHES.remotes), url, JSON.parse(manifest) as RemoteManifest);
    } catch (error) {
      console.warn('[pitwall] the new build of a remote could not be cached', url.href, error);
    }
  },
};
registerRoute(({ url }) => isRemoteFile(url) && isRemoteIndexFile(url), new NetworkFirst({ cacheName: CACHES.remotes, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [cacheRedeployedRemote] }));
// Bounded by the pruning above and by a new cache per build: no expiration, which could drop a screen the device needs offline.
registerRoute(({ url }) => isRemoteFile(url) && !isRemoteIndexFile(url), new CacheFirst({ cacheName: CACHES.remotes }));

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
 * (inside the install event's own waitUntil, so the worker is not installed until it is all there):
 * /config.json, and every remote it names (all three, visited or not) with every file of its current
 * build (see cacheRemote). A failure fails the install: a worker already active keeps serving
 * with its complete caches, and the browser tries the install again at its next update check (a
 * page load); a new worker never replaces a complete one with a partial one.
 * @throws when /config.json or a remote's file cannot be fetched.
 */
async function cacheEverythingAtInstall(): Promise<void> {
  const configResponse = await fetch('/config.json', { cache: 'no-cache' });
  if (!configResponse.ok) throw new Error(`/config.json answered ${configResponse.status}`);
  const config = (await configResponse.clone().json()) as { remotes?: unknown };
  const remotes = await caches.open(CACHES.remotes);
  await Promise.all(Object.values(remoteUrlsOf(config.remotes)).map((manifestUrl) => cacheRemote(remotes, new URL(manifestUrl, self.location.href))));
  await (await caches.open(CACHES.config)).put('/config.json', configResponse);
}

/** Deletes the remotes' caches of other builds (this worker replaces theirs). */
async function deleteOtherBuildsRemoteCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(REMOTES_CACHE_PREFIX) && name !== CACHES.remotes).map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheEverythingAtInstall());
});
self.addEventListener('activate', (event) => {
  event.waitUntil(deleteOtherBuildsRemoteCaches());
});
