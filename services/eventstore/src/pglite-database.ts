import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Sql } from './database.ts';
import { asDataDirError, lockDataDir } from './data-dir-lock.ts';
import { preparedStatements } from './pglite-prepared.ts';

/** int8 comes back as a JS number, matching the pg adapter (positions above 2^53 are not expected). */
const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * Starts compiling PGlite's WebAssembly module now: the `pglite.wasm` (~9 MB) that PGlite would
 * otherwise read and compile inside {@link openPgliteDatabase}. The file is read synchronously (a
 * few ms) so that the compile starts at once, whatever the event loop is busy with; V8 compiles it
 * on background threads. Pass the promise as `wasmModule` to openPgliteDatabase. Rejects as
 * WebAssembly.compile does (a corrupt file); throws when the package's file is missing.
 */
export function compilePgliteWasm(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')));
}

/** Options of {@link openPgliteDatabase}. */
export interface OpenPgliteOptions {
  /** PGlite's module compiled ahead ({@link compilePgliteWasm}); PGlite compiles its own when omitted. */
  wasmModule?: Promise<WebAssembly.Module>;
  /** A snapshot ({@link Database.snapshot}) to start from: a restore into an empty data dir (or into memory). */
  loadDataDir?: Blob;
}

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
 * another live process holds the dir, DataDirUnusableError (one line naming the directory and the
 * problem) when it cannot be created or written (read-only file system, permissions, a file in its
 * path, a full disk), or with PGlite's error when the files are unreadable.
 */
export async function openPgliteDatabase(dataDir: string | undefined, options: OpenPgliteOptions = {}): Promise<Database> {
  // No data dir: PGlite in memory. The module is awaited only here, after the lock is taken.
  const create = async (dir?: string) => PGlite.create({ dataDir: dir, parsers, pgliteWasmModule: await options.wasmModule, loadDataDir: options.loadDataDir });
  if (dataDir === undefined) return wrap(await create(), async () => {});

  const dir = path.resolve(dataDir);
  const release = await createDir(dir)
    .then(() => lockDataDir(dir))
    .catch((error: unknown) => {
      throw asDataDirError(dir, error);
    });
  try {
    const pglite = await create(dir);
    return wrap(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * Creates `dir` and its missing parents. Node's recursive mkdir answers ENOENT for a directory it
 * cannot create on a read-only file system; creating the last level alone then gives the real
 * reason (EROFS, EACCES, …).
 */
async function createDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir);
  }
}

function wrap(pglite: PGlite, release: () => Promise<void>): Database {
  const prepared = preparedStatements(pglite);
  // Parameterised statements run prepared (pglite-prepared.ts), under PGlite's own mutexes: outside
  // a transaction they wait for a running one, as PGlite's query() does; inside, only for the query.
  const sqlOn = (target: Pick<PGlite, 'exec'>, inTransaction: boolean): Sql => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const run = () => pglite._runExclusiveQuery(() => prepared<Row>(text, params, inTransaction));
      if (!inTransaction) await pglite._checkReady(); // rejects "PGlite is closed" (a connection error) after close()
      const result = await (inTransaction ? run() : pglite._runExclusiveTransaction(run));
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(text: string) {
      await target.exec(text);
    },
  });
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...sqlOn(pglite, false),
    transaction: (fn) => pglite.transaction((tx) => fn(sqlOn(tx, true))),
    async snapshot() {
      await pglite.exec('CHECKPOINT');
      // Inside a transaction of its own: no other transaction runs between the checkpoint's files and the dump.
      return pglite.transaction(() => pglite.dumpDataDir('gzip')) as Promise<Blob>;
    },
    close() {
      closed ??= pglite.close().finally(release);
      return closed;
    },
  };
}
