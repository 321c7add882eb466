import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@pitwall/eventstore';

/** Which database a bench runs on: PGlite in a temporary data dir, or PostgreSQL at a URL. */
export type BenchBackend = { kind: 'pglite' } | { kind: 'postgres'; url: string };

/** A database opened for one measurement, with what it took to get rid of it again. */
export interface BenchDatabase {
  db: Database;
  /** 'PGlite (temp dir)' or 'PostgreSQL'. */
  label: string;
  /** For PostgreSQL, the URL whose search_path is the fresh schema (for other clients). */
  url?: string;
  /** Closes the database and removes the temp dir / drops the schema. */
  dispose(): Promise<void>;
}

/** Runs one statement on its own connection (schema DDL outside any pool). */
export async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The server's version line, e.g. 'PostgreSQL 15.20'; null when the server cannot be reached. */
export async function postgresVersion(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>(`SELECT split_part(version(), ' on ', 1) AS v`);
    return rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Creates a schema of its own (`bench_<prefix>_<random>`) and answers a URL whose search_path is that
 * schema (`?options=-c search_path=…`), and a drop that removes it with everything in it.
 */
export async function freshSchema(url: string, prefix: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `bench_${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `CREATE SCHEMA ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), schema, drop: () => onServer(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/** A fresh temporary directory and its removal. */
export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `pitwall-bench-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Opens an empty database of the backend's kind: PGlite in a new temp dir, or a fresh PostgreSQL schema. */
export async function openBenchDatabase(backend: BenchBackend, prefix: string, options: { max?: number } = {}): Promise<BenchDatabase> {
  if (backend.kind === 'pglite') {
    const tmp = await tempDir(prefix);
    const db = await openPgliteDatabase(path.join(tmp.dir, 'pgdata'));
    return {
      db,
      label: 'PGlite (temp dir)',
      async dispose() {
        await db.close();
        await tmp.remove();
      },
    };
  }
  const schema = await freshSchema(backend.url, prefix);
  const db = await openPostgresDatabase(schema.url, { max: options.max ?? 10 });
  return {
    db,
    label: 'PostgreSQL',
    url: schema.url,
    async dispose() {
      await db.close();
      await schema.drop();
    },
  };
}

/** The backends a section runs on: PGlite always, PostgreSQL when `url` is given. */
export function backendsFor(url: string | undefined): BenchBackend[] {
  return [{ kind: 'pglite' }, ...(url ? [{ kind: 'postgres' as const, url }] : [])];
}

/** The line every PostgreSQL measurement prints when it has no server. */
export const NO_POSTGRES = 'BENCH_DATABASE_URL not set';
