import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';

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

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Entry files must be revalidated (they name the hashed chunks); hashed chunks are immutable. */
function setCacheHeaders(res: { setHeader(name: string, value: string): void }, filePath: string): void {
  const name = path.basename(filePath);
  const isEntry = name === 'index.html' || name === 'remoteEntry.js' || name.startsWith('mf-') || !/\.[0-9a-f]{8,}\./.test(name);
  res.setHeader('Cache-Control', isEntry ? NO_CACHE : IMMUTABLE);
}

/**
 * Serves the built shell and remotes from `webRoot` (shell/dist, mfe-cars/dist, …), answers
 * /config.json with `webConfig` (the remotes' manifest URLs and the upload limit), and falls back to the shell's index.html for
 * client-side routes. A remote whose build is missing is simply not served: the shell shows its
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
    await app.register(fastifyStatic, { root: dir, prefix: `/remotes/${remote}/`, decorateReply: false, setHeaders: setCacheHeaders, index: false });
  }
  // Browsers ask for /favicon.ico whatever the page says; the shell's logo is in the page itself.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.code(204).header('Cache-Control', 'public, max-age=86400').send());
  const hasShell = fs.existsSync(path.join(shellDir, 'index.html'));
  if (hasShell) await app.register(fastifyStatic, { root: shellDir, prefix: '/', setHeaders: setCacheHeaders, index: false, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/') && !path.extname(request.url.split('?')[0]!);
    if (isPage && hasShell) return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', shellDir);
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
