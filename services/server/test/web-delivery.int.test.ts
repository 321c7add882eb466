import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { IMMUTABLE, NO_CACHE, REMOTE_FILES_ID } from '../src/web/static-web.ts';
import { COMPRESS_THRESHOLD_BYTES } from '../src/web/compression.ts';
import { MX5, setupTeam } from './helpers.ts';

/**
 * How the embedded server delivers the web and the API. A web root laid out as the builds
 * write it (every text file with its .br and .gz copy, shell/kit/build/federated-app.ts): each kind
 * of file answers brotli or gzip by Accept-Encoding with the Cache-Control of its kind — hashed
 * files immutable; the shell's page, each remote's mf-manifest.json and remoteEntry.js revalidated
 * by ETag — and JSON answers over 1 kB are compressed. The nginx images' configs say the same.
 */

const SHELL_PAGE = '<!doctype html><html lang="en"><head><script defer src="/main.0123abcd.js"></script><title>Pitwall</title><script>window.early = 1</script></head><body><div id="root"></div></body></html>';
const CARS_MANIFEST = JSON.stringify({
  metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [{ name: 'App', assets: { js: { sync: ['__federation_expose_App.89abcdef.js'], async: [] }, css: { sync: ['__federation_expose_App.fedcba98.css'], async: [] } } }],
});
/** Big enough to be worth compressing, as every real bundle is. */
const js = (name: string) => `/* ${name} */\n${'console.log("pitwall");\n'.repeat(200)}`;

/** The files of the fake web root: path under the root → content. */
const FILES: Record<string, string> = {
  'shell/dist/index.html': SHELL_PAGE,
  'shell/dist/main.0123abcd.js': js('shell main'),
  'shell/dist/sw.js': js('service worker'),
  'shell/dist/manifest.webmanifest': JSON.stringify({ name: 'Pitwall', icons: [] }),
  'mfe-cars/dist/mf-manifest.json': CARS_MANIFEST,
  'mfe-cars/dist/remoteEntry.js': js('cars remoteEntry'),
  'mfe-cars/dist/__federation_expose_App.89abcdef.js': js('cars App'),
  'mfe-cars/dist/__federation_expose_App.fedcba98.css': `.card{color:red}\n`.repeat(100),
  // The named lazy chunk groups each build writes (shell/kit/build/chunk-groups.ts).
  'shell/dist/chunk-groups.json': JSON.stringify({ 'kit-parts': { js: ['kit-parts.0a1b2c3d.js'], css: ['kit-parts.4e5f6a7b.css'] } }),
  'mfe-cars/dist/chunk-groups.json': JSON.stringify({ 'car-detail': { js: ['car-detail.11223344.js'], css: [] }, 'shared:@pitwall/setup-forms/display': { js: ['511.55667788.js'], css: ['511.99aabbcc.css'] } }),
};

let webRoot: string;
let blobDataDir: string;
let pitwall: Pitwall;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'pitwall-web-'));
  blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-blobs-'));
  for (const [file, content] of Object.entries(FILES)) {
    const full = path.join(webRoot, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
    await writeFile(`${full}.br`, brotliCompressSync(content));
    await writeFile(`${full}.gz`, gzipSync(content));
  }
  pitwall = await createPitwall(ConfigSchema.parse({}), { kind: 'memory' }, { webRoot, blobDataDir });
});

