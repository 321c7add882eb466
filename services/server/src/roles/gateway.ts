/**
 * `npm run start:gateway`: the one address users open. Serves the web (shell and remotes, and
 * /config.json) and forwards /api: reads (GET, HEAD) round-robin to QUERY_URLS, everything else
 * to COMMAND_URLS — so two query and two command instances behave like one. Each forwarded request
 * says whom it came from and which site it was sent to (X-Forwarded-For/-Host/-Proto), which the
 * instances believe from the gateway's address (their TRUST_PROXY).
 */
import type { FastifyInstance } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { REPO_ROOT } from '../config.ts';
import { registerStaticWeb, webConfigOf } from '../web/static-web.ts';
import { sentByTrustedProxy, trustProxyOf } from '../trust-proxy.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { configOrExit, createEdgeApp, processLogger, serveUntilSignalled } from './run.ts';

const config = configOrExit();
const log = processLogger(config, 'gateway');
const upstreams = (list: string | undefined, name: string) => {
  const urls = (list ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) {
    log.error({}, `the gateway needs ${name} (comma-separated base URLs)`);
    process.exit(2);
  }
  return urls;
};
const commandUrls = upstreams(config.COMMAND_URLS, 'COMMAND_URLS');
const queryUrls = upstreams(config.QUERY_URLS, 'QUERY_URLS');

const app = await createEdgeApp(config, 'gateway');
const trusted = trustProxyOf(config.TRUST_PROXY, 'gateway');

/** Forwards the given methods of /api/* to `bases` (balanced when several), bodies streamed untouched. */
function forward(methods: string[], bases: string[]) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await scope.register(replyFrom, { base: bases.length === 1 ? bases[0]! : bases });
    scope.route({
      method: methods,
      url: '/api/*',
      handler: (request, reply) =>
        reply.from(request.url, {
          rewriteRequestHeaders: (_req, headers) => ({
            ...headers,
            ...forwardedHeaders(request, sentByTrustedProxy(trusted, request)),
            'x-request-id': request.id,
          }),
        }),
    });
  };
}
await app.register(forward(['GET', 'HEAD'], queryUrls));
await app.register(forward(['POST', 'PUT', 'PATCH', 'DELETE'], commandUrls));
app.get('/healthz', async () => ({ status: 'ok' }));
/** Ready when at least one command and one query instance answer their /readyz. */
app.get('/readyz', async (_request, reply) => {
  const probe = async (base: string) => fetch(new URL('/readyz', base), { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
  const [commands, queries] = await Promise.all([Promise.all(commandUrls.map(probe)), Promise.all(queryUrls.map(probe))]);
  const ready = commands.some(Boolean) && queries.some(Boolean);
  return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', commands: commands.filter(Boolean).length, queries: queries.filter(Boolean).length });
});
await registerStaticWeb(app, config.WEB_ROOT ?? REPO_ROOT, webConfigOf(config));
await serveUntilSignalled(app, config, () => app.close(), log);
