import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySse from '@fastify/sse';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { limitConnectionsPerAddress, maxConnectionsPerAddress, serverTimeouts } from './connection-limits.ts';
import { drainUnreadBodies } from './drain-unread-body.ts';
import { idempotencyPlugin } from './idempotency/idempotency-plugin.ts';
import { etagPlugin } from './etag/etag-plugin.ts';
import { registerErrorHandler, sendNotFound } from './http-errors.ts';
import { redisNamespace } from './redis-namespace.ts';
import { authPlugin } from './identity/auth-plugin.ts';
import { accountLimit } from './identity/sign-in-limits.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { carRoutes } from './routes/cars.ts';
import { carSetupRoutes } from './routes/car-setup.ts';
import { cornerWeightsRoutes } from './routes/corner-weights.ts';
import { setupSheetRoutes } from './routes/setup-sheet.ts';
import { checklistRoutes } from './routes/checklist.ts';
import { issueRoutes } from './routes/issues.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { changeEffectRoutes } from './routes/change-effects.ts';
import { enduranceRoutes } from './routes/endurance.ts';
import { raceNowRoutes } from './routes/race-now.ts';
import { pitStopRoutes } from './routes/pit-stops.ts';
import { partRoutes } from './routes/parts.ts';
import { tireSetRoutes } from './routes/tire-sets.ts';
import { tirePressureAssistantRoutes } from './routes/tire-pressure-assistant.ts';
import { raceEventRoutes } from './routes/race-events.ts';
import { teamRoutes } from './routes/teams.ts';
import { seriesRoutes } from './routes/series.ts';
import { seriesTimetableRoutes } from './routes/series-timetable.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { LIVE_HEARTBEAT_MS, liveRoutes } from './routes/live.ts';
import { addReadPositionHeader } from './live/read-position.ts';
import { transferRoutes } from './routes/transfer.ts';
import { viewRoutes } from './routes/views.ts';
import { registerDeferredApiDocs } from './web/api-docs.ts';
import { registerCompression } from './web/compression.ts';
import { registerSecurityHeaders } from './web/security-headers.ts';
import { registerStaticWeb, webConfigOf } from './web/static-web.ts';
import { trustProxyOf } from './trust-proxy.ts';
import { answerHeadWithGet, fastBootServerOptions, headByGetServerOptions, named } from './startup/fast-boot.ts';
import { AcceptedAnswer } from '@pitwall/contracts';

/** The methods of the routes that change something. */
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** JSON bodies larger than this answer 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * An answer given before its request body was read waits until the rest is read and discarded, up
 * to this many times the route's limit (UPLOAD_MAX_BYTES for /api/upload, JSON_BODY_LIMIT_BYTES
 * otherwise); a larger body is cut off (connection closed) after the answer.
 */
const DRAIN_CAP_FACTOR = 4;

/** One registered route; the tenancy test walks this table so no /api route escapes it. */
interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

export interface BuildAppOptions {
  /** Serve the built web apps from this repository root; omit for an API-only app (tests). */
  webRoot?: string;
  /** Fastify's logger options (default: none), unless `loggerInstance` is given. */
  logger?: FastifyServerOptions['logger'];
  /** The process's own pino logger, used for requests too (one logger built at start, not two). */
  loggerInstance?: FastifyBaseLogger;
}

/**
 * Builds the serving Fastify app: security headers, the per-address connection limit, every /api
 * route (see {@link registerApi}), /api/docs served by a documentation app built on its first
 * request (web/api-docs.ts), and optionally the static web. Does not listen.
 */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    ...apiServerOptions(deps),
    ...headByGetServerOptions,
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerAddress(app.server, maxConnectionsPerAddress(deps.config, deps.role), app.log);
  answerHeadWithGet(app);
  // Before any other hook that may answer (the query role's 405): every answer carries them. The
  // documentation app's answers go out through this app, which adds them.
  registerSecurityHeaders(app, webConfigOf(deps.config), options.webRoot);
  // Open streams never go idle: end them as the server starts closing, or its close would wait on them.
  app.addHook('preClose', async () => deps.live.close());
  await registerApi(app, deps);
  registerDeferredApiDocs(app, () => buildDocsApp(deps));
  if (options.webRoot) {
    await registerStaticWeb(app, options.webRoot, webConfigOf(deps.config));
  } else {
    app.setNotFoundHandler(sendNotFound);
  }
  return app;
}

