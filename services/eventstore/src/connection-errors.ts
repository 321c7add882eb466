/** Node socket error codes meaning the database server could not be reached or went away. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** PostgreSQL SQLSTATEs meaning the server is unavailable (class 08 is checked by prefix). */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages that pg and PGlite use, without a code, for a lost or closed connection. */
const messages = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Cannot use a pool after calling end/,
  /not queryable/,
  /^PGlite is closed/,
];

/**
 * Tells whether `error` means the database could not be reached (refused, reset, DNS, timeout,
 * server shutting down, too many connections, pool or PGlite closed) rather than a failing
 * statement. Looks into AggregateError (Node's happy-eyeballs connect) and `cause`.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketCodes.has(code) || serverCodes.has(code) || code.startsWith('08'))) return true;
  if (messages.some((m) => m.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some(isConnectionError)) return true;
  return error.cause !== undefined && isConnectionError(error.cause);
}
