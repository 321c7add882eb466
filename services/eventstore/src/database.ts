/**
 * The SQL port shared by the event store adapter, the projector and the query side, with two
 * adapters: PGlite (embedded, one process owns a data dir) and PostgreSQL through `pg`.
 * int8/bigint columns come back as JS numbers from both (normalised); cast xid8 to text in SQL.
 */
export interface Sql {
  /** Runs one parameterised statement ($1, $2, …) and answers its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[]; rowCount: number }>;
  /** Runs several statements without parameters (DDL, migrations). */
  exec(text: string): Promise<void>;
}

/** A database connection (pool) that can run transactions. */
export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: commit when it resolves, roll back when it rejects. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Releases the connection(s) and, for PGlite, the data-dir lock. */
  close(): Promise<void>;
  /**
   * PGlite only: the whole database as a gzipped tarball of its data dir (PGlite's dumpDataDir),
   * taken after a CHECKPOINT while no transaction runs, so it holds exactly the transactions
   * committed before it. Open it with `openPgliteDatabase(dir, { loadDataDir })`.
   */
  snapshot?(): Promise<Blob>;
}
