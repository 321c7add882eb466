import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../identity/auth-plugin.ts';
import { eventIdSeedOf } from '../idempotency/idempotency-plugin.ts';
import { preconditionOf } from '../etag/etag-plugin.ts';
import type { CommandContext } from './command-handler.ts';

/**
 * The context of a signed-in request's next command: who (the session's user), for which team
 * (`teamId`, null when none), the request's id as correlation id, its instant, the event id
 * seed of its Idempotency-Key (null without one), and its If-Match precondition (the first
 * command of a PUT/PATCH/DELETE of a resource only). Every route runs its commands with it, so a
 * keyed change gets derived event ids and a conditional one its check wherever it is handled.
 */
export function commandContext(request: FastifyRequest, teamId: number | null): CommandContext {
  return { userId: userIdOf(request), teamId, correlationId: request.id, now: request.now, eventIdSeed: eventIdSeedOf(request), precondition: preconditionOf(request) };
}
