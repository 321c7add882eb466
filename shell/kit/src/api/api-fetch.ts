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

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when given. */
  body?: unknown;
  signal?: AbortSignal;
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
 * A GET that index.html already started (see {@link earlyResponse}) takes that answer instead.
 * @throws ApiError for any non-OK status; TypeError (from fetch) when the network fails.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include' };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  const response = (init.method === 'GET' ? await earlyResponse(path) : undefined) ?? (await fetch(path, init));
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
