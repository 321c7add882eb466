import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, type DomainEvent } from '@pitwall/domain';
import { createPostgresEventStore, migrateEventStore, openPgliteDatabase, type Database, type EventStore } from '@pitwall/eventstore';
import { allProjections, listParked, migrateReadModels, parkedCounts, Projector, type Projection } from '../src/index.ts';

/**
 * An event a projection cannot apply is parked for that projection only, wherever it sits in a
 * set-based batch; everything else is applied exactly once; failures of the infrastructure are
 * retried and never parked.
 */
const meta = { userId: 1, teamId: 1, correlationId: 'test', causationId: null, at: '2026-03-01T10:00:00.000Z' };

async function append(store: EventStore, stream: string, ...events: DomainEvent[]): Promise<void> {
  await store.appendToStream(stream, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta })), { expectedRevision: 'any' });
}

const details = { makeModel: 'Mazda MX-5', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const carCreated = (carId: number, name: string): DomainEvent => ({ type: 'CarCreated', data: { carId, teamId: 1, details: { ...details, name }, createdAt: '2026-03-01T10:00:00.000Z' } });
const raceEvent = (raceEventId: number, date: string): DomainEvent => ({
  type: 'RaceEventScheduled',
  data: { raceEventId, carId: 1, teamId: 1, name: 'Round 1', location: 'Laguna Seca', date, endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-01T10:00:00.000Z' },
});

async function fresh(): Promise<{ db: Database; store: EventStore }> {
  const db = await openPgliteDatabase(undefined);
  await migrateEventStore(db);
  await db.transaction((tx) => migrateReadModels(tx, allProjections));
  return { db, store: createPostgresEventStore(db, { schemas: EVENT_SCHEMAS }) };
}

const rows = async (db: Database, sql: string) => (await db.query(sql)).rows;

// Generous: each test opens a PGlite of its own, which takes tens of seconds on a loaded two-core machine.
describe('parking an event a projection cannot apply', { timeout: 180_000 }, () => {
  let db: Database;
  let store: EventStore;
  const logged: { obj: Record<string, unknown>; msg: string }[] = [];
  beforeAll(async () => {
    ({ db, store } = await fresh());
    await append(store, 'car-1', carCreated(1, 'MX-5 #27'));
    await append(store, 'raceEvent-1', raceEvent(1, '2026-03-21T00:00:00.000Z'));
    await append(store, 'raceEvent-2', raceEvent(2, '0000-01-01T00:00:00Z'));
    await append(store, 'car-2', carCreated(2, 'GR86 #8'));
    await append(store, 'raceEvent-3', raceEvent(3, '0000-06-01'));
    await append(store, 'raceEvent-4', raceEvent(4, '2026-04-18T00:00:00.000Z'));
  });
  afterAll(() => db.close());

  it('parks each bad event for its projection only, in one batch, and applies every other event once', async () => {
    const projector = new Projector({ store, db, projections: allProjections, batchSize: 100, logger: { error: (obj, msg) => logged.push({ obj: obj as Record<string, unknown>, msg }) } });
    await projector.catchUp();
    expect(projector.position).toEqual(await store.headPosition());
    expect(await rows(db, 'SELECT id FROM race_events ORDER BY id')).toEqual([{ id: 1 }, { id: 4 }]);
    expect(await rows(db, 'SELECT id, name FROM cars ORDER BY id')).toEqual([{ id: 1, name: 'MX-5 #27' }, { id: 2, name: 'GR86 #8' }]);
    // The other projections took the bad events: their streams' revisions are known (ETags).
    expect(await rows(db, `SELECT stream_name FROM stream_revisions WHERE stream_name LIKE 'raceEvent-%' ORDER BY 1`)).toEqual(
      ['raceEvent-1', 'raceEvent-2', 'raceEvent-3', 'raceEvent-4'].map((stream_name) => ({ stream_name })),
    );
    const parked = await listParked(db, 'read-models');
    expect(parked.map((p) => [p.streamName, p.type, p.projection, p.errorCode])).toEqual([
      ['raceEvent-2', 'RaceEventScheduled', 'race_events', '22008'],
      ['raceEvent-3', 'RaceEventScheduled', 'race_events', '22008'],
    ]);
    expect(parked[0]!.error).toMatch(/date\/time field value out of range/);
    expect(await parkedCounts(db, 'read-models')).toEqual({ race_events: 2 });
    // One line per parked event naming position, stream, type, projection and error; no event data.
    expect(logged.map((l) => [l.obj.stream, l.obj.type, l.obj.projection, l.obj.position])).toEqual(parked.map((p) => [p.streamName, p.type, p.projection, p.position]));
    expect(JSON.stringify(logged)).not.toContain('Laguna Seca');
  });

  it('goes on with later events, and a restart continues after the parked ones', async () => {
    await append(store, 'car-1', { type: 'CarDetailsUpdated', data: { carId: 1, details: { ...details, name: 'MX-5 #28' } } });
    await new Projector({ store, db, projections: allProjections }).catchUp();
    expect(await rows(db, 'SELECT name FROM cars WHERE id = 1')).toEqual([{ name: 'MX-5 #28' }]);
    expect(await parkedCounts(db, 'read-models')).toEqual({ race_events: 2 });
  });

  it('gives the same read models whatever the batch size (bisection parks exactly the same events)', async () => {
    const one = await fresh();
    await new Projector({ store, db: one.db, projections: allProjections, batchSize: 1 }).catchUp();
    for (const table of allProjections.flatMap((p) => p.tables)) expect(await rows(one.db, `SELECT * FROM ${table} ORDER BY 1`), table).toEqual(await rows(db, `SELECT * FROM ${table} ORDER BY 1`));
    const strip = (list: Awaited<ReturnType<typeof listParked>>) => list.map(({ parkedAt: _, ...p }) => p);
    expect(strip(await listParked(one.db, 'read-models'))).toEqual(strip(await listParked(db, 'read-models')));
    await one.db.close();
  });

  it("parks an event on which a projection's own code throws (no SQLSTATE)", async () => {
    const target = await fresh();
    const picky: Projection = {
      name: 'picky', version: 1, tables: [], ddl: '', canHandle: ['CarCreated'],
      project(events) {
        if (events.some((e) => e.type === 'CarCreated' && e.data.details.name === 'GR86 #8')) throw new RangeError('no GR86 here');
        return [];
      },
    };
    await new Projector({ store, db: target.db, projections: [...allProjections, picky] }).catchUp();
    const parked = await listParked(target.db, 'read-models');
    expect(parked.filter((p) => p.projection === 'picky').map((p) => [p.streamName, p.errorCode, p.error])).toEqual([['car-2', null, 'no GR86 here']]);
    expect(await rows(target.db, 'SELECT id FROM cars ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    await target.db.close();
  });

  it('retries a failure of the infrastructure (serialization failure) without parking, then applies each event once', async () => {
    const target = await fresh();
    await target.db.exec(`
      CREATE TABLE flaky_switch (failing boolean NOT NULL); INSERT INTO flaky_switch VALUES (true);
      CREATE FUNCTION flaky() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN IF (SELECT failing FROM flaky_switch) THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; END $$;`);
    const flaky: Projection = { name: 'flaky', version: 1, tables: [], ddl: '', canHandle: ['CarCreated'], project: () => [{ text: 'SELECT flaky()', params: ['[]'] }] };
    const projector = new Projector({ store, db: target.db, projections: [...allProjections, flaky] });
    await expect(projector.catchUp()).rejects.toMatchObject({ code: '40001' });
    expect(await rows(target.db, 'SELECT count(*)::int AS n FROM cars')).toEqual([{ n: 0 }]);
    expect(await rows(target.db, 'SELECT count(*)::int AS n FROM projection_parked_events')).toEqual([{ n: 0 }]);
    await target.db.exec('UPDATE flaky_switch SET failing = false');
    await projector.catchUp();
    expect(await rows(target.db, 'SELECT id, name FROM cars ORDER BY id')).toEqual([{ id: 1, name: 'MX-5 #28' }, { id: 2, name: 'GR86 #8' }]);
    expect(await parkedCounts(target.db, 'read-models')).toEqual({ race_events: 2 });
    await target.db.close();
  });

  it('a reset of a projection (new version) clears its parked events: every event is tried again', async () => {
    const target = await fresh();
    await new Projector({ store, db: target.db, projections: allProjections }).catchUp();
    expect(await parkedCounts(target.db, 'read-models')).toEqual({ race_events: 2 });
    const bumped = allProjections.map((p) => (p.name === 'race_events' ? { ...p, version: p.version + 1 } : p));
    await target.db.transaction((tx) => migrateReadModels(tx, bumped));
    expect(await parkedCounts(target.db, 'read-models')).toEqual({});
    await target.db.close();
  });
});
