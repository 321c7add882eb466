import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@pitwall/domain';
import { listParked } from '@pitwall/read-models';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type DatabaseChoice, type Pitwall } from '../src/composition-root.ts';
import { retry } from '../src/roles/projections-admin.ts';
import { client, createFreshSchema, databases, MX5, setupTeam } from './helpers.ts';

/**
 * A stored event a read model cannot take (a session and a race event dated in year 0, which
 * PostgreSQL refuses) must not stop the projector: other teams' writes stay visible, /readyz names
 * the degraded projections, the server restarts, and `retry` applies parked events in order once
 * fixed. The events are appended straight to the event store, as stored data of any age may hold them.
 */
// Generous: the tests restart the server and rebuild its read models, slow on a loaded two-core machine.
describe.each(databases)('an event a projection cannot apply, on $name', { timeout: 180_000 }, (database) => {
  // Per test, as parked events are the whole server's: a server of its own (restartable on its data)
  // with Ana's team (team 1), her car and its race event.
  const config = ConfigSchema.parse({ READ_YOUR_WRITES_TIMEOUT_MS: 15_000 });
  let blobDataDir: string | undefined;
  let dropSchema: (() => Promise<void>) | undefined;
  let choice: DatabaseChoice;
  let pitwall: Pitwall;
  let running = false;
  const start = () => createPitwall(config, choice, { blobDataDir: blobDataDir! });
  let ana: Awaited<ReturnType<typeof setupTeam>>['api'];
  let car: { id: number };
  let raceEvent: { id: number };
  beforeEach(async () => {
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-parked-'));
    const schema = database.url ? await createFreshSchema(database.url) : undefined;
    dropSchema = schema?.drop;
    choice = schema ? { kind: 'postgres', url: schema.url } : { kind: 'pglite', dataDir: path.join(blobDataDir, 'pgdata') };
    pitwall = await start();
    running = true;
    ({ api: ana } = await setupTeam(pitwall, { username: 'ana', teamName: 'Ana Racing' }));
    car = (await ana.post('/api/cars', MX5)).json() as { id: number };
    raceEvent = (await ana.post(`/api/cars/${car.id}/events`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json() as { id: number };
  });
  afterEach(async () => {
    if (running) await pitwall.close();
    running = false;
    await dropSchema?.();
    if (blobDataDir) await rm(blobDataDir, { recursive: true, force: true });
    dropSchema = blobDataDir = undefined;
  });

  const append = (stream: string, event: DomainEvent) =>
    pitwall.deps.store.appendToStream(stream, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { userId: 1, teamId: 1, correlationId: 'by-hand', causationId: null, at: '2026-03-21T09:00:00.000Z' } }], { expectedRevision: 'any' });
  const readyz = async () => (await pitwall.app.inject({ method: 'GET', url: '/readyz' })).json() as { status: string; parked: Record<string, number>; degraded: string[] };
  const details = { name: 'FP1', type: 'practice' as const, startedAt: '0000-01-01T00:00:00Z', driverMemberId: null, airTempC: null, trackTempC: null, weather: null, tireSet: null, fuelLitres: null, notes: null, feedbackTags: [], feedbackText: null };
  /** The two year-zero events (a session and a race event on Ana's car), appended straight to the store; answers the position of the second. */
  const appendYearZero = async () => {
    await append('session-9001', { type: 'SessionAdded', data: { sessionId: 9001, carId: car.id, raceEventId: raceEvent.id, teamId: 1, details, createdAt: '2026-03-21T09:00:00.000Z' } });
    const { position } = await append('raceEvent-9002', {
      type: 'RaceEventScheduled',
      data: { raceEventId: 9002, carId: car.id, teamId: 1, name: 'Year zero', location: 'Nowhere', date: '0000-01-01', endsOn: null, trackLength: null, weather: null, notes: null, profileImageUrl: null, timetableImageUrl: null, createdAt: '2026-03-21T09:00:00.000Z' },
    });
    return position;
  };
  /** Given: the year-zero events appended and parked (the projector past them). */
  const givenParked = async () => {
    expect(await pitwall.deps.projection.waitFor(await appendYearZero(), 15_000)).toBe(true);
  };

  it('parks them, and another team’s later change becomes visible', async () => {
    await appendYearZero();
    const { api: sam } = await setupTeam(pitwall, { username: 'sam', teamName: 'Sam Motorsport' });
    const created = await sam.post('/api/cars', { ...MX5, name: 'GR86 #8' });
    expect(created.statusCode).toBe(201);
    expect((await sam.get('/api/cars')).json().map((c: { name: string }) => c.name)).toEqual(['GR86 #8']);
    expect((await ana.get(`/api/cars/${car.id}/events`)).json().map((e: { name: string }) => e.name)).toEqual(['Round 1']);
  });

  it('/readyz stays ready and names the degraded projections with their parked events', async () => {
    await givenParked();
    const ready = await pitwall.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      parked: { race_events: 1, run_sessions: 1, session_usage: 1 },
      degraded: ['projection race_events: 1 event(s) parked (npm run projections -- parked)', 'projection run_sessions: 1 event(s) parked (npm run projections -- parked)', 'projection session_usage: 1 event(s) parked (npm run projections -- parked)'],
    });
  });

  it('restarts with the parked events in the store, and keeps projecting', async () => {
    await givenParked();
    // Sam's team and its first car, made before the restart.
    const { api: samBefore } = await setupTeam(pitwall, { username: 'sam', teamName: 'Sam Motorsport' });
    expect((await samBefore.post('/api/cars', { ...MX5, name: 'GR86 #8' })).statusCode).toBe(201);
    running = false;
    await pitwall.close();
    pitwall = await start();
    running = true;
    expect((await readyz()).parked).toEqual({ race_events: 1, run_sessions: 1, session_usage: 1 });
    const sam = client(pitwall);
    await sam.post('/api/auth/login', { username: 'sam', password: 'paddock-2026', loginType: 'member' });
    expect((await sam.post('/api/cars', { ...MX5, name: 'GR86 #9' })).statusCode).toBe(201);
    expect((await sam.get('/api/cars')).json().map((c: { name: string }) => c.name).sort()).toEqual(['GR86 #8', 'GR86 #9']);
  });

  it('retry applies a parked event that now applies, in its place in the order; one that still fails stays parked', async () => {
    await givenParked();
    // A read-model constraint (added by hand, say) refuses a car; its stream goes on without it. It
    // refuses the renamed car too, as the two events may be applied in one batch (one row written).
    await pitwall.deps.db.exec(`ALTER TABLE cars ADD CONSTRAINT no_lotus CHECK (name NOT LIKE 'Lotus Exige%')`);
    await append('car-9003', { type: 'CarCreated', data: { carId: 9003, teamId: 1, details: { ...MX5, engine: null, transmission: null, weight: null, power: null, carClass: 'Other', name: 'Lotus Exige' }, createdAt: '2026-03-21T09:00:00.000Z' } });
    const { position } = await append('car-9003', { type: 'CarDetailsUpdated', data: { carId: 9003, details: { ...MX5, engine: null, transmission: null, weight: null, power: null, carClass: 'Other', name: 'Lotus Exige S' } } });
    expect(await pitwall.deps.projection.waitFor(position, 15_000)).toBe(true);
    const lotus = (await listParked(pitwall.deps.db, 'read-models')).find((p) => p.streamName === 'car-9003')!;
    expect(lotus).toMatchObject({ type: 'CarCreated', projection: 'cars', errorCode: '23514' });

    // The fix, then the retry: on PostgreSQL beside the running server, on the embedded data dir with it stopped.
    await pitwall.deps.db.exec('ALTER TABLE cars DROP CONSTRAINT no_lotus');
    const lines: string[] = [];
    if (choice.kind === 'postgres') await retry({ db: pitwall.deps.db, database: choice, store: pitwall.deps.store, out: (l) => lines.push(l) }, lotus.position);
    else {
      running = false;
      await pitwall.close();
      const { openDatabase, openEventStore } = await import('../src/infrastructure.ts');
      const db = await openDatabase(choice);
      const events = await openEventStore(config, db);
      await retry({ db, database: choice, store: events.store, out: (l) => lines.push(l) }, lotus.position);
      await db.close();
      pitwall = await start();
      running = true;
    }
    expect(lines).toContain(`${lotus.position} CarCreated of car-9003, cars: applied`);
    expect(lines).toContain('3 parked event(s) left: npm run projections -- parked');
    // Applied in order: the later rename is on the row.
    expect((await pitwall.deps.db.query(`SELECT name FROM cars WHERE id = 9003`)).rows).toEqual([{ name: 'Lotus Exige S' }]);
    expect((await listParked(pitwall.deps.db, 'read-models')).map((p) => [p.streamName, p.projection])).toEqual([['session-9001', 'run_sessions'], ['session-9001', 'session_usage'], ['raceEvent-9002', 'race_events']]);
    expect((await readyz()).parked).toEqual({ race_events: 1, run_sessions: 1, session_usage: 1 });
    await expect(retry({ db: pitwall.deps.db, database: choice, store: pitwall.deps.store, out: () => {} }, lotus.position)).rejects.toThrow(`no parked event at position ${lotus.position}`);
  });
});
