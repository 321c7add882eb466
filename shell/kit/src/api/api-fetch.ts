import { rememberRepresentation } from '../offline/offline-storage';
import { newIdempotencyKey, writeQueue, requestOf, type ChangeDescription } from '../offline/write-queue';
import type { Json } from '../offline/three-way-merge';
import { mergeBase, viewOf } from '../offline/write-base';
import { ApiError, SavedNotShownError, serverMessageOf } from './api-error';
import { READ_POSITION_HEADER } from '@pitwall/contracts/live-headers';
import { noteReadPosition } from '../live/read-position';
import { earlyResponse } from './early-response';
import { onlineManager } from '@tanstack/react-query';
import { reachFetch } from '../offline/reachability';

export { ApiError, SavedNotShownError } from './api-error';
export { NetworkError } from '../offline/reachability';

export interface ApiFetchOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when given. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A mutation that names itself. With `base` it is a versioned write: sent with If-Match, and a 412
   * is merged (see apiFetch). With `offlineAnswer` it may wait for signal: with no signal (the
   * browser's word or a request that just failed to reach the server: offline/reachability.ts),
   * or when the request cannot reach the server, it goes to the write queue (offline/write-queue.ts) and
   * `offlineAnswer()` is answered instead.
   */
  change?: ChangeDescription<T>;
}

/** How often a versioned write is merged and sent again after a 412 before it gives up (others keep saving in between). */
const MAX_MERGES = 3;

/**
 * Calls `path` on the same origin and answers the parsed JSON body (`undefined` for 204 or an empty body).
 * A GET that index.html already started (see {@link earlyResponse}) takes that answer instead; every
 * GET answer is remembered with its ETag (what a form opening later is based on) and its read position
 * noted (where the live stream starts: live/read-position.ts). Every mutation
 * carries a fresh `Idempotency-Key`; one with `change` goes through the write queue when there is no
 * signal (see {@link ApiFetchOptions.change}). A request that cannot reach the server takes the page
 * offline until the server answers again (offline/reachability.ts: queries then pause, keeping what
 * they show, and changes wait in the write queue).
 *
 * A versioned write (`change.base`) carries the ETag of the version its form was opened on as
 * If-Match. A 412 answers what the server holds now: the body is merged field by field against the
 * base (three-way-merge.ts: a field only one side changed takes that side) and sent again with the
 * new ETag; fields both sides changed go to the write queue as a conflict, and the call waits for the
 * user's choice (WriteQueue.ask). Once saved, `change.base.saved` hears the new version.
 * A 202 (stored, not shown yet: the server's read models are catching up) answers the change's
 * `offlineAnswer`, as if it had waited in the write queue.
 * @throws ApiError for any non-OK status; SavedNotShownError for a 202 to a change without an
 *   `offlineAnswer`; NetworkError (a TypeError) when the network fails;
 *   ChangeNotSavedError when the user leaves a conflict unchosen or discards it.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET') {
    const init: RequestInit = { method, credentials: 'include' };
    if (options.signal) init.signal = options.signal;
    const response = (await earlyResponse(path)) ?? (await reachFetch(path, init));
    const answer = await answerOf<T>(response);
    rememberRepresentation(path, { etag: response.headers.get('ETag') ?? undefined, body: answer });
    noteReadPosition(response.headers.get(READ_POSITION_HEADER));
    return answer;
  }
  const key = newIdempotencyKey();
  const change = { id: key, idempotencyKey: key, method, url: path, body: options.body as Json | undefined };
  const description = options.change;
  const offline = description?.offlineAnswer ? { ...description, offlineAnswer: description.offlineAnswer } : undefined;
  if (offline && (writeQueue.hasWaiting() || !navigator.onLine || !onlineManager.isOnline())) return queue(change, offline);
  const base = description?.base;
  let sent = { ...change, ifMatch: base?.representation?.etag, basis: viewOf(base?.representation?.body, base?.view) };
  for (let merges = 0; ; merges++) {
    let response: Response;
    try {
      response = await reachFetch(path, { ...requestOf(sent), ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      // Only a change not yet answered waits as it was made; a merged one is the form's to send again.
      if (offline && merges === 0 && isNetworkError(error)) return queue(change, offline);
      throw error;
    }
    if (response.status === 202) {
      // Stored, not shown yet (the server's read models are catching up): what the change would show offline.
      if (offline) return offline.offlineAnswer();
      throw new SavedNotShownError(serverMessageOf(await response.text()));
    }
    if (response.status !== 412 || !base || !description) {
      const answer = await answerOf<T>(response);
      base?.saved?.({ etag: response.headers.get('ETag') ?? undefined, body: answer });
      return answer;
    }
    const etag = response.headers.get('ETag') ?? undefined;
    const text = await response.text();
    // A 412 naming the version just sent, or one more after several merges: say so rather than loop.
    if (etag === undefined || etag === sent.ifMatch || merges >= MAX_MERGES) throw new ApiError(412, `412: ${text}`, 'Someone else saved a newer version meanwhile: reopen the form and try again');
    const theirs = viewOf(JSON.parse(text) as unknown, base.view);
    // The merge is loaded on first use: only a save that met a newer version needs it.
    const { threeWayMerge } = await import('../offline/three-way-merge');
    const { merged, conflicts } = threeWayMerge(mergeBase(sent.basis, theirs, base.view), sent.body ?? null, theirs);
    if (conflicts.length > 0) {
      const conflict = { fields: conflicts, merged, theirs, etag };
      const saved = await writeQueue.ask({ id: sent.id, idempotencyKey: newIdempotencyKey(), method, url: path, body: sent.body, ifMatch: sent.ifMatch, base: sent.basis, ...(base.view ? { view: base.view } : {}), name: description.name, invalidates: description.invalidates, conflict });
      base.saved?.(saved);
      return saved.body as T;
    }
    sent = { ...sent, idempotencyKey: newIdempotencyKey(), body: merged, ifMatch: etag, basis: theirs };
  }
}

/** Keeps the change in the write queue (same Idempotency-Key: a request that did reach the server is not applied twice) and answers its offline answer. */
async function queue<T>(change: { id: string; idempotencyKey: string; method: Exclude<ApiFetchOptions['method'], 'GET' | undefined>; url: string; body: Json | undefined }, description: ChangeDescription<T> & { offlineAnswer: () => T }): Promise<T> {
  await writeQueue.enqueue({ id: change.id, method: change.method, url: change.url, body: change.body, name: description.name, invalidates: description.invalidates }, description.base);
  return description.offlineAnswer();
}

/** The parsed JSON body of an OK answer. @throws ApiError otherwise. */
async function answerOf<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessageOf(text));
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The text to show for a failed call: the server's `{ message }`, the first issue of a validation
 * error (zod's `issues`), else the error's own message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray(error.issues)) {
    const first: unknown = error.issues[0];
    if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string') return first.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The text of a form's failure whose sentence is fixed ('Failed to add team member. Please try
 * again.'): that sentence, followed by the server's reason when it refused the input (a 400 with a
 * `{ message }`, such as 'password: Password must not contain the username'), so the user learns
 * what to change; a change stored but not shown yet (202) says that instead; any other failure
 * shows the sentence alone.
 */
export function failureText(sentence: string, error: unknown): string {
  if (error instanceof SavedNotShownError) return error.serverMessage ?? sentence;
  return error instanceof ApiError && error.status === 400 && error.serverMessage ? `${sentence} ${error.serverMessage}` : sentence;
}

/** True when fetch itself failed (no answer from the server), as opposed to an error status. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
