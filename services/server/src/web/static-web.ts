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
export const REMOTES = ['cars', 'events', 'teams'] as const;

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
export function cacheControlOf(filePath: string): string {
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

/** A remote's mf-manifest.json, the parts read here: each exposed module's files loaded with it. */
const RemoteManifest = z.object({
  exposes: z.array(z.object({ name: z.string(), assets: z.object({ js: z.object({ sync: z.array(z.string()) }), css: z.object({ sync: z.array(z.string()) }) }) })),
});

/**
 * The shell's page as served: the built index.html preloads the manifest of the remote
 * its landing route needs (`<link rel="preload" href="/remotes/<name>/mf-manifest.json">`); when
 * that remote is served here, its exposed './App' files are preloaded too, so they load with the
 * shell's code instead of one round trip after it. Read once at start (a rebuilt remote needs a
 * restart, as its files do). Answers the page unchanged when nothing is to be added.
 */
export function renderShellPage(html: string, webRoot: string, webConfig: WebConfig): string {
  const links: string[] = [];
  for (const [, remote] of html.matchAll(/<link rel="preload" href="\/remotes\/(\w+)\/mf-manifest\.json"/g)) {
    const name = REMOTES.find((r) => r === remote);
    const manifestFile = name && path.join(webRoot, `mfe-${name}`, 'dist', 'mf-manifest.json');
    // A remote deployed elsewhere (REMOTE_<NAME>_URL) is not ours to read.
    if (!name || webConfig.remotes[name] !== `/remotes/${name}/mf-manifest.json` || !fs.existsSync(manifestFile!)) continue;
    const manifest = RemoteManifest.parse(JSON.parse(fs.readFileSync(manifestFile!, 'utf8')));
    const app = manifest.exposes.find((e) => e.name === 'App');
    for (const file of app?.assets.js.sync ?? []) links.push(`<link rel="preload" href="/remotes/${name}/${file}" as="script">`);
    for (const file of app?.assets.css.sync ?? []) links.push(`<link rel="preload" href="/remotes/${name}/${file}" as="style">`);
  }
  return links.length ? html.replace('</head>', `${links.join('')}</head>`) : html;
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
  // file ('wildcard: false') cost 40–90 ms of every start. A missing one answers 404, a
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
