import type { FastifyInstance, FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { REPO_ROOT, type Config } from '../config.ts';
import { registerStaticWeb, webConfigOf } from '../web/static-web.ts';
import { sentByTrustedProxy, trustProxyOf } from '../trust-proxy.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { createEdgeApp } from './run.ts';

/** Seconds a client is told to wait (Retry-After) when no instance behind the gateway took its request. */
export const UPSTREAM_RETRY_AFTER_S = 2;

/**
 * Answers a request the gateway could not pass on (the instance refused or reset the connection,
 * timed out, or is down): 503 with Retry-After and the usual error body, not reply-from's 500, so a
 * client (and the web's API layer) knows to try again rather than report a server fault.
 */
function answerUpstreamFailure(reply: FastifyReply<RouteGenericInterface, RawServerBase>, { error }: { error: Error }): void {
  reply.log.warn({ err: error }, 'gateway: an instance behind it did not take the request');
  void reply
    .code(503)
    .header('retry-after', String(UPSTREAM_RETRY_AFTER_S))
    .send({ statusCode: 503, error: 'Service Unavailable', message: 'The service is busy. Please try again in a moment.' });
}

/**
 * The gateway's app, not listening: the web (shell and remotes, and /config.json), /api reads
 * (GET, HEAD) round-robin to `queryUrls` and everything else to `commandUrls`, so two query and
 * two command instances behave like one. Each forwarded request says whom it came from and which
 * site it was sent to (X-Forwarded-For/-Host/-Proto), which the instances believe from the
 * gateway's address (their TRUST_PROXY). An instance that does not take a request: 503
 * (answerUpstreamFailure).
 */
export async function buildGatewayApp(config: Config, commandUrls: string[], queryUrls: string[]): Promise<FastifyInstance> {
  const app = await createEdgeApp(config, 'gateway');
  const trusted = trustProxyOf(config.TRUST_PROXY, 'gateway');

  /** Forwards the given methods of /api/* to `bases` (balanced when several), bodies streamed untouched. */
  const forward = (methods: string[], bases: string[]) => async (scope: FastifyInstance) => {
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
          onError: answerUpstreamFailure,
        }),
    });
  };
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
  return app;
}
