import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, type DomainEvent } from '@pitwall/domain';
import { createPostgresEventStore, migrateEventStore, openPgliteDatabase, type Database, type EventStore } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector, rebuildCheckpointName, type Projection } from '../src/index.ts';

/**
 * A version per projection: a changed projection is rebuilt alone from the event store at the
 * next start while every other read model keeps its rows and the projector its checkpoint; data
 * kept under the one version of all read models of earlier releases is rebuilt whole, once.
 */
const meta = { userId: 1, teamId: 1, correlationId: 'test', causationId: null, at: '2026-03-01T10:00:00.000Z' };

async function append(store: EventStore, stream: string, ...events: DomainEvent[]): Promise<void> {
  await store.appendToStream(stream, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta })), { expectedRevision: 'any' });
}

const details = { makeModel: 'Mazda MX-5', year: 2022, engine: null, transmission: null, weight: null, power: null, color: '#c8102e', carClass: 'Other' as const };
const carCreated = (carId: number, name: string): DomainEvent => ({ type: 'CarCreated', data: { carId, teamId: 1, details: { ...details, name }, createdAt: '2026-03-01T10:00:00.000Z' } });
const issueRaised = (issueId: number, title: string): DomainEvent => ({
  type: 'IssueRaised',
  data: { issueId, carId: 1, raceEventId: null, title, description: '', issueType: 'issue', priority: 'medium', status: 'open', imageUrl: null, createdAt: '2026-03-01T10:00:00.000Z' },
});
const resolved = (issueId: number): DomainEvent => ({ type: 'IssueStatusChanged', data: { issueId, carId: 1, from: 'open', to: 'resolved' } });

/** A database with the event store, the read models of `projections` migrated, and two cars with an issue each projected. */
async function projected(projections: readonly Projection[] = allProjections): Promise<{ db: Database; store: EventStore }> {
  const db = await openPgliteDatabase(undefined);
  await migrateEventStore(db);
  await db.transaction((tx) => migrateReadModels(tx, projections));
  const store = createPostgresEventStore(db, { schemas: EVENT_SCHEMAS });
  await append(store, 'car-1', carCreated(1, 'MX-5 #28'));
  await append(store, 'car-2', carCreated(2, 'GR86 #8'));
  await append(store, 'issue-1', issueRaised(1, 'Brake pedal goes long'), resolved(1));
  await append(store, 'issue-2', issueRaised(2, 'Transponder loose'));
  await new Projector({ store, db, projections }).catchUp();
  return { db, store };
}

const rows = async (db: Database, sql: string) => (await db.query(sql)).rows;
const checkpoint = async (db: Database, name = 'read-models') => (await rows(db, `SELECT position FROM projection_checkpoints WHERE name = '${name}'`))[0];
const issuesTable = 'SELECT id, title, status FROM issues ORDER BY id';
/** Every projection, those named with their next version. */
const withBumped = (...names: string[]) => allProjections.map((p) => (names.includes(p.name) ? { ...p, version: p.version + 1 } : p));

