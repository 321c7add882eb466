/**
 * How the service worker keeps every remote (micro-frontend) on the device: read from the remote's
 * OWN mf-manifest.json (the Module Federation manifest its build writes), so nothing of a remote is
 * built into the shell's worker and each remote stays deployable on its own.
 */

/** The parts of a remote's mf-manifest.json (Module Federation 2) that name its files. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: Partial<Record<'js' | 'css', { sync?: string[]; async?: string[] }>> }[];
  shared?: { assets?: Partial<Record<'js' | 'css', { sync?: string[]; async?: string[] }>> }[];
}

/** A remote's file that keeps its name from build to build (mf-manifest.json, remoteEntry.js), so it is revalidated; every other file of a build is content-hashed. */
function isRemoteIndexFile(url: URL): boolean {
  return /\/(mf-manifest\.json|remoteEntry\.js)$/.test(url.pathname);
}

/**
 * Every file the manifest at `manifestUrl` names, as absolute URLs resolved against it: its
 * remoteEntry.js, and the sync and async JS and CSS of its exposed modules (every screen, the lazy
 * ones included) and of its shared modules. The manifest itself is not in the list.
 */
export function remoteFilesOf(manifestUrl: URL, manifest: RemoteManifest): URL[] {
  const files = new Set<string>();
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
  for (const part of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const kind of ['js', 'css'] as const) {
      for (const file of [...(part.assets?.[kind]?.sync ?? []), ...(part.assets?.[kind]?.async ?? [])]) files.add(file);
    }
  }
  return [...files].map((file) => new URL(file, manifestUrl));
}

/**
 * Makes `cache` hold the build of one remote that `manifest` (its mf-manifest.json, as read from
 * `manifestUrl`) describes: remoteEntry.js is fetched again (`no-cache`: it has the same name in
 * every build), each hashed file only when the cache lacks it (a hashed file never changes), and the
 * hashed files of an older build of that remote (cached under the manifest's folder, not named by
 * it) are deleted. Assumes each remote is deployed in a folder of its own.
 * @throws TypeError when a file cannot be fetched; Error naming the URL when it answers a non-OK status.
 */
export async function cacheRemoteBuild(cache: Cache, manifestUrl: URL, manifest: RemoteManifest): Promise<void> {
  const files = remoteFilesOf(manifestUrl, manifest);
  await Promise.all(
    files.map(async (file) => {
      if (isRemoteIndexFile(file)) return putFetched(cache, file, 'no-cache');
      if (!(await cache.match(file.href))) await putFetched(cache, file, 'default');
    }),
  );
  const folder = new URL('.', manifestUrl).href;
  const named = new Set(files.map((file) => file.href));
  const outdated = (await cache.keys()).filter((request) => request.url.startsWith(folder) && !isRemoteIndexFile(new URL(request.url)) && !named.has(request.url));
  await Promise.all(outdated.map((request) => cache.delete(request)));
}

/**
 * Fetches the remote's manifest at `manifestUrl` from the network and caches it together with its
 * build ({@link cacheRemoteBuild}).
 * @throws as cacheRemoteBuild does; SyntaxError when the manifest is not JSON.
 */
export async function cacheRemote(cache: Cache, manifestUrl: URL): Promise<void> {
  const response = await fetchOk(manifestUrl, 'no-cache');
  const manifest = (await response.clone().json()) as RemoteManifest;
  await cacheRemoteBuild(cache, manifestUrl, manifest);
  await cache.put(manifestUrl.href, response);
}

/** Fetches `url` and puts the answer into `cache` under it. */
async function putFetched(cache: Cache, url: URL, mode: RequestCache): Promise<void> {
  await cache.put(url.href, await fetchOk(url, mode));
}

/** `fetch(url)` with the HTTP cache mode `mode`. @throws Error naming the URL for a non-OK answer. */
async function fetchOk(url: URL, mode: RequestCache): Promise<Response> {
  const response = await fetch(url.href, { cache: mode });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  return response;
}
