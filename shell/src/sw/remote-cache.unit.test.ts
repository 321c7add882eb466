import { cacheRemote, cacheRemoteBuild, remoteFilesOf, type RemoteManifest } from './remote-cache';

/** A remote's manifest as its build writes it: remoteEntry.js, the App screen (one lazy screen) and one shared module. */
function manifestOf(build: string): RemoteManifest {
  return {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ assets: { js: { sync: [`__federation_expose_App.${build}.js`], async: [`202.${build}.js`] }, css: { sync: [`__federation_expose_App.${build}.css`], async: [] } } }],
    shared: [{ assets: { js: { sync: [`178.${build}.js`], async: [] }, css: { sync: [], async: [] } } }],
  };
}

/** The Cache API as the worker uses it, in memory: keys are URLs. */
function memoryCache() {
  const entries = new Map<string, string>();
  const cache = {
    match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
    put: async (url: string, response: Response) => void entries.set(url, await response.text()),
    keys: async () => [...entries.keys()].map((url) => ({ url })),
    delete: async (request: { url: string }) => entries.delete(request.url),
  };
  return { cache: cache as unknown as Cache, entries };
}

/** Serves `files` (URL → body) as fetch would, 404 for anything else; records each URL fetched. */
function serve(files: Record<string, string>) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return url in files ? new Response(files[url]) : new Response('Not found', { status: 404 });
  });
  return fetched;
}

const CARS = new URL('http://pitwall.test/remotes/cars/mf-manifest.json');
const at = (build: string, base = 'http://pitwall.test/remotes/cars/') =>
  [`${base}remoteEntry.js`, `${base}__federation_expose_App.${build}.js`, `${base}202.${build}.js`, `${base}__federation_expose_App.${build}.css`, `${base}178.${build}.js`];

afterEach(() => vi.unstubAllGlobals());

describe("the remotes' cache of the service worker", () => {
  it('names every file a remote needs, resolved against its manifest, wherever it is deployed', () => {
    expect(remoteFilesOf(CARS, manifestOf('aaaa1111')).map(String)).toEqual(at('aaaa1111'));
    const cdn = new URL('https://cdn.example/pitwall/remotes/cars/mf-manifest.json');
    expect(remoteFilesOf(cdn, manifestOf('aaaa1111')).map(String)).toEqual(at('aaaa1111', 'https://cdn.example/pitwall/remotes/cars/'));
  });

  it('caches a remote whole from its manifest: the manifest and every file, lazy screens included', async () => {
    const { cache, entries } = memoryCache();
    serve(Object.fromEntries([[CARS.href, JSON.stringify(manifestOf('aaaa1111'))], ...at('aaaa1111').map((url) => [url, url])]));
    await cacheRemote(cache, CARS);
    expect([...entries.keys()].sort()).toEqual([CARS.href, ...at('aaaa1111')].sort());
  });

  it('a new build of a remote replaces the old one: new files fetched, unchanged ones not, old ones deleted, other remotes kept', async () => {
    const { cache, entries } = memoryCache();
    const teamsFile = 'http://pitwall.test/remotes/teams/178.cccc3333.js';
    for (const url of [...at('aaaa1111'), teamsFile]) entries.set(url, 'old');
    const next = manifestOf('bbbb2222');
    next.shared = manifestOf('aaaa1111').shared; // a shared module that did not change keeps its file
    const fetched = serve(Object.fromEntries(remoteFilesOf(CARS, next).map((url) => [url.href, 'new'])));

    await cacheRemoteBuild(cache, CARS, next);

    expect(fetched.sort()).toEqual(remoteFilesOf(CARS, next).map(String).filter((url) => !url.includes('178.')).sort());
    expect([...entries.keys()].sort()).toEqual([...remoteFilesOf(CARS, next).map(String), teamsFile].sort());
    expect(entries.get('http://pitwall.test/remotes/cars/remoteEntry.js')).toBe('new');
  });

  it('fails when a file of the remote cannot be fetched (so the install fails and an active worker keeps serving)', async () => {
    const { cache } = memoryCache();
    serve({ [CARS.href]: JSON.stringify(manifestOf('aaaa1111')) });
    await expect(cacheRemote(cache, CARS)).rejects.toThrow('http://pitwall.test/remotes/cars/remoteEntry.js answered 404');
  });
});
