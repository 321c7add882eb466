import { rememberRepresentation } from '../offline/offline-storage';
import { newIdempotencyKey, outbox, requestOf, type ChangeDescription } from '../offline/outbox';
import type { Json } from '../offline/three-way-merge';

/**
 * The one HTTP client of the web app. Every call sends the session cookie (`credentials: 'include'`).
 * A non-OK answer throws {@link ApiError} whose `message` is `${status}: ${body or statusText}`
 * (spec §8 "Generic"); `serverMessage` holds the `{ message }` of the body when it has one.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The `message` field of a JSON error body, if any: what the UI shows. */
  readonly serverMessage: string | undefined;

  constructor(status: number, text: string, serverMessage: string | undefined) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export interface ApiFetchOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when given. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A mutation that may wait for signal (issue 14): with no signal, or when the request cannot reach
   * the server, it goes to the outbox (offline/outbox.ts) and `offlineAnswer()` is answered instead.
   */
  change?: ChangeDescription<T>;
}

declare global {
  interface Window {
    /**
     * GET requests the shell's index.html started before any code loaded (shell/src/index-head.html), by
     * path; one that was not sent after all (the car list of a signed-out visitor) resolves to undefined.
     */
    __pitwallEarly?: Record<string, Promise<Response | undefined> | undefined>;
  }
}

/**
 * The answer to `GET path` that index.html already asked for (the session check, /config.json, the
 * dashboard's car list), or undefined when it did not (tests, a remote's standalone page, a request it
 * chose not to send) or when it was already taken: each early answer is used once, later calls fetch again.
 */
export async function earlyResponse(path: string): Promise<Response | undefined> {
  const early = typeof window === 'undefined' ? undefined : window.__pitwallEarly;
  const response = early?.[path];
  if (early && response) early[path] = undefined;
  return response?.catch(() => undefined);
}

function parseServerMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: the raw text is already in the error's message.
  }
  return undefined;
}

/**
 * Calls `path` on the same origin and answers the parsed JSON body (`undefined` for 204 or an empty body).
 * A GET that index.html already started (see {@link earlyResponse}) takes that answer instead; every
 * GET answer is remembered with its ETag (the base of a later offline edit). Every mutation carries a
 * fresh `Idempotency-Key`; one with `change` goes through the outbox when there is no signal (see
 * {@link ApiFetchOptions.change}).
 * @throws ApiError for any non-OK status; TypeError (from fetch) when the network fails.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET') {
    const init: RequestInit = { method, credentials: 'include' };
    if (options.signal) init.signal = options.signal;
    const response = (await earlyResponse(path)) ?? (await fetch(path, init));
    const answer = await answerOf<T>(response);
    rememberRepresentation(path, { etag: response.headers.get('ETag') ?? undefined, body: answer });
    return answer;
  }
  const key = newIdempotencyKey();
  const change = { id: key, idempotencyKey: key, method, url: path, body: options.body as Json | undefined };
  const description = options.change;
  if (description && (outbox.hasWaiting() || !navigator.onLine)) return queue(change, description);
  let response: Response;
  try {
    response = await fetch(path, { ...requestOf({ ...change, ifMatch: undefined }), ...(options.signal ? { signal: options.signal } : {}) });
  } catch (error) {
    if (description && isNetworkError(error)) return queue(change, description);
    throw error;
  }
  return answerOf<T>(response);
}

/** Keeps the change in the outbox (same Idempotency-Key: a request that did reach the server is not applied twice) and answers its offline answer. */
async function queue<T>(change: { id: string; idempotencyKey: string; method: Exclude<ApiFetchOptions['method'], 'GET' | undefined>; url: string; body: Json | undefined }, description: ChangeDescription<T>): Promise<T> {
  await outbox.enqueue({ id: change.id, method: change.method, url: change.url, body: change.body, name: description.name, invalidates: description.invalidates });
  return description.offlineAnswer();
}

/** The parsed JSON body of an OK answer. @throws ApiError otherwise. */
async function answerOf<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parseServerMessage(text));
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

/** True when fetch itself failed (no answer from the server), as opposed to an error status. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
