import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { loadConfig, REPO_ROOT, type Config } from '../config.ts';
import { limitConnectionsPerAddress, maxConnectionsPerAddress, serverTimeouts } from '../connection-limits.ts';
import { registerSecurityHeaders } from '../web/security-headers.ts';
import { webConfigOf } from '../web/static-web.ts';
import { trustProxyOf } from '../trust-proxy.ts';
import { loggerOptions } from '../logging.ts';

/** The process logger: JSON (pino), without secrets (see logging.ts: no cookies, authorisation headers, bodies, event data or database parameters). */
export function processLogger(config: Config, role: string) {
  return pino({ ...loggerOptions(config), base: { role, pid: process.pid } });
}

/** Fastify logger options for request logs with request ids (the id is also the command's correlation id), redacted as the process logger. */
export const requestLogging = (config: Config) => loggerOptions(config);

/** Loads the configuration or exits with the message (a configuration mistake stops the process at start). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

/**
 * Listens, and on SIGTERM/SIGINT stops accepting connections, lets requests in flight finish
 * (an accepted command is answered, never dropped), then runs `close` and exits 0.
 */
export async function serveUntilSignalled(app: FastifyInstance, config: Config, close: () => Promise<void>, log: { info(o: object, m: string): void }): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info({ port: config.PORT }, 'listening');
}

/**
 * A Fastify app for the web-serving roles (gateway, web): request logs with ids, zod schemas, the
 * request, header, idle and keep-alive timeouts and the per-address connection cap of the API roles,
 * security headers on every answer (CSP for the web of WEB_ROOT and the configured remotes), and
 * the forwarded headers of the proxies TRUST_PROXY names (by default none: these roles are the edge).
 */
export async function createEdgeApp(config: Config, role: 'gateway' | 'web'): Promise<FastifyInstance> {
  const app = Fastify({ logger: requestLogging(config), ...serverTimeouts(config), genReqId: () => crypto.randomUUID(), requestIdHeader: 'x-request-id', trustProxy: trustProxyOf(config.TRUST_PROXY, role) });
  limitConnectionsPerAddress(app.server, maxConnectionsPerAddress(config, role), app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, webConfigOf(config), config.WEB_ROOT ?? REPO_ROOT);
  return app;
}
