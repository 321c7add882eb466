import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '@pitwall/domain';
import { ConcurrencyError, formatPosition, StoreUnavailableError } from '@pitwall/eventstore';
import { BlobStoreUnavailableError } from '@pitwall/media';
import { NotYetVisibleError, PreconditionFailedError } from './command/command-handler.ts';
import { answerPreconditionFailed } from './etag/etag-plugin.ts';

/** Field path of a validation issue: '/year' -> 'year', '/0/ratio' -> 'row 1 ratio', '/items/2/rearLeft' -> 'items row 3 rearLeft'. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `row ${Number(p) + 1}` : p))
    .join(' ');
}

/**
 * The answer to a path no route serves: 404 `{ message: 'Not found: GET /path' }` (without the
 * query; the seed tells it from a missing resource's 404 by this prefix).
 */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Maps every error ONCE to `{ message }` with its status (one place, so every route answers errors alike): validation 400 naming the
 * field, domain errors with their own status, concurrency 409, a failed If-Match 412 with the
 * current representation (answerPreconditionFailed), event store down 503, client
 * errors from Fastify (bad JSON 400, body too large 413) with their message, a change stored but
 * not yet shown by the read models 202 `{ status: 'accepted', position, message }`, and anything else
 * 500 with a generic message (details only in the log).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = fieldName(first.instancePath);
      return reply.code(400).send({ message: field ? `${field}: ${first.message}` : first.message });
    }
    if (error instanceof PreconditionFailedError) return answerPreconditionFailed(app, request, reply);
    if (error instanceof NotYetVisibleError) {
      request.log.warn({ position: formatPosition(error.position) }, 'stored but not yet visible: 202');
      return reply.code(202).send({ status: 'accepted', position: formatPosition(error.position), message: error.message });
    }
    if (error instanceof DomainError || error instanceof ConcurrencyError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    if (error instanceof StoreUnavailableError || error instanceof BlobStoreUnavailableError) {
      request.log.error({ err: error }, 'store unavailable');
      return reply.code(503).send({ message: error.message });
    }
    if (!isResponseSerializationError(error) && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on the server. Please try again.' });
  });
}
