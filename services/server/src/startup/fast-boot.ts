import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import { compiledSerializerCompiler } from '../compiled-serializer.ts';
import { requestValidatorCompiler } from '../request-validation.ts';

/**
 * The start-path tricks of the Fastify apps, each with its reason, so that app.ts reads as plain
 * wiring. Measured on the embedded start (spawn to the first 200 on /healthz on two cores), each
 * saved what its line says; the behaviour of every route is unchanged by them.
 */

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** Fastify types the compiler factories after Ajv's; a factory only has to return a compiler of route schemas, which these are. */
const ZOD_COMPILERS = { buildValidator: () => requestValidatorCompiler, buildSerializer: () => compiledSerializerCompiler } as unknown as CompilersFactory;

/**
 * Server options of every Pitwall Fastify app. Why: every route is validated by zod and answered by
 * the compiled zod serializers in every plugin context, so Fastify's default Ajv and
 * fast-json-stringify compilers are never built nor loaded (a share of the start worth saving;
 * the measured figure is in bench/README.md, 'Measured on this machine').
 */
export const fastBootServerOptions: Pick<FastifyServerOptions, 'schemaController'> = { schemaController: { compilersFactory: ZOD_COMPILERS } };

/**
 * Serving app only: HEAD is answered by each GET's own route instead of a HEAD twin registered
 * beside it. Why: each twin is a router entry and a boot step at start. Node's HTTP server writes
 * no body for HEAD, so HEAD answers the GET's status and headers (Content-Length, ETag, 304 on
 * If-None-Match) and nothing else. Spread the options into Fastify() and call the hook before any
 * route is registered. The documentation app keeps Fastify's twins, which @fastify/swagger leaves out.
 */
export const headByGetServerOptions: Pick<FastifyServerOptions, 'exposeHeadRoutes'> = { exposeHeadRoutes: false };

/** See {@link headByGetServerOptions}: registers GET routes as GET and HEAD. */
export function answerHeadWithGet(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET') route.method = ['GET', 'HEAD'];
  });
}

/**
 * A route group with its name as Fastify's display name. Why: Fastify names a plugin without one
 * by searching every loaded CommonJS module's exports for it, a cost per plugin at every start.
 */
export const named = <T extends FastifyPluginAsync<never>>(plugin: T): T => Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
