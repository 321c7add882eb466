import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@pitwall/eventstore';
import type { Projector } from '@pitwall/read-models';
import { ProjectorLease, READ_MODELS_PROJECTION, readLease } from '@pitwall/read-models';
import { databases, eventCount, lastStoredPosition, MX5, openEmptyDatabase } from './helpers.ts';
import { givenTeam, testServer } from './scenario.ts';
import type { Pitwall } from '../src/composition-root.ts';
import { migrate } from '../src/infrastructure.ts';

interface Readyz {
  status: string;
  lagMs: number;
  degraded: string[];
}

/**
 * A projector that stops projecting (frozen, or its process stopped) must show: a change stored
 * meanwhile answers 202 with its position instead of a 404 for what it just made, /readyz reports
 * the read models' lag and lists them as degraded past READY_LAG_DEGRADED_MS, and all of it clears
 * once a projector applies the events.
 */
describe.each(databases)('a projector that stops projecting, on $name', { timeout: 60_000 }, (database) => {
  const server = testServer(database, { env: { READ_YOUR_WRITES_TIMEOUT_MS: '300', READY_LAG_DEGRADED_MS: '200' } });
  // Each test stops the projector and starts it again before it ends; per test, a team of its own.
  let pitwall: Pitwall;
  let projector: Projector;
  beforeEach(() => {
    pitwall = server.pitwall;
    projector = pitwall.deps.projection as Projector;
  });
  const readyz = async () => (await pitwall.app.inject({ method: 'GET', url: '/readyz' })).json() as Readyz;

  it('answers 202 with the position of a stored change, reports the lag, and shows the change once projected', async () => {
    const { api } = await givenTeam(pitwall);
    expect(await readyz()).toMatchObject({ status: 'ready', lagMs: 0, degraded: [] });
    await projector.stop();

    const saved = await api.post('/api/cars', MX5);
    expect(saved.statusCode).toBe(202);
    const answer = saved.json() as { status: string; position: string; message: string };
    expect(answer).toEqual({ status: 'accepted', position: expect.stringMatching(/^\d+\/\d+$/), message: 'Saved. It will show once the server has caught up.' });
    const head = await lastStoredPosition(pitwall.deps.db);
    expect(answer.position).toBe(`${head.commit}/${head.prepare}`);

    await new Promise((resolve) => setTimeout(resolve, 400));
    const behind = await readyz();
    expect(behind.status).toBe('ready');
    expect(behind.lagMs).toBeGreaterThanOrEqual(200);
    expect(behind.degraded).toEqual([expect.stringMatching(/^projection: \d+\.\d s behind the event store$/)]);

    await projector.start();
    await projector.waitFor(head, 10_000);
    expect((await api.get('/api/cars')).json().map((c: { name: string }) => c.name)).toEqual([MX5.name]);
    expect(await readyz()).toMatchObject({ lagMs: 0, degraded: [] });
  });

  it('answers a repeat of the 202 with the same Idempotency-Key as the first, appending nothing more', async () => {
    // The team's MX-5, added while the projector ran.
    const { api } = await givenTeam(pitwall, { car: true });
    await projector.stop();
    const key = { 'idempotency-key': 'frozen-projector-repeat' };
    const first = await api.post('/api/cars', { ...MX5, name: 'GR86 #8' }, key);
    const [headAfterFirst, eventsAfterFirst] = [await lastStoredPosition(pitwall.deps.db), await eventCount(pitwall)];
    const again = await api.post('/api/cars', { ...MX5, name: 'GR86 #8' }, key);
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json()).toEqual(first.json());
    expect(await eventCount(pitwall)).toBe(eventsAfterFirst);
    await projector.start();
    await projector.waitFor(headAfterFirst, 10_000);
    expect((await api.get('/api/cars')).json().map((c: { name: string }) => c.name).sort()).toEqual(['GR86 #8', MX5.name]);
  });
});

/**
 * The lease of the distributed mode's projector: held by one instance; lost only by not renewing
 * it within its TTL, then taken by a standby with the next term; the old holder learns it on its
 * next renewal. On the database's clock.
 */
describe.each(databases)('the projector lease, on $name', (database) => {
  let db: Database;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db, close } = await openEmptyDatabase(database));
    await migrate(db);
  });
  afterAll(() => close?.());

  it('is held by one instance, taken over only once it expires, and its old holder finds out', async () => {
    const first = new ProjectorLease(db, READ_MODELS_PROJECTION, 'projector-a', 1000);
    const standby = new ProjectorLease(db, READ_MODELS_PROJECTION, 'projector-b', 1000);
    expect(await first.tryAcquire()).toBe(true);
    expect(await standby.tryAcquire()).toBe(false);
    expect(await first.renew()).toBe(true);
    expect(await readLease(db, READ_MODELS_PROJECTION)).toMatchObject({ holder: 'projector-a', term: 1, expired: false });

    // No heartbeat past the TTL (the holder frozen).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await readLease(db, READ_MODELS_PROJECTION)).toMatchObject({ holder: 'projector-a', expired: true, heartbeatAgeMs: expect.any(Number) });
    expect((await readLease(db, READ_MODELS_PROJECTION))!.heartbeatAgeMs).toBeGreaterThanOrEqual(1000);
    expect(await standby.tryAcquire()).toBe(true);
    expect(await readLease(db, READ_MODELS_PROJECTION)).toMatchObject({ holder: 'projector-b', term: 2, expired: false });

    // The frozen holder wakes up: its renewal fails and it cannot take the lease back while it is held.
    expect(await first.renew()).toBe(false);
    expect(await first.tryAcquire()).toBe(false);

    // A clean shutdown hands it over at once.
    await standby.release();
    expect(await first.tryAcquire()).toBe(true);
    expect(await readLease(db, READ_MODELS_PROJECTION)).toMatchObject({ holder: 'projector-a', term: 3 });
  });
});