/**
 * The documentation app behind /api/docs: @fastify/swagger and its UI registered before the same
 * API as the serving app's, so the OpenAPI document is generated from the same routes and zod
 * schemas. Never listens; the serving app forwards /api/docs requests to it.
 */
async function buildDocsApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...apiServerOptions(deps) }).withTypeProvider<ZodTypeProvider>();
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Pitwall API', description: 'Race-team car setups, race events and issues.', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // The schemas named with .meta({ id }) (Car, Session, ErrorAnswer…) as components, which the routes' $refs point at.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await registerApi(app, deps);
  app.setNotFoundHandler(sendNotFound);
  return app;
}

/** Fastify options both apps share: timeouts, body limit, request ids, trusted proxies, zod compilers. */
function apiServerOptions(deps: AppDeps): FastifyServerOptions {
  return {
    ...serverTimeouts(deps.config),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // request.ip, request.host and request.protocol from the forwarded headers of trusted proxies only (TRUST_PROXY).
    trustProxy: trustProxyOf(deps.config.TRUST_PROXY, deps.role),
    ...fastBootServerOptions,
  };
}

/**
 * The API of both apps: the `pitwall` and `routeTable` decorations, the request clock, error
 * mapping, unread-body draining, the query role's 405 on changes, cookies, Server-Sent Events,
 * rate limits, sessions, Idempotency-Key, ETags, the read-position header, compression, and every
 * /api route group.
 */
async function registerApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.decorate('pitwall', deps);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('now', null as unknown as Date);
  app.addHook('onRequest', async (request) => {
    request.now = deps.clock.now();
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    // Any change may be stored before the read models show it: its 202 is part of every changing route's contract.
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && [route.method].flat().some((method) => CHANGING.has(method))) response[202] ??= AcceptedAnswer;
  });
  registerErrorHandler(app);
  drainUnreadBodies(app, (request) => DRAIN_CAP_FACTOR * (request.url.startsWith('/api/upload') ? deps.config.UPLOAD_MAX_BYTES : JSON_BODY_LIMIT_BYTES));
  if (deps.role === 'query') {
    // A query instance serves reads only; the gateway sends changes to command instances.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
        await reply.code(405).send({ message: 'This is a query instance: send changes to a command instance (through the gateway).' });
      }
    });
  }
  await app.register(fastifyCookie);
  // Server-Sent Events (GET /api/live): written to the socket as they come, past the compression and serialisation of onSend.
  await app.register(fastifySse, { heartbeatInterval: LIVE_HEARTBEAT_MS });
  // Only routes that ask for it are limited (sign-in, team setup); Redis-backed when configured, so every process of the deployment shares the counts.
  await app.register(fastifyRateLimit, { global: false, nameSpace: `${redisNamespace(deps.config.DEPLOYMENT_NAME)}rate-limit:`, ...(deps.redis ? { redis: deps.redis } : {}) });
  app.decorate('accountLimit', accountLimit(app, deps.config));
  await app.register(authPlugin);
  await app.register(idempotencyPlugin, { db: deps.db, now: () => deps.clock.now().getTime() });
  await app.register(etagPlugin);
  addReadPositionHeader(app, deps.live);
  // After the Idempotency-Key and ETag plugins (hooks run in registration order: the answer is stored, and a 304 decided, before it is compressed).
  await registerCompression(app);
  const routeGroups = [healthRoutes, authRoutes, carRoutes, carSetupRoutes, cornerWeightsRoutes, setupSheetRoutes, checklistRoutes, raceEventRoutes, issueRoutes, teamRoutes, seriesRoutes, seriesTimetableRoutes, auditRoutes, sessionRoutes, changeEffectRoutes, enduranceRoutes, pitStopRoutes, raceNowRoutes, partRoutes, tireSetRoutes, tirePressureAssistantRoutes, imageRoutes, liveRoutes, transferRoutes, viewRoutes];
  for (const routes of routeGroups) await app.register(named(routes));
}
