import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswer, LoginBody, SetupTeamBody, User } from '@pitwall/contracts';
import { ForbiddenError, teamDecider, teamStream } from '@pitwall/domain';
import { findUserCredentials } from '@pitwall/read-models';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_SESSION_COOKIE, authSessionCookieOptions } from '../identity/auth-plugin.ts';
import { registerAccount } from '../identity/accounts.ts';
import { verifyPassword } from '../identity/passwords.ts';
import { clientOf, signInLimits, TooManyRequestsError } from '../identity/sign-in-limits.ts';
import { loadSignedInUser } from '../identity/users.ts';

const INVALID_CREDENTIALS = 'Invalid credentials';

/** Splits 'Dana Whitfield' into first and last name at the first space. */
function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first!, lastName: rest.length ? rest.join(' ') : null };
}

/** Authentication routes of docs/product.md, 'API': current user, team setup, login, logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ids, commands, authSessions, config } = app.pitwall;
  const ttlMs = config.SESSION_TTL_HOURS * 3600_000;

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    if (request.authSessionId) await authSessions.destroy(request.authSessionId);
    const id = await authSessions.create(userId, ttlMs);
    reply.setCookie(AUTH_SESSION_COOKIE, id, authSessionCookieOptions(request, ttlMs / 1000));
  }

  app.get('/api/auth/user', {
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: User, 401: ErrorAnswer } },
    handler: async (request, reply) => {
      const user = request.userId === null ? null : await loadSignedInUser(db, request.userId);
      if (!user) {
        if (request.authSessionId) await authSessions.destroy(request.authSessionId);
        return reply.code(401).send({ message: 'Not signed in' });
      }
      return user;
    },
  });

  // Every team setup counts, whatever its answer: it creates an account and a team, and its 409
  // 'Username is already taken' (the spec's text) tells whether a username exists. Counted as the
  // request arrives, before its body is read.
  app.post('/api/auth/setup-team', {
    config: {
      rateLimit: {
        max: config.TEAM_SETUP_LIMIT_PER_ADDRESS,
        timeWindow: 3600_000,
        keyGenerator: (request) => `setup-ip:${clientOf(request)}`,
        errorResponseBuilder: (_request, context) => new TooManyRequestsError('team setups from this address', Math.ceil(context.ttl / 1000)),
      },
    },
    schema: {
      tags: ['auth'],
      summary: 'Create a team and its owner account, and sign in as the owner',
      body: SetupTeamBody,
      response: { 201: User, 400: ErrorAnswer, 409: ErrorAnswer, 429: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const now = request.now;
      const correlationId = request.id;
      const { firstName, lastName } = splitName(body.ownerName);
      await app.accountLimit.reserve(request, reply, 1);
      const userId = await registerAccount(app.pitwall, { username: body.username, password: body.password, firstName, lastName, email: body.email, teamName: body.teamName }, { userId: null, teamId: null, correlationId, now });
      const [teamId, ownerMemberId] = [await ids.next('team'), await ids.next('team_member')];
      const { position } = await commands.handle(
        teamDecider,
        teamStream(teamId),
        { type: 'CreateTeam', data: { teamId, ownerMemberId, name: body.teamName, description: null, ownerUserId: userId, ownerDisplayName: body.ownerName, now: now.toISOString() } },
        { userId, teamId, correlationId, now },
      );
      await commands.visible(position);
      const user = await loadSignedInUser(db, userId);
      if (!user) throw new Error(`team setup ${correlationId}: the new owner is not visible in the read model`);
      await startSession(request, reply, userId);
      return reply.code(201).send(user);
    },
  });

  const limits = signInLimits(app, config);

  app.post('/api/auth/login', {
    preHandler: limits.check,
    schema: {
      tags: ['auth'],
      summary: "Sign in: loginType 'admin' for owners and admins, 'member' for team members",
      body: LoginBody,
      response: { 200: User, 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 429: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const { username, password, loginType } = request.body;
      const credentials = await findUserCredentials(db, username);
      const ok = await verifyPassword(credentials?.passwordHash ?? null, password);
      if (!credentials || !ok) {
        await limits.countFailure(request);
        return reply.code(401).send({ message: INVALID_CREDENTIALS });
      }
      const user = await loadSignedInUser(db, credentials.id);
      if (!user) throw new ForbiddenError('Your membership is inactive. Ask your team owner to reactivate it.');
      if (loginType === 'admin' && user.role !== 'owner' && user.role !== 'admin') {
        throw new ForbiddenError('Admin Login is for team owners and admins. Please use Team Member login.');
      }
      await startSession(request, reply, credentials.id);
      request.log.info({ userId: credentials.id, loginType }, 'signed in');
      return user;
    },
  });

  app.post('/api/auth/logout', {
    schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null() } },
    handler: async (request, reply) => {
      if (request.authSessionId) await authSessions.destroy(request.authSessionId);
      // This process's live streams of the session end now; other processes' within the feed's session check.
      if (request.authSessionId) app.pitwall.live.closeAuthSession(request.authSessionId);
      reply.clearCookie(AUTH_SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  });
};
