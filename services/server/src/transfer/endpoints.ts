import path from 'node:path';
import { EVENT_SCHEMAS } from '@pitwall/domain';
import { createPostgresEventStore, type Database, type EventStore } from '@pitwall/eventstore';
import { blobStoreFromEnv, type BlobStore } from '@pitwall/media';
import { ID_KINDS, type IdKind } from '../command/ids.ts';
import { migrate, openDatabase, type DatabaseChoice } from '../infrastructure.ts';
import { pgliteDataDir } from '../embedded-database.ts';
import { mapIds } from './id-rules.ts';

/**
 * One side of a migration, as the operator names it:
 * - a directory: the embedded instance's data dir (PGlite in `<dir>/pgdata`, images in `<dir>/blobs`);
 *   the server on it must be stopped (one process owns a data dir);
 * - `postgres://…` / `postgresql://…`: PostgreSQL holding the events and the read models;
 *   images in S3/MinIO when `S3_ENDPOINT` is set (`S3_*`), else on disk under `DATA_DIR`;
 * - `esdb://…` / `kurrentdb://…` (and `+discover`): EventStoreDB/KurrentDB holding the events; the
 *   read models and id sequences in `DATABASE_URL` when set; images as for PostgreSQL.
 */
export interface Endpoint {
  description: string;
  store: EventStore;
  /** The database of the read models and id sequences; null for EventStoreDB without DATABASE_URL. */
  db: Database | null;
  database: DatabaseChoice | null;
  blobs: BlobStore;
  close(): Promise<void>;
}

const isEsdb = (spec: string) => /^(esdb|kurrentdb|kurrent)(\+discover)?:\/\//.test(spec);
const isPostgres = (spec: string) => /^postgres(ql)?:\/\//.test(spec);

/** A URL without its password, for the report. */
function shown(spec: string): string {
  try {
    const url = new URL(spec);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return spec;
  }
}

/** Opens one side (see {@link Endpoint}) and migrates its database's tables; `env` gives DATABASE_URL, DATA_DIR and S3_*. */
export async function openEndpoint(spec: string, env: Record<string, string | undefined>): Promise<Endpoint> {
  const urlSide = isEsdb(spec) || isPostgres(spec);
  const blobs = urlSide ? blobStoreFromEnv(env, path.resolve(env.DATA_DIR ?? '.data')) : blobStoreFromEnv({}, path.resolve(spec));
  const database: DatabaseChoice | null = isPostgres(spec)
    ? { kind: 'postgres', url: spec }
    : isEsdb(spec)
      ? env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL }
        : null
      : { kind: 'pglite', dataDir: pgliteDataDir(path.resolve(spec)) };
  const db = database ? await openDatabase(database) : null;
  try {
    if (db) await migrate(db);
    if (isEsdb(spec)) {
      const { createEsdbEventStore } = await import('@pitwall/eventstore/esdb');
      const store = createEsdbEventStore(spec, { schemas: EVENT_SCHEMAS });
      return { description: `EventStoreDB ${shown(spec)}`, store, db, database, blobs, close: async () => (await store.close(), await db?.close()) };
    }
    return { description: isPostgres(spec) ? `PostgreSQL ${shown(spec)}` : `embedded data dir ${path.resolve(spec)}`, store: createPostgresEventStore(db!, { schemas: EVENT_SCHEMAS }), db, database, blobs, close: () => db!.close() };
  } catch (error) {
    await db?.close();
    throw error;
  }
}

/**
 * The highest id of each kind in `events` (found by the import's id rules); fields the rules do
 * not cover are left out. The target's id sequences are moved past them, so the next id a command
 * allocates there is new.
 */
export function highestIds(events: Iterable<{ type: string; data: unknown }>, into: Map<IdKind, number> = new Map()): Map<IdKind, number> {
  for (const e of events) {
    try {
      mapIds(e.type, e.data, (kind, id) => (into.set(kind, Math.max(into.get(kind) ?? 0, id)), id));
    } catch {
      // An id-like field the rules do not know: it allocates from no sequence either.
    }
  }
  return into;
}

/** Moves each id sequence of `db` to at least the highest id seen (never back). */
export async function advanceIdSequences(db: Database, highest: ReadonlyMap<IdKind, number>): Promise<void> {
  for (const kind of ID_KINDS) {
    const max = highest.get(kind);
    if (max === undefined || max < 1) continue;
    await db.query(`SELECT setval('${kind}_id_seq', GREATEST($1::bigint, (SELECT last_value FROM ${kind}_id_seq)))`, [max]);
  }
}
