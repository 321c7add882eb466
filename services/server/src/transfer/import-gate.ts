import { DomainError } from '@pitwall/domain';
import type { Database } from '@pitwall/eventstore';

/** Seconds a refused import is told to wait (`Retry-After`): about what a large import takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 30;

/** Another import is running (429, `retryAfterSeconds` goes out as `Retry-After`). */
export class ImportBusyError extends DomainError {
  readonly statusCode = 429;
  readonly retryAfterSeconds = IMPORT_RETRY_AFTER_SECONDS;
  constructor() {
    super('Another team import is running on this server. Please try again in a minute.');
  }
}

/**
 * The advisory lock of the import slot, per schema: advisory locks span the whole database, and
 * deployments (and test suites) sharing a database each have a schema of their own.
 */
export const IMPORT_LOCK_SQL = "hashtext('pitwall-import:' || current_schema())";

/** The in-process slot: a PGlite database has one process, and the holder of a PostgreSQL slot keeps it here too. */
let running = false;

/**
 * Runs `fn` as the deployment's only team import, or throws ImportBusyError at once when one runs.
 * Why one: an import reads a stranger's file with CPU and disk (bounded per import, not across
 * them). With PostgreSQL every process of the schema shares the slot through a transaction-level advisory lock
 * held on one pooled connection for the whole import (released by the database if the process
 * dies); with the embedded PGlite database (one process, one connection) the slot is this process's.
 */
export async function asTheOnlyImport<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (running) throw new ImportBusyError();
  running = true;
  try {
    if (db.kind !== 'postgres') return await fn();
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_SQL}) AS ok`);
      if (!rows[0]?.ok) throw new ImportBusyError();
      return fn();
    });
  } finally {
    running = false;
  }
}
