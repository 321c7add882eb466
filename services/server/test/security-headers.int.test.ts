import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { createEdgeApp } from '../src/roles/run.ts';
import { contentSecurityPolicy, isApiAnswer, policyHeader, remoteOrigins, renderShellNginxConf } from '../src/web/security-headers.ts';
import { registerStaticWeb, webConfigOf } from '../src/web/static-web.ts';
import { client, DANA, uploadImage } from './helpers.ts';

/**
 * Every kind of answer carries the security headers — the shell's page, a script, an API JSON
 * answer, an image, an error — from the embedded process and from the web role. Pages and files: a
 * Content-Security-Policy that lets the page run its own inline script (by hash) and load the
 * remotes from where REMOTE_*_URL says, and no other script; no framing; nosniff; a Referrer-Policy.
 * API answers: a policy under which nothing runs or loads, no framing, nosniff, same-origin reads.
 */
const EARLY_SCRIPT = 'window.__pitwallEarly={"/config.json":fetch("/config.json")}';
const SHELL_PAGE = `<!doctype html><html lang="en"><head><title>Pitwall</title><script>${EARLY_SCRIPT}</script><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>`;
const FILES: Record<string, string> = {
  'shell/dist/index.html': SHELL_PAGE,
  'shell/dist/main.0123abcd.js': 'console.log("shell");',
  'mfe-events/dist/remoteEntry.js': 'console.log("events");',
};
/** The cars remote served from a CDN; the others from this origin. */
const CONFIG = { REMOTE_CARS_URL: 'https://cdn.example/cars/mf-manifest.json' };
const EARLY_HASH = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;

let webRoot: string;
beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'pitwall-web-'));
  for (const [file, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(webRoot, file)), { recursive: true });
    await writeFile(path.join(webRoot, file), content);
  }
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

