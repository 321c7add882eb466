import { ApiError, serverMessageOf } from '../api/api-error';
import { representationOf, type Representation } from './offline-storage';
import { newIdempotencyKey, requestOf, type QueuedWrite, type SendingHost } from './write-queue-change';
import { threeWayMerge, type Json } from './three-way-merge';
import { mergeBase, viewOf, type VersionedBase } from './write-base';

/**
 * The write queue's sending code, a chunk of its own loaded on first use (a change is kept for later, or
 * changes wait when the user signs in): making a kept change, sending the waiting ones in order, and
 * acting on each answer (the merge of a 412, a refusal). The first screen of a page with an empty
 * write queue never loads it. The queue itself (its state, storage and listeners) stays in write-queue.ts.
 */

/**
 * The URL whose GET answers the representation a change of `url` is based on: the URL itself when a
 * GET of it was seen, else its parent collection (`…/checklist/12` → `…/checklist`), as a 412 answers.
 */
async function baseOf(url: string): Promise<{ representation: Representation | undefined; itemId: number | undefined }> {
  const own = await representationOf(url);
  if (own) return { representation: own, itemId: undefined };
  const [pathname, query] = url.split('?');
  const segments = pathname!.split('/');
  const last = segments.pop()!;
  const parent = `${segments.join('/')}${query ? `?${query}` : ''}`;
  return { representation: await representationOf(parent), itemId: /^\d+$/.test(last) ? Number(last) : undefined };
}

/** The item `itemId` of a list representation (a 412 of an item's URL answers its parent collection), or the representation. */
function narrow(representation: unknown, itemId: number | undefined): Json | undefined {
  if (itemId === undefined || !Array.isArray(representation)) return representation as Json | undefined;
  return (representation as { id?: unknown }[]).find((item) => item.id === itemId) as Json | undefined;
}

/** The numeric last segment of a URL's path (the item a change is about), if any. */
function itemIdOf(url: string): number | undefined {
  const last = url.split('?')[0]!.split('/').pop()!;
  return /^\d+$/.test(last) ? Number(last) : undefined;
}

/**
 * The change `userId` made, as kept for later: waiting, its Idempotency-Key its id. Its base is
 * `versioned` (the version its form was opened on) when given, else the last GET of its URL (or of
 * its parent collection) seen on this device.
 */
export async function queuedChange(change: Omit<QueuedWrite, 'id' | 'idempotencyKey' | 'ifMatch' | 'base' | 'view' | 'madeAt' | 'userId' | 'status'> & { id?: string }, userId: number, versioned?: VersionedBase): Promise<QueuedWrite> {
  const { representation, itemId } = versioned ? { representation: versioned.representation, itemId: undefined } : await baseOf(change.url);
  const id = change.id ?? newIdempotencyKey();
  return {
    ...change,
    id,
    idempotencyKey: id,
    ifMatch: representation?.etag,
    base: versioned ? viewOf(representation?.body, versioned.view) : narrow(representation?.body, itemId),
    ...(versioned?.view ? { view: versioned.view } : {}),
    madeAt: new Date().toISOString(),
    userId,
    status: 'waiting',
  };
}

/**
 * Sends the waiting changes of `writeQueue` in order, each once. Answers true when none waits any more,
 * false when the rest must wait for a retry (no network, a server error, the session ended).
 */
export async function sendWaiting(writeQueue: SendingHost): Promise<boolean> {
  for (;;) {
    const next = writeQueue.changes().find((change) => change.status === 'waiting');
    if (!next) return true;
    let response: Response;
    try {
      response = await writeQueue.send(next.url, requestOf(next));
    } catch {
      return false;
    }
    if ((await settle(writeQueue, next, response)) === 'stop') return false;
  }
}

/** Acts on the server's answer to `change`; 'stop' when the rest must wait (server error, session ended). */
async function settle(writeQueue: SendingHost, change: QueuedWrite, response: Response): Promise<'next' | 'stop'> {
  const replace = (updated: QueuedWrite) => writeQueue.save(writeQueue.changes().map((c) => (c.id === change.id ? updated : c)));
  if (response.ok) {
    if (writeQueue.isAwaited(change.id)) {
      const text = response.status === 204 ? '' : await response.text().catch(() => '');
      writeQueue.settleWaiter(change.id, { etag: response.headers.get('ETag') ?? undefined, body: text ? (JSON.parse(text) as unknown) : undefined });
    }
    await writeQueue.save(writeQueue.changes().filter((c) => c.id !== change.id));
    writeQueue.refresh(change.invalidates);
    return 'next';
  }
  if (response.status === 412) {
    const answer: unknown = await response.json().catch(() => undefined);
    const theirs = change.view ? viewOf(answer, change.view) : narrow(answer, (await baseOf(change.url)).itemId ?? itemIdOf(change.url));
    const etag = response.headers.get('ETag') ?? undefined;
    const { merged, conflicts } = threeWayMerge(mergeBase(change.base, theirs, change.view), change.body ?? null, theirs);
    // A 412 naming the very version that was sent would repeat for ever: keep the change, refused.
    await replace(
      etag === undefined || etag === change.ifMatch
        ? { ...change, status: 'refused', error: 'The server refused it as based on an old version, and named no newer one' }
        : conflicts.length === 0
          ? { ...change, body: merged, idempotencyKey: newIdempotencyKey(), ifMatch: etag, base: theirs }
          : { ...change, status: 'conflict', conflict: { fields: conflicts, merged, theirs, etag } },
    );
    return 'next';
  }
  if (response.status === 401 || response.status >= 500 || response.status === 409) return 'stop';
  const text = await response.text().catch(() => '');
  const status = `${response.status}: ${text || response.statusText}`;
  const error = serverMessageOf(text) ?? status;
  writeQueue.settleWaiter(change.id, new ApiError(response.status, status, error));
  await replace({ ...change, status: 'refused', error });
  return 'next';
}
