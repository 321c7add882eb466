/// <reference lib="webworker" />
/**
 * Pitwall's service worker (issue 14, paddock mode), built by shell/rspack.sw.config.ts from the
 * production build: Workbox injects the shell's precache manifest (`self.__WB_MANIFEST`, every file of
 * shell/dist with its revision). What it serves:
 * - the shell's files from the precache (hashed names; index.html by revision);
 * - page navigations NetworkFirst (3 s), falling back to the last page seen, then to the precached index.html;
 * - `/config.json` NetworkFirst;
 * - each remote's files (see {@link warmRemotes}): `mf-manifest.json` and `remoteEntry.js` NetworkFirst
 *   (a redeployed remote is picked up when online), its hashed files CacheFirst;
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
import { warmStrategyCache } from 'workbox-recipes';
import { clientsClaim } from 'workbox-core';
import type { ManifestEntry } from 'workbox-build';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | ManifestEntry)[] };

/** Cache names (prefixed by Workbox's own `workbox-precache-…` for the shell). */
const CACHES = { pages: 'pitwall-pages', config: 'pitwall-config', remotes: 'pitwall-remotes', api: 'pitwall-api', images: 'pitwall-images' } as const;
/** How long a navigation, /config.json or a remote's index file waits for the network before the cached copy answers (s). */
const NETWORK_TIMEOUT_S = 3;
const DAY_S = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

registerRoute(({ request }) => request.mode === 'navigate', new NetworkFirst({ cacheName: CACHES.pages, networkTimeoutSeconds: NETWORK_TIMEOUT_S, plugins: [new ExpirationPlugin({ maxEntries: 50 })] }));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json', new NetworkFirst({ cacheName: CACHES.config, networkTimeoutSeconds: NETWORK_TIMEOUT_S }));

/** A remote's file that names the others (revalidated when online); every other file of a build is content-hashed. */
const isRemoteIndexFile = (url: URL) => /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname);
/** Files of the remotes: served under `/remotes/{name}/` here, or wherever a path with `/remotes/` is (REMOTE_<NAME>_URL). */
const isRemoteFile = (url: URL) => url.pathname.includes('/remotes/');
const remoteIndexStrategy = new NetworkFirst({ cacheName: CACHES.remotes, networkTimeoutSeconds: NETWORK_TIMEOUT_S });
const remoteAssetStrategy = new CacheFirst({ cacheName: CACHES.remotes, plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })] });
registerRoute(({ url }) => isRemoteFile(url) && isRemoteIndexFile(url), remoteIndexStrategy);
registerRoute(({ url }) => isRemoteFile(url) && !isRemoteIndexFile(url), remoteAssetStrategy);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({ cacheName: CACHES.images, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true })] }),
);
// No timeout: with signal, a slow answer is still the truth (the query cache keeps what it gets as fresh).
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'), new NetworkFirst({ cacheName: CACHES.api, plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })] }), 'GET');

// A page not seen before, with no network: the shell's own page (its router shows the screen).
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? ((await matchPrecache('/index.html')) ?? Response.error()) : Response.error()));

/** The parts of a remote's mf-manifest.json (Module Federation 2) that name its files. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: Record<'js' | 'css', { sync?: string[]; async?: string[] }> }[];
  shared?: { assets?: Record<'js' | 'css', { sync?: string[]; async?: string[] }> }[];
}

/** Every file a remote's manifest names, as URLs relative to the manifest: its remoteEntry.js, and the sync and async JS and CSS of its exposed modules and shared modules. */
function remoteFilesOf(manifestUrl: string, manifest: RemoteManifest): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? `${entry.path}/` : ''}${entry.name}`);
  for (const part of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of ['js', 'css'] as const) {
      for (const file of [...(part.assets?.[kind]?.sync ?? []), ...(part.assets?.[kind]?.async ?? [])]) files.add(file);
    }
  }
  return [...files].map((file) => new URL(file, new URL(manifestUrl, self.location.href)).href);
}

/**
 * Puts every remote into the cache when this service worker installs, so all three start with no
 * signal even if they were never opened: the remotes are read from /config.json and each one's files
 * from its OWN mf-manifest.json (the Module Federation manifest its build writes). Nothing of a remote
 * is built into this worker, so a remote stays deployable on its own: a new build is picked up through
 * its revalidated manifest and remoteEntry.js, and its hashed files are cached as they are loaded.
 * A remote that cannot be read now is skipped (it is cached when it is first loaded).
 */
async function warmRemotes(): Promise<void> {
  const config = (await (await fetch('/config.json', { cache: 'no-cache' })).json()) as { remotes?: Record<string, string> };
  await Promise.all(
    Object.values(config.remotes ?? {}).map(async (manifestUrl) => {
      try {
        const manifest = (await (await fetch(manifestUrl, { cache: 'no-cache' })).json()) as RemoteManifest;
        await Promise.all([
          warmStrategyCache({ urls: [manifestUrl, ...remoteFilesOf(manifestUrl, manifest).filter((url) => isRemoteIndexFile(new URL(url)))], strategy: remoteIndexStrategy }),
          warmStrategyCache({ urls: remoteFilesOf(manifestUrl, manifest).filter((url) => !isRemoteIndexFile(new URL(url))), strategy: remoteAssetStrategy }),
        ]);
      } catch (error) {
        console.warn('[pitwall] could not cache the remote', manifestUrl, error);
      }
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(warmRemotes().catch((error: unknown) => console.warn('[pitwall] /config.json could not be read; remotes are cached as they load', error)));
});