/** The CSP directives of an answer: name → sources. */
function directivesOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(header.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = directivesOf(res);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('script-src'), `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(csp.has('upgrade-insecure-requests'), `${what}: upgrade-insecure-requests`).toBe(false);
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
}

/** The page-only headers an API answer leaves out. */
const PAGE_ONLY = ['referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

function expectApiSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['content-security-policy'], `${what}: CSP`).toBe("default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'");
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(res.headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  expect(res.headers['strict-transport-security'], `${what}: HSTS`).toBe('max-age=31536000');
  expect(PAGE_ONLY.filter((name) => name in res.headers), `${what}: page-only headers`).toEqual([]);
}

describe('security headers of the embedded process', () => {
  let pitwall: Pitwall;
  let blobDataDir: string;
  beforeAll(async () => {
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-blobs-'));
    pitwall = await createPitwall(ConfigSchema.parse({ ...CONFIG, READ_YOUR_WRITES_TIMEOUT_MS: 15_000 }), { kind: 'memory' }, { webRoot, blobDataDir });
  });
  afterAll(async () => {
    await pitwall?.close();
    await rm(blobDataDir, { recursive: true, force: true });
  });

  it("on the shell's page: its inline script by hash, the remotes' origin, nothing else", async () => {
    for (const url of ['/', '/car/12/events']) {
      const res = await pitwall.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(res, url);
      const csp = directivesOf(res);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.example', EARLY_HASH]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://cdn.example']);
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    }
  });

  it('on scripts: the page headers', async () => {
    expectSecurityHeaders(await pitwall.app.inject({ method: 'GET', url: '/main.0123abcd.js' }), 'shell script');
    expectSecurityHeaders(await pitwall.app.inject({ method: 'GET', url: '/remotes/events/remoteEntry.js' }), 'remote script');
  });

  it('on an API JSON answer, an image and errors: the API headers', async () => {
    const api = client(pitwall);
    const setup = await api.post('/api/auth/setup-team', DANA);
    expectApiSecurityHeaders(setup, 'setup-team');
    const cookie = `pitwall_session=${setup.cookies[0]!.value}`;
    const cars = await api.get('/api/cars');
    expect(cars.headers['content-type']).toMatch(/application\/json/);
    expectApiSecurityHeaders(cars, 'GET /api/cars');
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c8102e' } }).jpeg().toBuffer();
    const { url } = (await uploadImage(pitwall, cookie, jpeg)).json() as { url: string };
    const image = await pitwall.app.inject({ method: 'GET', url, headers: { cookie } });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, expect.stringMatching(/^image\//)]);
    expectApiSecurityHeaders(image, 'image');
    const errors: [string, LightMyRequestResponse][] = [
      ['404', await pitwall.app.inject({ method: 'GET', url: '/api/no-such-thing' })],
      ['401', await pitwall.app.inject({ method: 'GET', url: '/api/cars' })],
      ['400', await api.post('/api/cars', { name: 'x' })],
      ['403', await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: 'https://evil.example' }, payload: {} })],
    ];
    for (const [status, res] of errors) {
      expect(res.statusCode).toBe(Number(status));
      expectApiSecurityHeaders(res, `error ${status}`);
    }
  });
});

describe('security headers of the web role (and the gateway, which builds its app the same way)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = ConfigSchema.parse({ ...CONFIG, WEB_ROOT: webRoot, LOG_LEVEL: 'silent' });
    app = await createEdgeApp(config, 'web');
    await registerStaticWeb(app, webRoot, webConfigOf(config));
  });
  afterAll(() => app?.close());

  it("on the shell's page, a script, /config.json, and an API 404", async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expectSecurityHeaders(page, 'page');
    expect(directivesOf(page).get('script-src')).toEqual(["'self'", 'https://cdn.example', EARLY_HASH]);
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/main.0123abcd.js' }), 'script');
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/config.json' }), '/config.json');
    const missing = await app.inject({ method: 'GET', url: '/api/cars' });
    expect(missing.statusCode).toBe(404);
    expectApiSecurityHeaders(missing, '404');
  });
});

describe("which answers are the API's", () => {
  it('every /api/ path but the documentation (a page)', () => {
    for (const url of ['/api/cars', '/api/cars/12/gear-ratios?eventId=3', '/api/images/5', '/api/live', '/api/docsx']) expect(isApiAnswer(url), url).toBe(true);
    for (const url of ['/', '/car/12/events', '/config.json', '/main.0123abcd.js', '/api', '/api/docs', '/api/docs/', '/api/docs/json', '/api/docs?x=1']) expect(isApiAnswer(url), url).toBe(false);
  });
});

describe('the remotes a page may load', () => {
  it('are the origins of REMOTE_*_URL that name another origin; paths on this origin add none', () => {
    expect(remoteOrigins(['/remotes/cars/mf-manifest.json', 'https://cdn.example/a/mf-manifest.json', 'https://cdn.example/b/mf-manifest.json', '//static.example:8443/c/mf-manifest.json', 'http://[::1', 'remotes/x.json'])).toEqual([
      'https://cdn.example',
      'static.example:8443',
    ]);
  });
});

describe('the nginx configs of the docker images send the same headers', () => {
  const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, 'infra/nginx', file), 'utf8');
  /** The value of `set $csp "…"`, and each location's add_header names. */
  const cspOf = (conf: string) => /set \$csp "([^"]*)";/.exec(conf)?.[1];
  const fileLocations = (conf: string) => [...conf.matchAll(/^ {4}location (.+) \{\n([\s\S]*?)^ {4}\}/gm)].filter(([, , body]) => body!.includes('try_files'));
  const headerNames = (body: string) => [...body.matchAll(/add_header (\S+)/g)].map((m) => m[1]);

  it("web-shell: the server's policy for the built page, rendered when the image is built; the remotes' origins from REMOTE_ORIGINS", () => {
    const rendered = renderShellNginxConf(read('shell.conf.template'), SHELL_PAGE);
    const withoutRemotes = cspOf(rendered)!.replaceAll(' ${REMOTE_ORIGINS}', '');
    expect(withoutRemotes).toBe(policyHeader(contentSecurityPolicy([], SHELL_PAGE)));
    expect(withoutRemotes).toContain(EARLY_HASH);
    expect(cspOf(rendered)).toMatch(/script-src 'self' \$\{REMOTE_ORIGINS\} /);
    expect(fs.readFileSync(path.join(REPO_ROOT, 'infra/Dockerfile'), 'utf8')).toMatch(/nginx-shell-conf\.ts infra\/nginx\/shell\.conf\.template shell\/dist\/index\.html (\S+)[\s\S]*COPY --from=build \1 \/etc\/nginx\/templates\//);
  });

  it('remotes: the policy of a page without inline scripts or other origins', () => {
    expect(cspOf(read('remote.conf'))).toBe(policyHeader(contentSecurityPolicy([])));
  });

  it('on every location that serves files', () => {
    for (const file of ['shell.conf.template', 'remote.conf']) {
      const locations = fileLocations(read(file));
      expect(locations.length, file).toBeGreaterThanOrEqual(2);
      for (const [, where, body] of locations) {
        expect(headerNames(body!), `${file} location ${where}`).toEqual(expect.arrayContaining(['Content-Security-Policy', 'X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy']));
      }
    }
  });
});