afterAll(async () => {
  await pitwall.close();
  await rm(webRoot, { recursive: true, force: true });
  await rm(blobDataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => pitwall.app.inject({ method: 'GET', url, headers });
const decode = (body: Buffer, encoding: string | undefined) => (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('static files of the embedded server', () => {
  const kinds = [
    { kind: "the shell's hashed main.js", url: '/main.0123abcd.js', file: 'shell/dist/main.0123abcd.js', cache: IMMUTABLE },
    { kind: "a remote's hashed chunk", url: '/remotes/cars/__federation_expose_App.89abcdef.js', file: 'mfe-cars/dist/__federation_expose_App.89abcdef.js', cache: IMMUTABLE },
    { kind: "a remote's hashed CSS", url: '/remotes/cars/__federation_expose_App.fedcba98.css', file: 'mfe-cars/dist/__federation_expose_App.fedcba98.css', cache: IMMUTABLE },
    { kind: "a remote's remoteEntry.js (not hashed)", url: '/remotes/cars/remoteEntry.js', file: 'mfe-cars/dist/remoteEntry.js', cache: NO_CACHE },
    { kind: "a remote's mf-manifest.json", url: '/remotes/cars/mf-manifest.json', file: 'mfe-cars/dist/mf-manifest.json', cache: NO_CACHE },
    // A service worker must be revalidated, or a fix reaches phones a day late (the browser's own 24 h cap).
    { kind: "the shell's service worker", url: '/sw.js', file: 'shell/dist/sw.js', cache: NO_CACHE },
    { kind: 'the web app manifest', url: '/manifest.webmanifest', file: 'shell/dist/manifest.webmanifest', cache: NO_CACHE },
  ];

  for (const { kind, url, file, cache } of kinds) {
    it(`sends ${kind} precompressed (brotli, else gzip, else plain) with Cache-Control '${cache}'`, async () => {
      const content = FILES[file]!;
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(fs.readFileSync(path.join(webRoot, `${file}.br`)))).toBe(true);
      expect(decode(br.rawPayload, 'br')).toBe(content);
      expect(br.headers['cache-control']).toBe(cache);
      expect(br.headers.vary).toContain('Accept-Encoding');

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(decode(gzip.rawPayload, 'gzip')).toBe(content);
      expect(gzip.headers['cache-control']).toBe(cache);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(content);
    });
  }

  it('revalidates the remote entry files: an unchanged remoteEntry.js or mf-manifest.json answers 304 to its ETag', async () => {
    for (const url of ['/remotes/cars/remoteEntry.js', '/remotes/cars/mf-manifest.json']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      expect(first.headers.etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it("serves the shell's page at '/' and client-side routes whatever the Accept-Encoding; a missing file answers 404, not the page", async () => {
    for (const url of ['/', '/car/12']) {
      const res = await get(url, {});
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
    const missing = await get('/no-such-file.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found: GET /no-such-file.js' });
  });

  it("serves the shell's page for client-side routes compressed and revalidated", async () => {
    for (const url of ['/', '/car/12', '/teams/3/members']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control']).toBe(NO_CACHE);
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it("puts /config.json's answer, each served remote's manifest and chunk groups, and the shell's chunk groups in the page's data block, files as URLs, and preloads none of them itself", async () => {
    const page = (await get('/car/12/events/3', {})).body;
    const block = new RegExp(`<script type="application/json" id="${REMOTE_FILES_ID}">(.*?)</script>`).exec(page);
    expect(JSON.parse(block![1]!)).toEqual({
      config: (await get('/config.json')).json(),
      shell: { 'kit-parts': { js: ['/kit-parts.0a1b2c3d.js'], css: ['/kit-parts.4e5f6a7b.css'] } },
      remotes: {
        '/remotes/cars/mf-manifest.json': {
          manifest: JSON.parse(CARS_MANIFEST),
          chunkGroups: {
            'car-detail': { js: ['/remotes/cars/car-detail.11223344.js'], css: [] },
            'shared:@pitwall/setup-forms/display': { js: ['/remotes/cars/511.55667788.js'], css: ['/remotes/cars/511.99aabbcc.css'] },
          },
        },
      },
    });
    expect(page).not.toContain('rel="preload"');
    // After the entry's main.js (asked for first), just before the page's own script that reads it.
    expect(page.indexOf(block![0])).toBeGreaterThan(page.indexOf('<script defer src="/main.0123abcd.js">'));
    expect(page).toContain(`${block![0]}<script>window.early = 1</script>`);
  });

  it('revalidates /config.json', async () => {
    const res = await get('/config.json');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
  });
});

describe('API answers', () => {
  it(`compresses JSON over ${COMPRESS_THRESHOLD_BYTES} bytes (brotli, else gzip) and sends smaller answers as they are`, async () => {
    const { api } = await setupTeam(pitwall);
    for (let i = 0; i < 8; i++) expect((await api.post('/api/cars', { ...MX5, name: `MX-5 #${i}` })).statusCode).toBe(201);
    const cookie = String((await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dana', password: 'paddock-2026', loginType: 'admin' } })).headers['set-cookie']).split(';')[0]!;
    const plain = await get('/api/cars', { cookie });
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/api/cars', { cookie, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(br.rawPayload, 'br'))).toEqual(plain.json());
    const gzip = await get('/api/cars', { cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip.rawPayload, 'gzip'))).toEqual(plain.json());

    const small = await get('/api/auth/user', { cookie, 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression and the Idempotency-Key', () => {
  it('stores a change\'s answer before it is compressed: the repeat answers the same JSON, compressed the same way', async () => {
    const login = await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dana', password: 'paddock-2026', loginType: 'admin' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const carId = (JSON.parse((await get('/api/cars', { cookie })).body) as { id: number }[])[0]!.id;
    const rows = Array.from({ length: 12 }, (_, i) => ({ name: `Gear ${i + 1}`, ratio: '3.136', speedAtMaxRpm: '62 km/h', notes: 'as published by the maker for the ND2' }));
    const put = () =>
      pitwall.app.inject({ method: 'PUT', url: `/api/cars/${carId}/gear-ratios`, headers: { cookie, 'accept-encoding': 'br', 'idempotency-key': 'gears-once' }, payload: rows });
    const first = await put();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await put();
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(again.rawPayload, 'br'))).toEqual(JSON.parse(decode(first.rawPayload, 'br')));
  });
});

describe('the nginx images carry the same', () => {
  for (const conf of ['infra/nginx/shell.conf.template', 'infra/nginx/remote.conf']) {
    it(`${conf}: precompressed files, gzip over 1 kB (JSON included), hashed files immutable, the rest revalidated`, () => {
      const text = fs.readFileSync(path.join(REPO_ROOT, conf), 'utf8');
      expect(text).toMatch(/^\s*gzip_static on;/m);
      expect(text).toMatch(/^\s*gzip on;/m);
      expect(text).toMatch(/^\s*gzip_vary on;/m);
      expect(text).toMatch(/^\s*gzip_min_length 1024;/m);
      expect(text).toMatch(/^\s*gzip_types [^;]*application\/json[^;]*application\/javascript[^;]*text\/css/m);
      expect(text).toMatch(/^\s*etag on;/m);
      const hashed = /location ~ "([^"]+)" \{([^}]*)\}/.exec(text);
      expect(hashed, 'a location for hashed files').not.toBeNull();
      const pattern = new RegExp(hashed![1]!);
      for (const name of ['main.0123abcd.js', '__federation_expose_App.89abcdef.js', 'main.776726ac.css']) expect(pattern.test(`/${name}`), name).toBe(true);
      for (const name of ['remoteEntry.js', 'mf-manifest.json', 'index.html', 'sw.js', 'manifest.webmanifest']) expect(pattern.test(`/${name}`), name).toBe(false);
      expect(hashed![2]).toContain(`add_header Cache-Control "${IMMUTABLE}" always;`);
      const rest = /location \/ \{([^}]*)\}/.exec(text);
      expect(rest![1]).toContain(`add_header Cache-Control "${NO_CACHE}" always;`);
    });
  }
});
