import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Sql } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** int8 comes back as a JS number, matching the pg adapter (positions above 2^53 are not expected). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * Opens PGlite (PostgreSQL in WASM, in this process) as a {@link Database}.
 *
 * - `dataDir` given: the database lives on disk there (the directory is created). One process owns
 *   a data dir: it holds `<dataDir>.lock`, which names it (see data-dir-lock.ts); a lock left by a
 *   dead process is taken over at once, `close()` releases it. Two PGlite instances on one dir would
 *   silently not see each other's writes, hence the lock.
 * - `dataDir` undefined: an in-memory database for tests, no lock.
 *
 * PGlite has one session, so transactions run one after another: a `query()` issued while a
 * `transaction()` runs waits for it to finish (PGlite's own transaction mutex), it never
 * interleaves into it. Inside `transaction(fn)` use only the `tx` argument: calling the outer
 * `db.query()` there waits for the transaction itself and never returns.
 *
 * Rejects with DataDirInUseError (one line naming the directory and the live holder's pid) when
 * another live process holds the dir, or with PGlite's error when the files are unreadable.
 */
export async function openPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  if (dataDir === undefined) return wrap(await PGlite.create({ parsers }), async () => {});

  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const release = await lockDataDir(dir);
  try {
    const pglite = await PGlite.create({ dataDir: dir, parsers });
    return wrap(pglite, release);
  } catch (error) {
    await release();
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
