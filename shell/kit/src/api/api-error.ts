/**
 * A non-OK answer of the API (thrown by apiFetch, and by a change the outbox sent for a waiting
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
