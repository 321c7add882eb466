import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatPosition } from '@pitwall/eventstore';
import { lagNotes, parkedCounts, parkedNotes, projectionLag, READ_MODELS_PROJECTION } from '@pitwall/read-models';
import { z } from 'zod';

/**
 * /healthz: the process is up. /readyz: the database answers (503 when it does not); includes the
 * projector's checkpoint, the events each projection parked (`parked`, by projection) and a line
 * per degraded part (`degraded`: Redis missing, a projection with parked events, read models more
 * than READY_LAG_DEGRADED_MS behind the event store, an active projector that stopped renewing its
 * lease); `head` is the event store's last position and `lagMs` the age of the oldest event the
 * read models do not show yet. A degraded
 * projection still answers 200: every instance reads the same read models, so dropping one from
 * the load balancer would take the whole service down for one event the other projections applied.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store, projection, role, degraded, notifierKind, config } = app.pitwall;
  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', {
    schema: { hide: true, response: { 200: z.object({ status: z.literal('ready'), role: z.string(), database: z.string(), notifications: z.string(), projection: z.string(), head: z.string(), lagMs: z.number().int(), parked: z.record(z.string(), z.number().int()), degraded: z.array(z.string()) }), 503: z.object({ status: z.literal('unavailable'), message: z.string() }) } },
    handler: async (_request, reply) => {
      try {
        const [parked, lag, head] = await Promise.all([parkedCounts(db, READ_MODELS_PROJECTION), projectionLag(db, store, READ_MODELS_PROJECTION, Date.now()), store.headPosition()]);
        const notes = [...degraded, ...parkedNotes(parked), ...lagNotes(lag, config.READY_LAG_DEGRADED_MS)];
        return { status: 'ready' as const, role, database: db.kind, notifications: notifierKind, projection: formatPosition(projection.position), head: formatPosition(head), lagMs: lag.behindMs, parked, degraded: notes };
      } catch (error) {
        return reply.code(503).send({ status: 'unavailable' as const, message: `database: ${(error as Error).message}` });
      }
    },
  });
};
