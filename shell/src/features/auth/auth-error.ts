import { ApiError, isNetworkError } from '@pitwall/kit';

/** docs/product.md, 'Errors and messages': the server's message, else `fallback`; a network failure has its own text. */
export function authErrorText(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return 'Connection error. Please try again.';
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
