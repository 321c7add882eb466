import { normalizeIP } from '@fastify/rate-limit';
import { DomainError } from '@pitwall/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Refused for now (429): too many attempts of one kind. The message names the wait in whole
 * minutes; `retryAfterSeconds` also goes out as the `Retry-After` header.
 */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(
    what: 'login attempts' | 'team setups from this address' | 'new accounts from this address',
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many ${what}. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s) and try again.`);
  }
}

/**
 * The client a limit counts: its address as Fastify sees it (`request.ip`, which is the forwarded
 * client's behind a trusted proxy), an IPv6 address by its /64 (one host usually holds a whole /64).
 */
export const clientOf = (request: FastifyRequest): string => normalizeIP(request.ip);

/** Usernames compare trimmed and case-insensitively for counting (as accounts are found). */
const usernameOf = (request: FastifyRequest): string => ((request.body as { username?: unknown } | undefined)?.username as string | undefined)?.trim().toLowerCase() ?? '';

const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * The sign-in limits (OWASP's authentication guidance: throttle by client and by account, never
 * lock an account out for long). Only FAILED sign-ins count (wrong username or password), so a
 * crew signing in on many devices all day is never refused. Three counters:
 *
 * - per client address, over every username: LOGIN_LIMIT_PER_ADDRESS failures per 15 minutes,
 *   then 429 for that address;
 * - per username from one address: LOGIN_LIMIT_PER_USERNAME failures per 15 minutes, then 429 for
 *   that username from that address only (the right password too: it would otherwise be a free
 *   oracle for whoever guesses there);
 * - per username from every address: LOGIN_LIMIT_PER_USERNAME_PER_MINUTE failures per minute,
 *   then the addresses that have failed for that username wait for the rest of the minute (a
 *   guesser spread over many addresses gets that many guesses a minute). An address without a
 *   failure for the username in the last 15 minutes is never held back, so nobody can lock the
 *   real user out: their own sign-in from their own device goes through.
 *
 * Counts live in Redis when configured (shared by every process of the deployment), else in the
 * process. `check` only reads; two wrong attempts at the same moment may both pass it, so a limit
 * is exceeded by at most the number of concurrent requests.
 */
export function signInLimits(app: FastifyInstance, config: Pick<Config, 'LOGIN_LIMIT_PER_ADDRESS' | 'LOGIN_LIMIT_PER_USERNAME' | 'LOGIN_LIMIT_PER_USERNAME_PER_MINUTE'>) {
  const perAddress = app.createRateLimit({ max: config.LOGIN_LIMIT_PER_ADDRESS, timeWindow: FIFTEEN_MINUTES_MS, keyGenerator: (request) => `login-ip:${clientOf(request)}` });
  const perUsernameFromAddress = app.createRateLimit({
    max: config.LOGIN_LIMIT_PER_USERNAME,
    timeWindow: FIFTEEN_MINUTES_MS,
    keyGenerator: (request) => `login-user-ip:${clientOf(request)}|${usernameOf(request)}`,
  });
  const perUsername = app.createRateLimit({ max: config.LOGIN_LIMIT_PER_USERNAME_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `login-user:${usernameOf(request)}` });
  const refuse = (reply: FastifyReply, ttlInSeconds: number): never => {
    void reply.header('retry-after', String(ttlInSeconds));
    throw new TooManyRequestsError('login attempts', ttlInSeconds);
  };
  return {
    /** preHandler of the sign-in: throws TooManyRequestsError (429, with Retry-After) when a limit is reached. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      // (`isAllowed` is true only for an allow-listed key; none is configured.)
      const address = await perAddress(request, { increment: false });
      if (!address.isAllowed && address.remaining <= 0) refuse(reply, address.ttlInSeconds);
      const pair = await perUsernameFromAddress(request, { increment: false });
      if (pair.isAllowed) return;
      if (pair.remaining <= 0) refuse(reply, pair.ttlInSeconds);
      const failedFromHere = pair.remaining < pair.max;
      if (!failedFromHere) return;
      const username = await perUsername(request, { increment: false });
      if (!username.isAllowed && username.remaining <= 0) refuse(reply, username.ttlInSeconds);
    },
    /** Counts one failed sign-in towards the three limits. */
    async countFailure(request: FastifyRequest): Promise<void> {
      await Promise.all([perAddress(request), perUsernameFromAddress(request), perUsername(request)]);
    },
  };
}

/** A budget of new accounts per client address (see accountLimit). */
export interface AccountLimit {
  /**
   * Takes `count` new accounts from the address's budget of the hour, all or none.
   * @throws TooManyRequestsError (429, `Retry-After` set on `reply`) when fewer are left; none are taken then.
   */
  reserve(request: FastifyRequest, reply: FastifyReply, count: number): Promise<void>;
}

/**
 * The new accounts one client address may create: ACCOUNT_LIMIT_PER_ADDRESS an hour, counted
 * alike for a team setup (its owner: one) and a team import (every account it creates for the
 * team's members), so an import is no way around the sign-up limit. Counts live where the sign-in
 * limits' do (Redis when configured); create it once per app, as both routes share the count.
 */
export function accountLimit(app: FastifyInstance, config: Pick<Config, 'ACCOUNT_LIMIT_PER_ADDRESS'>): AccountLimit {
  const perAddress = app.createRateLimit({ max: config.ACCOUNT_LIMIT_PER_ADDRESS, timeWindow: 3600_000, keyGenerator: (request) => `accounts-ip:${clientOf(request)}` });
  return {
    async reserve(request, reply, count) {
      if (count === 0) return;
      const left = await perAddress(request, { increment: false });
      // (`isAllowed` is true only for an allow-listed key; none is configured.)
      if (!left.isAllowed && left.remaining < count) {
        const wait = Math.max(60, left.ttlInSeconds);
        void reply.header('retry-after', String(wait));
        throw new TooManyRequestsError('new accounts from this address', wait);
      }
      for (let i = 0; i < count; i++) await perAddress(request);
    },
  };
}
