import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '@pitwall/domain';

/** Name of the session cookie (opaque id; httpOnly, SameSite=Lax, Secure over TLS). */
export const SESSION_COOKIE = 'pitwall_session';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads the session cookie into `request.userId` on every request, and refuses mutations whose
 * `Origin` is another site (CSRF defence besides SameSite=Lax). Depends on @fastify/cookie.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (MUTATING.has(request.method)) assertSameOrigin(request);
      const id = request.cookies[SESSION_COOKIE];
      if (!id) return;
      const session = await app.pitwall.sessions.get(id);
      if (session) {
        request.userId = session.userId;
        request.sessionId = id;
      }
    });
  },
  { name: 'pitwall-auth', dependencies: ['@fastify/cookie'] },
);

function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ForbiddenError('Request refused: bad Origin header');
  }
  if (host !== request.headers.host) throw new ForbiddenError('Request refused: it came from another site');
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

/** Cookie options for the session cookie: Secure when the request came over TLS. */
export function sessionCookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: maxAgeSeconds };
}
