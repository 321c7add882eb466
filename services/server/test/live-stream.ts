import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { LiveChange } from '@pitwall/contracts';

/**
 * A client of `GET /api/live` over fetch (Node has no EventSource): opens the stream (`path`,
 * default '/api/live') with the given cookie (and `Last-Event-ID`), parses it with eventsource-parser and keeps every message.
 * `next(predicate)` waits for a message matching it (rejects after `timeoutMs`); `ended` resolves
 * when the server closes the stream.
 */
export async function openLiveStream(baseUrl: string, cookie: string, options: { lastEventId?: string; timeoutMs?: number; path?: string } = {}) {
  const controller = new AbortController();
  const response = await fetch(new URL(options.path ?? '/api/live', baseUrl), {
    headers: { cookie, accept: 'text/event-stream', ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}) },
    signal: controller.signal,
  });
  const messages: EventSourceMessage[] = [];
  const waiters: { match: (m: EventSourceMessage) => boolean; resolve: (m: EventSourceMessage) => void }[] = [];
  const parser = createParser({
    onEvent(message) {
      messages.push(message);
      for (const w of waiters.filter((x) => x.match(message))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    },
  });
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(decoder.decode(read.value, { stream: true }));
    } catch {
      // Aborted by close(): the end of the stream as well.
    }
  })();
  const changes = () => messages.filter((m) => m.event === 'change').map((m) => JSON.parse(m.data) as LiveChange);
  return {
    response,
    messages,
    changes,
    ended,
    next(match: (m: EventSourceMessage) => boolean, timeoutMs = options.timeoutMs ?? 10_000): Promise<EventSourceMessage> {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching live message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => controller.abort(),
  };
}

/** A matcher for a change event of `type` (and optionally more of its fields). */
export const changeOf = (type: string, fields: Partial<LiveChange> = {}) => (m: EventSourceMessage) => {
  if (m.event !== 'change') return false;
  const change = JSON.parse(m.data) as Record<string, unknown>;
  return change.type === type && Object.entries(fields).every(([k, v]) => change[k] === v);
};
