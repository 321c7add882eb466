import type { FastifyInstance } from 'fastify';
import { READ_POSITION_HEADER } from '@pitwall/contracts';
import type { LiveFeed } from './live-feed.ts';

/**
 * Adds READ_POSITION_HEADER to every API GET but the live stream itself, taken before the handler
 * reads (so it is never newer than what the answer shows) from the live feed's memory: no query.
 * A page opens its stream from the oldest it was answered; one older than the feed keeps answers 'reset'.
 * No header until the feed has read the projector's checkpoint once (the first request starts it).
 */
export function addReadPositionHeader(app: FastifyInstance, live: Pick<LiveFeed, 'readPosition'>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/') || request.url.startsWith('/api/live')) return;
    const position = live.readPosition();
    if (position !== null) reply.header(READ_POSITION_HEADER, position);
  });
}
