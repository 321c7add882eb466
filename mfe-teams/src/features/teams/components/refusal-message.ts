import { ApiError } from '@pitwall/kit';

/**
 * docs/product.md, 'Errors and messages': member update and removal failures show no message. Pitwall makes one exception: when
 * the server refuses with a 4xx and says why (e.g. 'The team owner cannot remove their own
 * membership', 'Only the team owner can edit team members'), that reason is worth showing. A 401
 * signs the user out instead (the kit's query client), so it is not shown here either.
 * Answers the text to show, or null for "show nothing".
 */
export function refusalMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.serverMessage;
}
