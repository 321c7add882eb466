/**
 * A non-OK answer of the API (thrown by apiFetch, and by a change the write queue sent for a waiting
 * form): `message` is `${status}: ${body or statusText}`; `serverMessage` holds
 * the `{ message }` of the body when it has one.
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

/**
 * 202 Accepted to a change: the server stored it but could not show it yet (its read models are
 * catching up). Thrown only for a change that has no answer to show meanwhile (no `offlineAnswer`);
 * `serverMessage` is the server's 'Saved. It will show once the server has caught up.'
 */
export class SavedNotShownError extends ApiError {
  constructor(serverMessage: string | undefined) {
    super(202, `202: ${serverMessage ?? 'Accepted'}`, serverMessage);
    this.name = 'SavedNotShownError';
  }
}

/**
 * The `message` of an error answer's JSON body (`{ message }`, what every API error answers), or
 * undefined when the body is not JSON or has no string `message` (the caller shows the status then).
 */
export function serverMessageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: no server message.
  }
  return undefined;
}
