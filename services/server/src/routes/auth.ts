import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswer, LoginBody, SetupTeamBody, User } from '@pitwall/contracts';
import { DomainError, ForbiddenError, teamDecider, teamStream } from '@pitwall/domain';
import { findUserCredentials } from '@pitwall/read-models';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE, sessionCookieOptions } from '../identity/auth-plugin.ts';
import { registerAccount } from '../identity/accounts.ts';
import { verifyPassword } from '../identity/passwords.ts';
import { loadSignedInUser } from '../identity/users.ts';

const INVALID_CREDENTIALS = 'Invalid credentials';

/** Too many login attempts for a username or from an address (429). */
class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(retryAfterSeconds: number) {
    super(`Too many login attempts. Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`);
  }
}

/** Splits 'Dana Whitfield' into first and last name at the first space. */
function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first!, lastName: rest.length ? rest.join(' ') : null };
}

/** Authentication routes of spec §7: current user, team setup, login, logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, ids, commands, sessions, config } = app.pitwall;
  const ttlMs = config.SESSION_TTL_HOURS * 3600_000;

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    if (request.sessionId) await sessions.destroy(request.sessionId);
    const id = await sessions.create(userId, ttlMs);
    reply.setCookie(SESSION_COOKIE, id, sessionCookieOptions(request, ttlMs / 1000));
  }

  app.get('/api/auth/user', {
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: User, 401: ErrorAnswer } },
    handler: async (request, reply) => {
      const user = request.userId === null ? null : await loadSignedInUser(db, request.userId);
      if (!user) {
        if (request.sessionId) await sessions.destroy(request.sessionId);
        return reply.code(401).send({ message: 'Not signed in' });
      }
      return user;
    },
  });

  app.post('/api/auth/setup-team', {
    schema: {
      tags: ['auth'],
      summary: 'Create a team and its owner account, and sign in as the owner',
      body: SetupTeamBody,
      response: { 201: User, 400: ErrorAnswer, 409: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const now = request.now;
      const correlationId = request.id;
      const { firstName, lastName } = splitName(body.ownerName);
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

  // Two independent counters of FAILED sign-ins (wrong username or password) per 15 minutes: a
  // successful sign-in counts nothing, so a mechanic signing in on three devices all day is never
  // refused. The preHandler only reads the counts (`increment: false`); the handler adds one when the
  // credentials are wrong. Two wrong attempts in flight at the same moment may both pass the check:
  // the limit is exceeded by at most the number of concurrent requests.
  const LOGIN_WINDOW_MS = 15 * 60_000;
  const perUsername = app.createRateLimit({
    max: config.LOGIN_LIMIT_PER_USERNAME,
    timeWindow: LOGIN_WINDOW_MS,
    keyGenerator: (request) => `login-user:${(request.body as { username?: string }).username?.trim().toLowerCase() ?? ''}`,
  });
  const perAddress = app.createRateLimit({ max: config.LOGIN_LIMIT_PER_ADDRESS, timeWindow: LOGIN_WINDOW_MS, keyGenerator: (request) => `login-ip:${request.ip}` });
  const limiters = [perAddress, perUsername];
  /** Refuses with 429 once the failed sign-ins of this address or username reached their limit. */
  async function limitLoginAttempts(request: FastifyRequest) {
    for (const limiter of limiters) {
      const result = await limiter(request, { increment: false });
      if (!result.isAllowed && result.remaining <= 0) throw new TooManyRequestsError(result.ttlInSeconds);
    }
  }
  /** Counts one failed sign-in towards both limits. */
  async function countFailedLogin(request: FastifyRequest) {
    for (const limiter of limiters) await limiter(request);
  }

  app.post('/api/auth/login', {
    preHandler: limitLoginAttempts,
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
        await countFailedLogin(request);
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
      if (request.sessionId) await sessions.destroy(request.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  });
};
