import type pg from 'pg';
import type { Database, Sql } from './database.ts';

/** Options of {@link openPostgresDatabase}. */
export interface PostgresDatabaseOptions {
  /** Most connections the pool opens. Default 10. */
  max?: number;
}

/** Parses int8 as a JS number for the pool's connections only (the global pg parser is left alone). */
const int8AsNumber = (types: typeof pg.types): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
});

/** Distinct statement texts prepared per process; beyond this, statements run unnamed (parsed and planned each time). */
const MAX_PREPARED = 200;

/**
 * Opens a PostgreSQL pool (`pg.Pool`) at `url` (postgres://user@host:port/db[?options=...]) as a
 * {@link Database}. Checks the connection once, so an unreachable server rejects here (with pg's
 * error, e.g. code ECONNREFUSED) rather than on first use. int8 columns come back as numbers.
 * `transaction(fn)` runs on one pooled client with BEGIN/COMMIT, or ROLLBACK when `fn` rejects.
 * Parameterised statements are prepared once per connection (named after their text, up to
 * 200 distinct texts), as postgres.js does: parse and plan time was a third of a one-event append.
 * Pitfall: a prepared `SELECT *` fails with "cached plan must not change result type" after its
 * table's columns change under a running process; restart after such a migration.
 * `pg` is loaded here, on first use: the embedded server (PGlite) never loads it (it would cost the embedded start).
 */
export async function openPostgresDatabase(url: string, options: PostgresDatabaseOptions = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000, types: int8AsNumber(pg.types) });
  // An idle client that loses its connection is dropped by the pool; without a listener the
  // 'error' event would crash the process. The next query reconnects or fails visibly.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `pitwall_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const sqlOn = (target: pg.Pool | pg.PoolClient): Sql => ({
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const name = params.length > 0 ? nameOf(text) : undefined;
      const result = await target.query({ text, values: [...params], ...(name === undefined ? {} : { name }) });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(text: string) {
      await target.query(text);
    },
  });
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    ...sqlOn(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(sqlOn(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A client whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
        client.release(broken);
      }
    },
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
