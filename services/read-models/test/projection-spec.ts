import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DomainEvent } from '@pitwall/domain';
import { openPgliteDatabase, openPostgresDatabase, type Database, type EventMetadata } from '@pitwall/eventstore';
import { allProjections, batchStatements, migrateReadModels, type ProjectedEvent, type Projection } from '../src/index.ts';

/** An event given to a projection spec: the event, and where it is recorded when that matters (default: stream 'given', by user 1 of team 1). */
export type GivenEvent = DomainEvent | (DomainEvent & { streamName?: string; metadata?: Partial<EventMetadata> });

const DEFAULT_METADATA: EventMetadata = { userId: 1, teamId: 1, correlationId: 'spec', causationId: null, at: '2026-03-21T10:00:00.000Z' };

/** The events as the projector hands them over: global positions 1, 2, …; stream positions counted per stream. */
function recorded(events: readonly GivenEvent[]): ProjectedEvent[] {
  const streamPositions = new Map<string, number>();
  return events.map((given, i) => {
    const { streamName = 'given', metadata, ...event } = given as DomainEvent & { streamName?: string; metadata?: Partial<EventMetadata> };
    const streamPosition = streamPositions.get(streamName) ?? 0;
    streamPositions.set(streamName, streamPosition + 1);
    const position = { commit: BigInt(i + 1), prepare: BigInt(i + 1) };
    return { ...event, metadata: { ...DEFAULT_METADATA, ...metadata }, position, streamName, streamPosition } as ProjectedEvent;
  });
}

/**
 * given-events / then-rows specification of projections, on databases of their own — an
 * in-memory PGlite, and a fresh schema of the PostgreSQL at TEST_DATABASE_URL when it is set:
 * `await spec.given(e1, e2).then('SELECT … FROM issues ORDER BY id', [{ … }])`.
 *
 * `then` applies the events twice on each database — as one batch, and one event per batch — each
 * time to emptied read models, and expects the query to answer `rows` every time: a projection's
 * rows must not depend on the engine, nor on where the projector splits its batches.
 */
/**
 * One spec for the test file that calls it: opened before its tests (generously: opening a PGlite
 * takes tens of seconds on a loaded two-core machine) and closed after them. Answers `given`, usable
 * inside the file's tests.
 */
export function useProjectionSpec(): Pick<ProjectionSpec, 'given'> {
  let spec: ProjectionSpec | undefined;
  beforeAll(async () => {
    spec = await openProjectionSpec();
  }, 180_000);
  afterAll(() => spec?.close());
  return {
    given: (...events) => {
      if (!spec) throw new Error('the projection spec is opened in beforeAll: call given inside a test');
      return spec.given(...events);
    },
  };
}

export interface ProjectionSpec {
  given(...events: GivenEvent[]): { then(query: string, rows: unknown[]): Promise<void> };
  close(): Promise<void>;
}

/** A database a spec runs on, by name, and how it is dropped when the spec closes. */
interface SpecDatabase {
  name: string;
  db: Database;
  close(): Promise<void>;
}

/** A schema of its own on the PostgreSQL server at `url` (dropped on close), so specs never meet other tests' tables. */
export async function freshPostgresSchema(url: string): Promise<SpecDatabase> {
  const server = await openPostgresDatabase(url);
  const schema = `spec_${randomBytes(6).toString('hex')}`;
  await server.exec(`CREATE SCHEMA ${schema}`);
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema} -c TimeZone=UTC`);
  const db = await openPostgresDatabase(inSchema.toString());
  return {
    name: 'PostgreSQL', db,
    async close() {
      await db.close();
      await server.exec(`DROP SCHEMA ${schema} CASCADE`);
      await server.close();
    },
  };
}

/**
 * Opens the spec's databases (see {@link ProjectionSpec}) with the read models of `projections`
 * (default: every read model).
 */
async function openProjectionSpec(projections: readonly Projection[] = allProjections): Promise<ProjectionSpec> {
  const pglite = await openPgliteDatabase(undefined);
  const databases: SpecDatabase[] = [{ name: 'PGlite', db: pglite, close: () => pglite.close() }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) databases.push(await freshPostgresSchema(url));
  for (const { db } of databases) await db.transaction((tx) => migrateReadModels(tx, projections));
  const tables = projections.flatMap((p) => p.tables);
  const apply = async (db: Database, events: readonly ProjectedEvent[], batchSize: number) => {
    await db.exec(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
    for (let i = 0; i < events.length; i += batchSize) {
      await db.transaction(async (tx) => {
        for (const s of batchStatements(events.slice(i, i + batchSize), projections)) await tx.query(s.text, s.params);
      });
    }
  };
  return {
    given: (...given) => ({
      async then(query, rows) {
        const events = recorded(given);
        for (const { name, db } of databases) {
          await apply(db, events, Math.max(events.length, 1));
          expect((await db.query(query)).rows, `${name}, applied as one batch`).toEqual(rows);
          await apply(db, events, 1);
          expect((await db.query(query)).rows, `${name}, applied one event per batch`).toEqual(rows);
        }
      },
    }),
    async close() {
      for (const database of databases) await database.close();
    },
  };
}
