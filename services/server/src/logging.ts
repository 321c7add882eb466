import { stdSerializers, type LoggerOptions } from 'pino';
import { redactSecrets } from '@pitwall/read-models';
import type { Config } from './config.ts';

/**
 * Fields of a logged error that are kept: what says what failed and where, never a value. A
 * database error carries more (PGlite: `params` and `query`, e.g. a whole projection batch with its
 * users' password hashes; both drivers: `detail` 'Failing row contains (…)', `where`,
 * `internalQuery`); an application error may carry its input. Those are dropped.
 */
const ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType', 'errno', 'syscall', 'address', 'port'] as const;

/**
 * pino's `err` serializer with an allow-list: `{ type, message, stack, aggregateErrors?, …ERROR_FIELDS
 * present }`, the message and stack (with their causes, as pino writes them) without password
 * hashes (redactSecrets). A string passes through redactSecrets; any other non-error value is
 * logged as it is.
 */
export function serializeError(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (!(value instanceof Error)) return value;
  const full = stdSerializers.err(value) as unknown as Record<string, unknown> & { message: string; stack: string; type: string };
  const safe: Record<string, unknown> = { type: full.type, message: redactSecrets(full.message), stack: redactSecrets(full.stack) };
  for (const field of ERROR_FIELDS) {
    const v = full[field];
    if (typeof v === 'string' || typeof v === 'number') safe[field] = v;
  }
  if (value instanceof AggregateError) safe.aggregateErrors = value.errors.map(serializeError);
  return safe;
}

/**
 * Paths pino replaces with `[Redacted]` in every log line: session cookies and authorisation
 * headers, wherever a line carries headers (multipart logs busboy's options, headers included, at
 * trace); request bodies (passwords); and, wherever a line names them, password fields and the
 * keys that hold event data (`data`), a statement's parameters (`params`) or read-model rows
 * (`rows`). Errors go through {@link serializeError}.
 */
const REDACTED_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]',
  '*.headers.cookie', '*.headers.authorization',
  'req.body', 'body', '*.body',
  'password', '*.password', 'passwordHash', '*.passwordHash', 'password_hash', '*.password_hash',
  'data', '*.data', 'params', '*.params', 'rows', '*.rows',
];

/** The options of every Pitwall logger (the process's and Fastify's request logger): level, redaction, the error serializer. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}
