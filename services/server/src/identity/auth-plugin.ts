import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '@pitwall/domain';
import { sentByTrustedProxy, trustProxyOf } from '../trust-proxy.ts';

/** Name of the session cookie (opaque id; httpOnly, SameSite=Lax, Secure over TLS). */
export const AUTH_SESSION_COOKIE = 'pitwall_session';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads the session cookie into `request.userId` on every request, and refuses mutations whose
 * `Origin` is another site (CSRF defence besides SameSite=Lax). Behind a proxy the process trusts
 * (TRUST_PROXY), the site is the one the proxy was asked for (`X-Forwarded-Host`, and
 * `X-Forwarded-Proto` when sent); anyone else's forwarded headers are ignored. Depends on @fastify/cookie.
 */
export const authPlugin = fp(
  async (app) => {
    const trusted = trustProxyOf(app.pitwall.config.TRUST_PROXY, app.pitwall.role);
    app.decorateRequest('userId', null);
    app.decorateRequest('authSessionId', null);
    app.addHook('onRequest', async (request) => {
      if (MUTATING.has(request.method)) assertSameOrigin(request, sentByTrustedProxy(trusted, request));
      const id = request.cookies[AUTH_SESSION_COOKIE];
      if (!id) return;
      const session = await app.pitwall.authSessions.get(id);
      if (session) {
        request.userId = session.userId;
        request.authSessionId = id;
      }
    });
  },
  { name: 'pitwall-auth', dependencies: ['@fastify/cookie'] },
);

/**
 * Refuses (403) a request whose `Origin` names another site than the one it was sent to: the host
 * (`request.host`, the forwarded one from a trusted proxy), and the scheme too when a trusted proxy
 * said which one the browser used (a direct or untrusted peer's scheme says nothing of the browser's).
 */
function assertSameOrigin(request: FastifyRequest, viaTrustedProxy: boolean): void {
  const origin = request.headers.origin;
  if (!origin) return;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new ForbiddenError('Request refused: bad Origin header');
  }
  const schemeDiffers = viaTrustedProxy && request.headers['x-forwarded-proto'] !== undefined && url.protocol !== `${request.protocol}:`;
  if (url.host !== request.host || schemeDiffers) throw new ForbiddenError('Request refused: it came from another site');
}

/** onRequest hook for routes that need a signed-in user (runs before validation): 401 `{ message: 'Not signed in' }` otherwise. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.userId === null) await reply.code(401).send({ message: 'Not signed in' });
}

/** The signed-in user's id inside a route guarded by `requireUser`. */
export function userIdOf(request: FastifyRequest): number {
  if (request.userId === null) throw new Error('userIdOf used on a route without requireUser');
  return request.userId;
}

/**
 * Cookie options for the session cookie: Secure when the request came over TLS, directly or as a
 * trusted proxy says (`X-Forwarded-Proto: https`, see TRUST_PROXY).
 */
export function authSessionCookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: maxAgeSeconds };
}
