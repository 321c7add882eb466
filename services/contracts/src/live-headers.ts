/**
 * The header on every API GET answer naming the event store position (an SSE id of `GET /api/live`,
 * `commit/prepare`) the read models included at least when the request was read: a page opens its
 * stream from the oldest it was answered (`?lastEventId=`), so a change made in between is sent.
 * Free of zod, so the web's first bundle can use it.
 */
export const READ_POSITION_HEADER = 'pitwall-read-position';
