import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { WebConfig } from './static-web.ts';

/**
 * The origins the page loads a remote from: each remote's manifest URL that names another origin
 * (`https://cdn.example/cars/mf-manifest.json` → `https://cdn.example`; protocol-relative
 * `//cdn.example/…` → `cdn.example`, the page's own scheme). Paths on this origin add nothing.
 */
export function remoteOrigins(remoteUrls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of remoteUrls) {
    // Anything else is a path on this origin (or not a URL the browser could load a remote from).
    if (url.startsWith('//') && URL.canParse(`https:${url}`)) origins.add(new URL(`https:${url}`).host);
    else if (/^https?:\/\//i.test(url) && URL.canParse(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** The CSP sources (`'sha256-…'`) of the inline scripts of an HTML page: the shell's page starts its first API calls in one. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes ?? '') || body!.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy directives of every answer, as `{ 'script-src': [...] }`, for the
 * remotes' origins `remotes` (remoteOrigins) and the inline scripts of `pageHtml`, the shell's page:
 * - scripts: this origin, the remotes' origins (Module Federation adds their script tags) and the
 *   page's own inline scripts by hash; never `'unsafe-inline'` or `eval`;
 * - styles: this origin, the remotes', and inline styles (the setup sheet prints with a `<style>`
 *   of its paper size; components set style attributes);
 * - fetches: this origin and the remotes' (their manifests);
 * - images: this origin, `data:` and `blob:` (previews of an upload before it is sent), and any
 *   http(s) URL, which image fields and the team's logo may hold;
 * - no plugins, no `<base>` elsewhere, forms post here only, and no page may frame it.
 */
export function contentSecurityPolicy(remotes: readonly string[], pageHtml?: string): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...(pageHtml ? inlineScriptHashes(pageHtml) : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** A CSP header value from directives: `default-src 'self'; script-src …`. */
export function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Where the web-shell nginx template takes the Content-Security-Policy (see renderShellNginxConf). */
const NGINX_CSP_PLACEHOLDER = '@CONTENT_SECURITY_POLICY@';

/**
 * The web-shell nginx config (infra/nginx/shell.conf.template) with NGINX_CSP_PLACEHOLDER replaced
 * by the policy of contentSecurityPolicy for the built shell page `pageHtml`, its remotes' origins
 * left as `${REMOTE_ORIGINS}` for the nginx image's start-time substitution.
 * @throws when the template has no placeholder (the page would be served without a policy).
 */
export function renderShellNginxConf(template: string, pageHtml: string): string {
  if (!template.includes(NGINX_CSP_PLACEHOLDER)) throw new Error(`the nginx template has no ${NGINX_CSP_PLACEHOLDER}`);
  return template.replaceAll(NGINX_CSP_PLACEHOLDER, policyHeader(contentSecurityPolicy(['${REMOTE_ORIGINS}'], pageHtml)));
}

/**
 * The headers helmet sets for `options`, as `[name, value]` pairs, read by running its middleware
 * once against a response that records them. They depend on the options only (no per-request
 * part: no CSP nonces, no directive functions), so one run gives what every request would.
 * @throws when the middleware asks to remove a header or reports an error (its output would then not be a plain set of headers).
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: (name: string) => {
      throw new Error(`helmet removes ${name}: its headers are not a plain set`);
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Whether the answer to `url` is the API's (JSON, CSV, images, errors, the live stream): never a
 * page, so it gets the API's headers. The API's documentation (/api/docs, Swagger UI) is a page.
 */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !/^\/api\/docs(?:[/?]|$)/.test(url);
}

/**
 * The headers of an API answer, after the OWASP REST Security Cheat Sheet ('Security Headers'):
 * `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'`
 * (nothing of an answer runs or loads, even an SVG opened on its own; the browser's own viewer of
 * an image opened in a tab styles it inline, and a style runs no code; no page frames it),
 * `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy:
 * same-origin` (no other site reads it into its process) and HSTS. The page-only rest (the page's script sources, referrer,
 * opener and agent-cluster policies, helmet's legacy ones) says nothing on an answer that is no
 * document, and headers go uncompressed on every call over HTTP/1.1 (~430 bytes saved per
 * answer on a phone's link).
 */
const API_HEADER_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': ["'none'"] } },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Sets helmet's headers on every answer of `app`. Pages and files (the shell's page, scripts, the
 * API's documentation): the contentSecurityPolicy of the remotes in `webConfig` and of the shell's
 * page under `webRoot` (when built there), `X-Frame-Options: DENY` with `frame-ancestors 'none'`,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (other
 * sites see only the origin, never a car's or team's path), HSTS for this host only, and helmet's
 * other defaults. No `upgrade-insecure-requests`: a plain-HTTP deployment (a laptop in the paddock)
 * must keep loading its own files. API answers (isApiAnswer): API_HEADER_OPTIONS. Both sets are
 * worked out once (helmetHeaders).
 */
export function registerSecurityHeaders(app: FastifyInstance, webConfig: WebConfig, webRoot?: string): void {
  const page = webRoot && path.join(webRoot, 'shell', 'dist', 'index.html');
  const pageHtml = page && fs.existsSync(page) ? fs.readFileSync(page, 'utf8') : undefined;
  const common = {
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: false },
    // helmet would remove X-Powered-By: Fastify never sends one.
    xPoweredBy: false,
  } as const;
  const pageHeaders = helmetHeaders({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(remoteOrigins(Object.values(webConfig.remotes)), pageHtml) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const apiHeaders = helmetHeaders({ ...common, ...API_HEADER_OPTIONS });
  // On the raw response, as helmet does: an answer written past Fastify's reply (the live stream) keeps them.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiAnswer(request.url) ? apiHeaders : pageHeaders) reply.raw.setHeader(name, value);
    done();
  });
}
