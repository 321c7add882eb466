import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresEventStore, migrateEventStore, openPgliteDatabase, openPostgresDatabase, START, type Database, type EventSchemas } from '../src/index.ts';

/**
 * Versioning through the PostgreSQL adapter (PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set): an event stored by a release that knew version 1 reads as the current version through
 * readStream and readAll, and the stored row itself is never rewritten.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

async function openDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; cleanup(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openPgliteDatabase(undefined);
    return { db, cleanup: () => db.close() };
  }
  const schema = `versioning_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPostgresDatabase(url.toString());
  return {
    db,
    async cleanup() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

const v2: EventSchemas = { GearRatiosSet: { version: 2, upcasters: { 1: ({ eventId, ...rest }: { eventId: number | null }) => ({ ...rest, raceEventId: eventId }) } } };
const metadata = { userId: 1, teamId: 1, correlationId: 'c', causationId: null, at: '2026-03-21T10:00:00.000Z' };

const kinds: ('pglite' | 'postgres')[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('event versioning on %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await openDatabase(kind));
    await migrateEventStore(db);
  });
  afterAll(() => cleanup());

  it('reads an event stored as version 1 in the current shape, and stores new ones stamped', async () => {
    const stream = `car-${randomUUID().slice(0, 8)}`;
    await createPostgresEventStore(db, { schemas: {} }).appendToStream(stream, [{ id: randomUUID(), type: 'GearRatiosSet', data: { carId: 1, eventId: 7, rows: [] }, metadata }], { expectedRevision: 'no_stream' });
    const current = createPostgresEventStore(db, { schemas: v2 });
    await current.appendToStream(stream, [{ id: randomUUID(), type: 'GearRatiosSet', data: { carId: 1, raceEventId: null, rows: [] }, metadata }], { expectedRevision: 0 });

    const read = await current.readStream(stream);
    expect(read.map((e) => e.data)).toEqual([{ carId: 1, raceEventId: 7, rows: [] }, { carId: 1, raceEventId: null, rows: [] }]);
    expect(read.map((e) => e.metadata.schemaVersion)).toEqual([2, 2]);
    const all = (await current.readAll({ after: START, limit: 1000, types: ['GearRatiosSet'] })).filter((e) => e.streamName === stream);
    expect(all.map((e) => e.data)).toEqual(read.map((e) => e.data));

    const { rows } = await db.query<{ data: unknown; version: string | null }>(`SELECT data, metadata->>'schemaVersion' AS version FROM events WHERE stream_name = $1 ORDER BY stream_position`, [stream]);
    expect(rows).toEqual([
      { data: { carId: 1, eventId: 7, rows: [] }, version: '1' },
      { data: { carId: 1, raceEventId: null, rows: [] }, version: '2' },
    ]);
  });
});
