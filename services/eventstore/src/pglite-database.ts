import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { Database, Sql } from './database.ts';

/** Options of {@link openPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /**
   * Milliseconds after which a lock left by a killed process (SIGKILL, power loss) counts as
   * stale and is taken over. The owner refreshes the lock every `lockStaleMs / 2`. Default 10 000;
   * proper-lockfile's minimum is 2 000.
   */
  lockStaleMs?: number;
  /**
   * Milliseconds to keep retrying while the data dir is locked before rejecting. Default 0
   * (reject at once). Set it to a little above `lockStaleMs` where a supervisor restarts the
   * process right after a kill.
   */
  lockWaitMs?: number;
}

/** int8 comes back as a JS number, matching the pg adapter (positions above 2^53 are not expected). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * Opens PGlite (PostgreSQL in WASM, in this process) as a {@link Database}.
 *
 * - `dataDir` given: the database lives on disk there (the directory is created). One process owns
 *   a data dir: it is locked with proper-lockfile (a `<dataDir>.lock` directory next to it, refreshed
 *   while open, released by `close()` and on process exit). Two PGlite instances on one dir would
 *   silently not see each other's writes, hence the lock.
 * - `dataDir` undefined: an in-memory database for tests, no lock.
 *
 * PGlite has one session, so transactions run one after another: a `query()` issued while a
 * `transaction()` runs waits for it to finish (PGlite's own transaction mutex), it never
 * interleaves into it. Inside `transaction(fn)` use only the `tx` argument: calling the outer
 * `db.query()` there waits for the transaction itself and never returns.
 *
 * Rejects with `Error('Data directory <dir> is in use by another Pitwall process')` when the dir is
 * locked (and the lock is not stale), or with PGlite's error when the files are unreadable.
 */
export async function openPgliteDatabase(dataDir: string | undefined, options: PgliteDatabaseOptions = {}): Promise<Database> {
  if (dataDir === undefined) return wrap(await PGlite.create({ parsers }), async () => {});

  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const release = await lockDataDir(dir, options);
  try {
    const pglite = await PGlite.create({ dataDir: dir, parsers });
    return wrap(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

async function lockDataDir(dir: string, options: PgliteDatabaseOptions): Promise<() => Promise<void>> {
  const stale = options.lockStaleMs ?? 10_000;
  const waitMs = options.lockWaitMs ?? 0;
  const retries = waitMs > 0 ? { retries: Math.ceil(waitMs / 500), minTimeout: 500, maxTimeout: 500, factor: 1 } : 0;
  try {
    return await lockfile.lock(dir, { stale, retries });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') {
      throw new Error(`Data directory ${dir} is in use by another Pitwall process`, { cause: error });
    }
    throw error;
  }
}

function wrap(pglite: PGlite, release: () => Promise<void>): Database {
  const sqlOn = (target: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(text, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(text: string) {
      await target.exec(text);
    },
  });
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...sqlOn(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(sqlOn(tx))),
    close() {
      closed ??= pglite.close().finally(release);
      return closed;
    },
  };
}
