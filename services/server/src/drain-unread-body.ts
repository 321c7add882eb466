import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long an answer waits at most for the rest of a body it will not use. */
const DRAIN_TIMEOUT_MS = 10_000;

/** Whether the whole body was received: `complete` on a socket, `readableEnded` on any stream (app.inject). */
function isBodyRead(body: IncomingMessage): boolean {
  return body.complete || body.readableEnded;
}

/**
 * Reads and discards what is left of `body` (a request stream nobody reads any more), at most
 * `capBytes` and `timeoutMs`. Answers true when the body was read to its end, false when the cap,
 * the time limit or a stream error stopped it (the connection must then be closed).
 */
function drainBody(body: IncomingMessage, capBytes: number, timeoutMs = DRAIN_TIMEOUT_MS): Promise<boolean> {
  if (isBodyRead(body)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      body.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onClose);
      if (!complete) body.pause();
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > capBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const onClose = () => finish(isBodyRead(body));
    const timer = setTimeout(onFail, timeoutMs);
    // A parser that gave up (the multipart parser after the file passed the limit) may still be
    // piped from the request and would hold it paused.
    body.unpipe();
    body.on('data', onData).on('end', onEnd).on('error', onFail).on('close', onClose);
    body.resume();
  });
}

/**
 * Makes every answer wait until the request body was read, bounded: an answer given before the
 * body was read (413 beyond a size limit, 401 before an upload) would otherwise close the socket
 * while the client is still sending, and the client sees ECONNRESET/EPIPE instead of the answer.
 * The rest of the body is read and discarded up to `capBytes(request)` bytes and
 * {@link DRAIN_TIMEOUT_MS}; beyond either, the connection is closed after the answer.
 */
export function drainUnreadBodies(app: FastifyInstance, capBytes: (request: FastifyRequest) => number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isBodyRead(request.raw)) return payload;
    const complete = await drainBody(request.raw, capBytes(request));
    // Read to its end, the connection can serve the next request; Fastify asks to close it on a body-parser error.
    if (complete) reply.removeHeader('connection');
    else reply.header('connection', 'close');
    return payload;
  });
}
