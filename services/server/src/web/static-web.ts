import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { sendNotFound } from '../http-errors.ts';

/** The web apps served by the embedded process: the shell at '/', each remote under /remotes/{name}/. */
const REMOTES = ['cars', 'events', 'teams'] as const;

/**
 * Answer of GET /config.json (team-agnostic, no session needed): where the shell finds each
 * remote's manifest at run time, and `uploadMaxBytes`, the largest image POST /api/upload accepts
 * (UPLOAD_MAX_BYTES), so the browser refuses a larger file before sending it.
 */
export const WebConfig = z.object({ remotes: z.record(z.enum(REMOTES), z.string()), uploadMaxBytes: z.number().int().positive() });
export type WebConfig = z.infer<typeof WebConfig>;

/** The /config.json answer of a process with this configuration. */
export function webConfigOf(config: Config): WebConfig {
  return { remotes: { cars: config.REMOTE_CARS_URL, events: config.REMOTE_EVENTS_URL, teams: config.REMOTE_TEAMS_URL }, uploadMaxBytes: config.UPLOAD_MAX_BYTES };
}

/** Revalidated on every use (the ETag answers 304 when unchanged). */
export const NO_CACHE = 'no-cache';
/** Content-hashed files never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A content-hashed file name as the rspack builds write them: `name.[contenthash:8].ext`. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/**
 * Cache-Control of a built web file: content-hashed files are immutable; every other file
 * (index.html, each remote's mf-manifest.json and remoteEntry.js, which name the hashed ones) is
 * revalidated. `filePath` may be the precompressed copy ('x.js.br').
 */
function cacheControlOf(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

function setStaticHeaders(res: { setHeader(name: string, value: string): void }, filePath: string): void {
  res.setHeader('Cache-Control', cacheControlOf(filePath));
  // The same URL answers brotli, gzip or plain by Accept-Encoding (preCompressed).
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * @fastify/static options shared by the shell and the remotes: the .br/.gz copies the builds wrote
 * (shell/kit/build/federated-app.ts) are sent as they are, and Cache-Control comes from
 * cacheControlOf only (`cacheControl: false`, else send's `max-age=0` overwrites it).
 */
const STATIC_OPTIONS = { preCompressed: true, cacheControl: false, setHeaders: setStaticHeaders, index: false } as const;

/** A remote's mf-manifest.json, the parts the page's script reads: its remoteEntry.js and each exposed module's files loaded with it. */
const RemoteManifest = z.object({
  metaData: z.object({ remoteEntry: z.object({ path: z.string(), name: z.string() }) }),
  exposes: z.array(z.object({ name: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }), css: z.object({ sync: z.array(z.string()) }) }) })),
});

/** The id of the page's data block that renderShellPage fills (read by the page's script, src/index-head.html of the shell). */
export const REMOTE_FILES_ID = 'pitwall-remote-files';

/** Files the browser loads together, as URLs. */
const Files = z.object({ js: z.array(z.string()), css: z.array(z.string()) });

/**
 * An app's chunk-groups.json as its build writes it (shell/kit/build/chunk-groups.ts): the files of
 * each named lazy chunk group, and of the copy of each shared module it provides as 'shared:<module>'.
 */
const ChunkGroups = z.record(z.string(), Files);
type ChunkGroups = z.infer<typeof ChunkGroups>;

/**
 * The page's data block, what the page's script would otherwise ask the network for: the answer of
 * GET /config.json, the shell's named chunk groups, and for each remote served here its
 * mf-manifest.json as built (the answer of GET /remotes/<name>/mf-manifest.json) and its chunk
 * groups. Chunk group files as URLs (under '/' for the shell, '/remotes/<name>/' for a remote).
 */
interface PageData {
  config: WebConfig;
  shell: ChunkGroups;
  remotes: Record<string, { manifest: unknown; chunkGroups: ChunkGroups }>;
}

/** The chunk groups of the app built in `dir`, each file as a URL under `base` ('/remotes/cars/'); none when the build wrote no chunk-groups.json. */
function chunkGroupsOf(dir: string, base: string): ChunkGroups {
  const file = path.join(dir, 'chunk-groups.json');
  if (!fs.existsSync(file)) return {};
  const groups = ChunkGroups.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return Object.fromEntries(Object.entries(groups).map(([name, files]) => [name, { js: files.js.map((f) => base + f), css: files.css.map((f) => base + f) }]));
}

/**
 * The page's data (PageData) of a process with this configuration serving the builds under `webRoot`:
 * a remote is listed when it is served here (its manifest URL in `webConfig` is the one under
 * /remotes/<name>/ and its build is there). Which files a path needs is the shell's path table
 * (shell/src/remotes/remote-paths.ts). @throws ZodError when a build's manifest or chunk-groups.json is not as built.
 */
