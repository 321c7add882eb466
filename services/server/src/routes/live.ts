import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, LIVE_EVENTS, LiveChange } from '@pitwall/contracts';
import { requireUser, userIdOf } from '../identity/auth-plugin.ts';
import { activeMembership } from '@pitwall/read-models';

/** Heartbeat comment interval of a live stream, ms: under the servers' 60 s idle-connection timeout and the usual 60 s of proxies. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field), ms. */
const LIVE_RETRY_MS = 2_000;

/**
 * `lastEventId`: the resume point of a stream the page opens again itself (an EventSource cannot
 * set headers; its own reconnects send `Last-Event-ID`, which wins).
 */
const LiveQuery = z.object({ lastEventId: z.string().max(64, 'lastEventId must be an event id of this stream').optional() });

/**
 * `GET /api/live`: the signed-in user's Server-Sent Events stream of their teams' changes (and, for
 * a series organiser, their series'), each an event `change` with a LiveChange as data and its event
 * store position as `id`, sent once the read models include it. A `Last-Event-ID` header resumes
 * after that change (what was missed is sent first), or answers one `reset` event when the server no
 * longer keeps that far back (refetch what is shown). A comment every LIVE_HEARTBEAT_MS keeps
 * proxies from closing it. The feed and its rules: src/live/live-feed.ts.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.pitwall;
  app.addHook('onRequest', requireUser);

  app.get('/api/live', {
    sse: { kind: 'only' },
    schema: {
      querystring: LiveQuery,
      tags: ['live'],
      summary: "The caller's teams' changes as they are made (text/event-stream of `change` events; `reset` when a resume is too old)",
      response: { 200: LiveChange, 401: ErrorAnswer, 406: ErrorAnswer },
    },
    handler: async (request, reply) => {
      const userId = userIdOf(request);
      const [teams, series] = await Promise.all([
        deps.db.query<{ team_id: number }>(`SELECT team_id FROM team_members WHERE user_id = $1 AND ${activeMembership('team_members')}`, [String(userId)]),
        deps.db.query<{ id: number }>('SELECT id FROM series WHERE organiser_id = $1', [String(userId)]),
      ]);
      const sse = reply.sse;
      const raw = reply.raw;
      // Each write held back by a slow socket waits on 'drain'; the feed closes a stream past LIVE_MAX_BUFFERED_BYTES, which bounds them.
      raw.setMaxListeners(0);
      sse.keepAlive();
      // Headers and the reconnect delay at once: the browser's EventSource opens now, not at the first change.
      sse.sendHeaders();
      raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
      const write = (message: { id?: string; event: string; data: unknown }) => {
        // Written at once (the library writes before its first await); a stream closed meanwhile refuses, which is its end.
        sse.send(message).catch(() => undefined);
        return raw.writableLength;
      };
      let closed = false;
      let remove = () => {};
      sse.onClose(() => {
        closed = true;
        remove();
      });
      remove = await deps.live.subscribe(
        {
          userId,
          authSessionId: request.authSessionId!,
          teams: new Set(teams.rows.map((r) => Number(r.team_id))),
          series: new Set(series.rows.map((r) => Number(r.id))),
          send: (change) => write({ id: change.position, event: LIVE_EVENTS.change, data: change }),
          drained: (timeoutMs) => drained(raw, timeoutMs),
          reset: () => void write({ event: LIVE_EVENTS.reset, data: {} }),
          close: () => sse.close(),
        },
        String(request.headers['last-event-id'] ?? request.query.lastEventId ?? '') || null,
      );
      if (closed) remove();
    },
  });
};

/**
 * Resolves true once `raw` no longer needs a drain (at once when it holds little), false when it
 * closed or did not drain within `timeoutMs`.
 */
function drained(raw: ServerResponse, timeoutMs: number): Promise<boolean> {
  if (raw.destroyed || raw.writableEnded) return Promise.resolve(false);
  if (!raw.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      clearTimeout(timer);
      raw.off('drain', onDrain);
      raw.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    const timer = setTimeout(onClose, timeoutMs);
    raw.once('drain', onDrain);
    raw.once('close', onClose);
  });
}
