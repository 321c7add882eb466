import fp from 'fastify-plugin';
import type { Sql } from '@pitwall/eventstore';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readModelSetRevisions, readModelStreamRevision, type StreamSet } from '@pitwall/read-models';
import { NotYetVisibleError, type Precondition } from '../command/command-handler.ts';
import { parseTagList, setTag, streamTag } from './etags.ts';
import type { ResourceScope } from './resource-scopes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag of the answer: a GET's from the read models, a change's from its command. */
    etag: string | null;
    /** A PUT/PATCH/DELETE's If-Match precondition, handed to its first command (see preconditionOf). */
    precondition: Precondition | null;
  }
}

const READING = new Set(['GET', 'HEAD']);
const CHANGING = new Set(['PUT', 'PATCH', 'DELETE']);

/** The If-Match precondition of the request for its next command, once (null afterwards, and for routes without a resource). */
export function preconditionOf(request: FastifyRequest): Precondition | null {
  const precondition = request.precondition;
  request.precondition = null;
  return precondition;
}

/**
 * The resource's current ETag as the read models reflect it; null when they know none of its
 * streams. A handler reading it itself (to choose when) reads it before the rows it answers.
 */
export async function readModelTag(db: Sql, scope: ResourceScope): Promise<string | null> {
  if ('stream' in scope) {
    const revision = await readModelStreamRevision(db, scope.stream);
    return revision === null ? null : streamTag(scope.stream, revision);
  }
  return setTag(scope.label, await readModelSetRevisions(db, scope));
}

/**
 * The precondition of a PUT/PATCH/DELETE on `scope`: the client's If-Match tags must contain the
 * resource's ETag as it is in the event store (the stream the command appends to, at the
 * revision it loaded; for a list, its other streams as the read models have them), or the ETag of
 * the list `memberOf` the one-stream resource is read through, computed the same way.
 */
function preconditionFor(app: FastifyInstance, request: FastifyRequest, scope: ResourceScope, memberOf: StreamSet | undefined, tags: string[] | null): Precondition {
  const listHolds = async (list: StreamSet, streamName: string, revision: number) => {
    const revisions = await readModelSetRevisions(app.pitwall.db, list);
    if (revision >= 0) revisions.set(streamName, revision);
    return tags!.includes(setTag(list.label, revisions));
  };
  return {
    checks: tags !== null,
    async holds(streamName, revision) {
      if (!('stream' in scope)) return listHolds(scope, streamName, revision);
      if (scope.stream !== streamName) return false;
      return tags!.includes(streamTag(streamName, revision)) || (memberOf !== undefined && (await listHolds(memberOf, streamName, revision)));
    },
    observed(streamName, revision) {
      if ('stream' in scope && scope.stream === streamName) request.etag = streamTag(streamName, revision);
    },
  };
}

/**
 * 412 Precondition Failed: the body is exactly the current answer of the GET of the
 * resource's representation (the request's URL, or the route's `representation`), with its
 * ETag, once the read models show the event store's head; nothing was appended.
 */
export async function answerPreconditionFailed(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const deps = app.pitwall;
  // Behind (a frozen projector): the representation as the read models hold it, with its own ETag.
  await deps.commands.visible(await deps.store.headPosition()).catch((error: unknown) => {
    if (!(error instanceof NotYetVisibleError)) throw error;
  });
  const url = request.routeOptions.config.etag?.representation?.(request) ?? request.url;
  const current = await app.inject({ method: 'GET', url, headers: { cookie: request.headers.cookie ?? '', host: request.headers.host ?? 'localhost' } });
  const etag = current.headers.etag;
  if (typeof etag === 'string') reply.header('etag', etag);
  return reply.code(412).type(String(current.headers['content-type'] ?? 'application/json; charset=utf-8')).send(current.body);
}

/**
 * ETags and conditional requests (RFC 9110 §13) on every route with a `config.etag`:
 * a GET answers the resource's ETag (read from the read models before the handler reads the rows,
 * so it is never newer than the body; a handler may instead set `request.etag` itself, from the
 * statement that reads its rows, as the two busiest GETs do) and 304 with no body when If-None-Match names it; a
 * PUT/PATCH/DELETE with an If-Match other than `*` runs its command only if the tag is current
 * (checked against the event store, race-free: see CommandHandler.handle), else 412 with the current
 * representation (answerPreconditionFailed); a successful change of a one-stream resource answers
 * its new ETag. Register before response compression (a 304 is decided on the plain answer).
 */
export const etagPlugin = fp(
  async (app) => {
    app.decorateRequest('etag', null);
    app.decorateRequest('precondition', null);

    // Callback-style hooks: most requests need no ETag work, and they then cost no promise (the
    // query API's reads run at the framework's pace).
    app.addHook('preHandler', (request, _reply, done) => {
      const route = request.routeOptions.config.etag;
      if (!route || request.userId === null) return done();
      if (READING.has(request.method)) {
        readModelTag(app.pitwall.db, route.scope(request)).then((tag) => {
          request.etag = tag;
          done();
        }, done);
        return;
      }
      if (CHANGING.has(request.method)) {
        const tags = parseTagList(request.headers['if-match']);
        request.precondition = preconditionFor(app, request, route.scope(request), route.memberOf?.(request), tags === '*' ? null : tags);
      }
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const etag = request.etag;
      if (etag === null || reply.statusCode !== 200) return done(null, payload);
      reply.header('etag', etag);
      if (!READING.has(request.method)) return done(null, payload);
      const wanted = parseTagList(request.headers['if-none-match']);
      // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" names "x" too.
      if (wanted === '*' || wanted?.some((tag) => tag.replace(/^W\//, '') === etag)) {
        reply.code(304);
        return done(null, null);
      }
      done(null, payload);
    });
  },
  { name: 'pitwall-etag', dependencies: ['pitwall-auth'] },
);
