import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, type DomainEvent } from '@pitwall/domain';
import { createPostgresEventStore, migrateEventStore, type EventStore, type Position } from '@pitwall/eventstore';
import { allProjections, listParked, migrateReadModels, Projector, type Projection } from '../src/index.ts';
import { freshPostgresSchema } from './projection-spec.ts';

/**
 * The live projector on PostgreSQL applies each batch in one call whose statements are prepared
 * once per connection and then executed by name: batches of the same shape keep applying exactly
 * their events; an event a projection cannot apply is still parked for that projection alone (the
 * call fails, the batch is applied in pieces); a read model rebuilt with a new version (its tables
 * dropped and created again) is written through the same statement names afterwards.
 */
const url = process.env.TEST_DATABASE_URL;
const meta = { userId: 1, teamId: 1, correlationId: 'test', causationId: null, at: '2026-03-01T10:00:00.000Z' };
const details = { makeModel: 'Mazda MX-5', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const carCreated = (carId: number, name: string): DomainEvent => ({ type: 'CarCreated', data: { carId, teamId: 1, details: { ...details, name }, createdAt: '2026-03-01T10:00:00.000Z' } });
const raceEvent = (raceEventId: number, date: string): DomainEvent => ({
  type: 'RaceEventScheduled',
  data: { raceEventId, carId: 1, teamId: 1, name: `Round ${raceEventId}`, location: 'Laguna Seca', date, endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-01T10:00:00.000Z' },
});

describe.skipIf(url === undefined)('the live projector on PostgreSQL', { timeout: 60_000 }, () => {
  let database: Awaited<ReturnType<typeof freshPostgresSchema>>;
  let store: EventStore;
  let projector: Projector;
  const rejectGr86: Projection = {
    name: 'no_gr86', version: 1, tables: [], ddl: '', canHandle: ['CarCreated'],
    project: (events) => (events.some((e) => e.type === 'CarCreated' && e.data.details.name === 'GR86 #8') ? [{ text: 'SELECT 1 / 0', params: ['[]'] }] : []),
  };
  const projections = [...allProjections, rejectGr86];

  /** Appends `event` to `stream` and waits until the read models include it. */
  async function project(stream: string, event: DomainEvent): Promise<void> {
    const { position } = await store.appendToStream(stream, [{ id: randomUUID(), type: event.type, data: event.data, metadata: meta }], { expectedRevision: 'any' });
    expect(await projector.waitFor(position as Position, 20_000)).toBe(true);
  }
  const names = async () => (await database.db.query<{ name: string }>('SELECT name FROM cars ORDER BY id')).rows.map((r) => r.name);

  beforeAll(async () => {
    database = await freshPostgresSchema(url!);
    await migrateEventStore(database.db);
    await database.db.transaction((tx) => migrateReadModels(tx, projections));
    store = createPostgresEventStore(database.db, { schemas: EVENT_SCHEMAS });
    projector = new Projector({ store, db: database.db, projections });
    await projector.start();
  });
  afterAll(async () => {
    await projector?.stop();
    await database?.close();
  });

  it('applies batch after batch of the same shape, each with exactly its events', async () => {
    for (const [id, name] of [[1, 'MX-5 #27'], [2, 'MX-5 #28'], [3, 'MX-5 #29']] as const) await project(`car-${id}`, carCreated(id, name));
    expect(await names()).toEqual(['MX-5 #27', 'MX-5 #28', 'MX-5 #29']);
  });

  it('parks an event one projection cannot apply for that projection only; the others apply it', async () => {
    await project('car-4', carCreated(4, 'GR86 #8'));
    await project('car-5', carCreated(5, 'MX-5 #30'));
    expect(await names()).toEqual(['MX-5 #27', 'MX-5 #28', 'MX-5 #29', 'GR86 #8', 'MX-5 #30']);
    expect((await listParked(database.db, 'read-models')).map((p) => [p.projection, p.streamName, p.errorCode])).toEqual([['no_gr86', 'car-4', '22012']]);
  });

  it('writes a read model rebuilt with a new version (its tables created again) through the same statements', async () => {
    await project('raceEvent-1', raceEvent(1, '2026-03-21T00:00:00.000Z'));
    await projector.stop();
    const bumped = projections.map((p) => (p.name === 'race_events' ? { ...p, version: p.version + 1 } : p));
    await database.db.transaction((tx) => migrateReadModels(tx, bumped));
    projector = new Projector({ store, db: database.db, projections: bumped });
    await projector.start();
    await project('raceEvent-2', raceEvent(2, '2026-04-18T00:00:00.000Z'));
    expect((await database.db.query('SELECT id, name FROM race_events ORDER BY id')).rows).toEqual([{ id: 1, name: 'Round 1' }, { id: 2, name: 'Round 2' }]);
  });
});