function pageData(webRoot: string, webConfig: WebConfig): PageData {
  const remotes: PageData['remotes'] = {};
  for (const name of REMOTES) {
    const manifestUrl = `/remotes/${name}/mf-manifest.json`;
    const dir = path.join(webRoot, `mfe-${name}`, 'dist');
    const manifestFile = path.join(dir, 'mf-manifest.json');
    if (webConfig.remotes[name] !== manifestUrl || !fs.existsSync(manifestFile)) continue;
    const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    RemoteManifest.parse(manifest);
    remotes[manifestUrl] = { manifest, chunkGroups: chunkGroupsOf(dir, `/remotes/${name}/`) };
  }
  return { config: webConfig, shell: chunkGroupsOf(path.join(webRoot, 'shell', 'dist'), '/'), remotes };
}

/**
 * The shell's page as served: with pageData as a JSON data block
 * (`<script type="application/json" id="pitwall-remote-files">`, data, not code: the page's script
 * policy is untouched) just before the page's first own script, after the entry's files. The page's own script takes /config.json and the manifest of the remote that
 * shows its path from it instead of two requests, and preloads that remote's App files and the chunk
 * groups the path's first screen needs with the page (src/index-head.html of the shell); a page
 * listing every file as preload tags would load what the path does not show. Read once at start (a
 * rebuilt app needs a restart, as its files do). A remote deployed elsewhere (REMOTE_<NAME>_URL) is
 * not ours to read: the page asks for its manifest.
 */
function renderShellPage(html: string, webRoot: string, webConfig: WebConfig): string {
  // '<' escaped: no file name can end the data block early.
  const block = `<script type="application/json" id="${REMOTE_FILES_ID}">${JSON.stringify(pageData(webRoot, webConfig)).replaceAll('<', '\\u003c')}</script>`;
  // Before the page's first own script (a bare `<script>`), which reads it; after the entry's
  // files, so the parser asks for those first (federated-app.ts' indexHtml). A page without such a
  // script gets it at the top of <head>.
  return html.includes('<script>') ? html.replace('<script>', `${block}<script>`) : html.replace('<head>', `<head>${block}`);
}

/**
 * Serves the built shell and remotes from `webRoot` (shell/dist, mfe-cars/dist, …) precompressed
 * (brotli or gzip by Accept-Encoding) with the cache headers of cacheControlOf, answers
 * /config.json with `webConfig` (the remotes' manifest URLs and the upload limit), and falls back to the shell's page
 * (renderShellPage) for client-side routes. A remote whose build is missing is simply not served: the shell shows its
 * fallback for that part. Unknown /api paths answer 404 `{ message }`.
 */
export async function registerStaticWeb(app: FastifyInstance, webRoot: string, webConfig: WebConfig): Promise<void> {
  const shellDir = path.join(webRoot, 'shell', 'dist');
  app.get('/config.json', { schema: { hide: true, response: { 200: WebConfig } } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return webConfig;
  });
  for (const remote of REMOTES) {
    const dir = path.join(webRoot, `mfe-${remote}`, 'dist');
    if (!fs.existsSync(dir)) continue;
    await app.register(fastifyStatic, { ...STATIC_OPTIONS, root: dir, prefix: `/remotes/${remote}/`, decorateReply: false });
  }
  // Browsers ask for /favicon.ico whatever the page says; the shell's logo is in the page itself.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.code(204).header('Cache-Control', 'public, max-age=86400').send());
  const hasShell = fs.existsSync(path.join(shellDir, 'index.html'));
  if (!hasShell) {
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  // The shell's files are found per request (a wildcard route): registering a route per built
  // file ('wildcard: false') cost time at every start, growing with the built files. A missing one answers 404, a
  // client-side route the page (the not-found handler), '/' the page (its own route below).
  await app.register(fastifyStatic, { ...STATIC_OPTIONS, root: shellDir, prefix: '/' });
  const sendPage = shellPageSender(renderShellPage(fs.readFileSync(path.join(shellDir, 'index.html'), 'utf8'), webRoot, webConfig));
  app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/') && !path.extname(request.url.split('?')[0]!);
    return isPage ? sendPage(request, reply) : sendNotFound(request, reply);
  });
}

/**
 * Answers the shell's page (HTML): compressed once, like the built files (brotli, gzip or as it
 * is, by Accept-Encoding), revalidated by its ETag.
 */
function shellPageSender(html: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const page = Buffer.from(html);
  const pageAs: Record<string, Buffer> = { br: brotliCompressSync(page), gzip: gzipSync(page, { level: 9 }) };
  const pageEtag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
  return (request, reply) => {
    reply.header('Cache-Control', NO_CACHE).header('ETag', pageEtag).header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === pageEtag) return reply.code(304).send();
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
    reply.type('text/html; charset=utf-8');
    return encoding ? reply.header('Content-Encoding', encoding).send(pageAs[encoding]) : reply.send(page);
  };
}
