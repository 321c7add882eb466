/**
 * A minimal HTTP client for the public /api, behaving like the browser app: JSON in and out, and
 * the cookies the server sets (the session) kept and sent back on every later call.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One answer: status and parsed JSON body (null when the body is empty; text when it is not JSON). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** The server answered, but not with 2xx. Carries the server's `message` when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly method: HttpMethod,
    readonly path: string,
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`${method} ${path} answered ${status}: ${serverMessage}`);
  }
}

/** The server could not be reached at all (refused, DNS, reset). */
export class ApiUnreachableError extends Error {
  override name = 'ApiUnreachableError';
}

/** The `message` of an error body `{ message }`, or the body as text. */
export function messageOf(answer: ApiAnswer): string {
  const { body } = answer;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  if (typeof body === 'string' && body) return body;
  return `HTTP ${answer.status}`;
}

/**
 * True when the answer says the route itself does not exist (Pitwall's not-found handler answers
 * 404 `{ message: 'Not found: PUT /api/…' }`), as opposed to a 404 about a missing resource such
 * as 'Car not found'.
 */
export function isMissingRoute(answer: ApiAnswer): boolean {
  return answer.status === 404 && messageOf(answer).startsWith('Not found: ');
}

/** Cookie jar plus fetch for one server. Not safe to share between users: it holds one session. */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  readonly baseUrl: string;

  /** @param baseUrl the server's origin, e.g. 'http://localhost:3000' (a trailing slash is ignored). */
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /**
   * Sends one request and answers whatever status comes back.
   * @throws ApiUnreachableError when there is no answer at all.
   */
  async request(method: HttpMethod, path: string, body?: unknown): Promise<ApiAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new ApiUnreachableError(`Cannot reach ${this.baseUrl} (${cause?.code ?? cause?.message ?? (error as Error).message}). Is Pitwall running (npm start)?`);
    }
    this.keepCookies(response.headers.getSetCookie());
    const textBody = await response.text();
    let parsed: unknown = null;
    if (textBody) {
      try {
        parsed = JSON.parse(textBody);
      } catch {
        parsed = textBody;
      }
    }
    return { status: response.status, body: parsed };
  }

  /**
   * Sends one request and answers its JSON body when the status is 2xx.
   * @throws ApiError with the server's message on any other status.
   */
  async call<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const answer = await this.request(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw new ApiError(method, path, answer.status, messageOf(answer));
    return answer.body as T;
  }

  private keepCookies(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a) || (/^\s*expires\s*=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
