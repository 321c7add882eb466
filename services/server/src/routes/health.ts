import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatPosition } from '@pitwall/eventstore';
import { z } from 'zod';

/** /healthz: the process is up. /readyz: the database answers; includes the projector's checkpoint. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, projection, role, degraded, notifierKind } = app.pitwall;
  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', {
    schema: { hide: true, response: { 200: z.object({ status: z.literal('ready'), role: z.string(), database: z.string(), notifications: z.string(), projection: z.string(), degraded: z.array(z.string()) }), 503: z.object({ status: z.literal('unavailable'), message: z.string() }) } },
    handler: async (_request, reply) => {
      try {
        await db.query('SELECT 1');
        return { status: 'ready' as const, role, database: db.kind, notifications: notifierKind, projection: formatPosition(projection.position), degraded };
      } catch (error) {
        return reply.code(503).send({ status: 'unavailable' as const, message: `database: ${(error as Error).message}` });
      }
    },
  });
};