// Generous: each test opens a PGlite of its own, which takes tens of seconds on a loaded two-core machine.
describe('a version per projection', { timeout: 180_000 }, () => {
  it('bumping one projection rebuilds only its tables: the others keep their rows, the projector its checkpoint', async () => {
    const { db, store } = await projected();
    const before = { issues: await rows(db, issuesTable), checkpoint: await checkpoint(db) };
    // Cars are marked by hand: a rebuild of them would lose the mark.
    await db.exec(`UPDATE cars SET name = 'kept' WHERE id = 2`);
    const bumped = withBumped('issues');

    expect(await db.transaction((tx) => migrateReadModels(tx, bumped))).toEqual({ reset: ['issues'] });
    expect(await rows(db, issuesTable)).toEqual([]);
    expect(await checkpoint(db)).toEqual(before.checkpoint);

    // Events arriving before the projector starts reach the rebuilt projection once, like every other.
    await append(store, 'issue-2', resolved(2));
    await append(store, 'car-3', carCreated(3, 'Civic #5'));
    const projector = new Projector({ store, db, projections: bumped });
    await projector.catchUp();
    expect(await rows(db, issuesTable)).toEqual([
      { id: 1, title: 'Brake pedal goes long', status: 'resolved' },
      { id: 2, title: 'Transponder loose', status: 'resolved' },
    ]);
    expect(await rows(db, 'SELECT id, name FROM cars ORDER BY id')).toEqual([{ id: 1, name: 'MX-5 #28' }, { id: 2, name: 'kept' }, { id: 3, name: 'Civic #5' }]);
    expect(await checkpoint(db, rebuildCheckpointName('read-models'))).toBeUndefined();
    expect(await rows(db, 'SELECT * FROM projection_rebuilds')).toEqual([]);
    // The next start finds every version current: nothing is reset.
    expect(await db.transaction((tx) => migrateReadModels(tx, bumped))).toEqual({ reset: [] });
    await db.close();
  });

  it('two projector instances finishing the rebuild of a projection apply each event to it once (its checkpoint fences them)', async () => {
    const { db, store } = await projected();
    // The history inserts a row per event: an event applied twice would break its key and be parked.
    const history = 'SELECT id, type FROM setup_history ORDER BY id';
    const before = await rows(db, history);
    const bumped = withBumped('setup_history');
    await db.transaction((tx) => migrateReadModels(tx, bumped));
    const make = () => new Projector({ store, db, projections: bumped, batchSize: 1 });
    await Promise.all([make().catchUp(), make().catchUp()]);
    expect(before).toHaveLength(5);
    expect(await rows(db, history)).toEqual(before);
    expect(await rows(db, 'SELECT * FROM projection_parked_events')).toEqual([]);
    expect(await rows(db, 'SELECT * FROM projection_rebuilds')).toEqual([]);
    await db.close();
  });

  it('a projection that reads another read model while projecting is rebuilt with it (the history with the members)', async () => {
    const { db } = await projected();
    expect(await db.transaction((tx) => migrateReadModels(tx, withBumped('setup_history')))).toEqual({ reset: ['teams', 'setup_history'] });
    await db.close();
  });

  it('a second change before the first rebuild finished rebuilds both from the start', async () => {
    const { db, store } = await projected();
    await db.transaction((tx) => migrateReadModels(tx, withBumped('issues')));
    const both = withBumped('issues', 'cars');
    expect(await db.transaction((tx) => migrateReadModels(tx, both))).toEqual({ reset: ['cars', 'issues'] });
    await new Projector({ store, db, projections: both }).catchUp();
    expect(await rows(db, 'SELECT id FROM cars ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await rows(db, issuesTable)).map((r) => (r as { status: string }).status)).toEqual(['resolved', 'open']);
    await db.close();
  });

  it('read models kept under the one version of an earlier release are rebuilt whole, losing nothing', async () => {
    const { db, store } = await projected();
    const tables = allProjections.flatMap((p) => p.tables);
    const snapshot = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rows(db, `SELECT * FROM ${t} ORDER BY 1`)] as const)));
    const before = await snapshot();
    // As the earlier release left it: one version row named after the projector, no rebuild table.
    await db.exec(`DELETE FROM read_model_versions; INSERT INTO read_model_versions (name, version) VALUES ('read-models', '11-0123456789abcdef'); DROP TABLE projection_rebuilds`);

    const { reset } = await db.transaction((tx) => migrateReadModels(tx, allProjections));
    expect(reset).toEqual(allProjections.map((p) => p.name));
    expect(await checkpoint(db)).toEqual({ position: '-1/-1' });
    expect(await rows(db, `SELECT name FROM read_model_versions WHERE name = 'read-models'`)).toEqual([]);
    await new Projector({ store, db, projections: allProjections }).catchUp();
    expect(await snapshot()).toEqual(before);
    await db.close();
  });
});
