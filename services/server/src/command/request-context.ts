import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../identity/auth-plugin.ts';
import { eventIdSeedOf } from '../idempotency/idempotency-plugin.ts';
import type { CommandContext } from './command-bus.ts';

/**
 * The context of a signed-in request's next command: who (the session's user), for which team
 * (`teamId`, null when none), the request's id as correlation id, its instant, and the event id
 * seed of its Idempotency-Key (null without one). Every route runs its commands with it, so a keyed
 * change gets derived event ids wherever it is handled.
 */
export function commandContext(request: FastifyRequest, teamId: number | null): CommandContext {
  return { userId: userIdOf(request), teamId, correlationId: request.id, now: request.now, eventIdSeed: eventIdSeedOf(request) };
}
