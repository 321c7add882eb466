import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Part, PartLifeEntry } from '@pitwall/contracts';
import { allProjections } from '@pitwall/read-models';
import type { Database } from '@pitwall/eventstore';
import { databases, eventCount, manualClock, MX5, rebuildReadModels } from './helpers.ts';
import { created, givenTeam, scratchDatabase, testServer, type Api } from './scenario.ts';

/** The rows of the parts and session usage read models, table by table. */
async function partTables(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of ['parts', 'session_usage']) {
    for (const table of allProjections.find((p) => p.name === name)!.tables) out[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  }
  return out;
}

const laps = (count: number) => ({ laps: Array.from({ length: count }, () => ({ time: '1:40.000', kind: 'timed' })) });

/**
 * Each test has a team of its own (beforeEach) with cars A and B, a race event on each at a 3.2 km
 * track and a clutch fitted to car A at 2026-04-01 08:00 (the clock then); a test that reads the
 * clutch moved, or sessions on car B, makes them itself.
 */
describe.each(databases)('parts life API on $name', (database) => {
  const clock = manualClock('2026-04-01T08:00:00Z');
  const server = testServer(database, { clock });
  let owner: Api;
  let teamId: number;
  let carA: { id: number };
  let carB: { id: number };
  let eventA: { id: number };
  let eventB: { id: number };
  let parts: string;
  let createdRes: LightMyRequestResponse;
  let clutch: Part;
  let partUrl: string;
  beforeEach(async () => {
    clock.set('2026-04-01T08:00:00Z');
    const team = await givenTeam(server.pitwall, { raceEvent: true });
    ({ api: owner, teamId, car: carA, raceEvent: eventA } = team);
    carB = await created(owner.post('/api/cars', { ...MX5, name: 'MX-5 #28' }));
    eventB = await created(owner.post(`/api/cars/${carB.id}/events`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-01', trackLength: '3.2 km' }));
    parts = `/api/teams/${teamId}/parts`;
    createdRes = await owner.post(parts, { name: 'Clutch', category: 'clutch', partNumber: 'CL-1', limits: { km: 1000 }, usedBefore: { km: 850 }, carId: carA.id });
    clutch = createdRes.json() as Part;
    partUrl = `${parts}/${clutch.id}`;
  });
  /** Adds a session of `count` laps of 100 s to a race event of a car. */
  const run = async (carId: number, eventId: number, name: string, startedAt: string, count: number) => {
    const session = await created(owner.post(`/api/cars/${carId}/events/${eventId}/sessions`, { name, type: 'practice', startedAt }));
    expect((await owner.put(`/api/cars/${carId}/events/${eventId}/sessions/${session.id}/laps`, laps(count))).statusCode).toBe(200);
    return session;
  };
  const get = async () => (await owner.get(partUrl)).json() as Part;
  /** The day-2 state: the clock at 2026-04-02 08:00 and the clutch moved to car B then. */
  const givenClutchOnCarB = async () => {
    clock.set('2026-04-02T08:00:00Z');
    expect((await owner.post(`${partUrl}/fit`, { carId: carB.id, at: '2026-04-02T08:00:00Z' })).json()).toMatchObject({ carId: carB.id });
  };
  /** A rival team with a car of its own. */
  const givenRival = async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    const rivalCar = await created(rival.post('/api/cars', { ...MX5, name: 'Rival Car' }));
    return { rival, rivalCar };
  };

  it('adds a part (201) fitted to the car, with its limits and the usage it had before', () => {
    expect(createdRes.statusCode).toBe(201);
    expect(clutch).toMatchObject({
      teamId, name: 'Clutch', category: 'clutch', partNumber: 'CL-1', serialNumber: null, carId: carA.id,
      limits: { km: 1000, hours: null, laps: null, expiresOn: null }, used: { km: 850, hours: 0, laps: 0 }, sinceNew: { km: 850, hours: 0, laps: 0 },
      remaining: { km: 150, hours: null, laps: null, days: null }, status: 'due-soon', lastServicedAt: null,
    });
  });

  it('follows the worked example: sessions at a 3.2 km track wear it to due soon, then overdue; a move and a rebuild; a lap edit and a deleted session', async () => {
    const fp1 = await run(carA.id, eventA.id, 'FP1', '2026-04-01T09:00:00Z', 25);
    expect(await get()).toMatchObject({ used: { km: 930, laps: 25, hours: 0.69 }, remaining: { km: 70 }, status: 'due-soon' });
    await run(carA.id, eventA.id, 'FP2', '2026-04-01T13:00:00Z', 25);
    const { etag } = (await owner.get(partUrl)).headers;
    expect(await get()).toMatchObject({ used: { km: 1010, laps: 50 }, remaining: { km: -10 }, status: 'overdue' });
    expect((await owner.get(`${parts}?status=overdue`)).json()).toMatchObject([{ id: clutch.id }]);

    // A lap edit changes the usage, and the part's ETag with it (no stale 304 from a cache).
    await owner.put(`/api/cars/${carA.id}/events/${eventA.id}/sessions/${fp1.id}/laps`, laps(20));
    expect(await get()).toMatchObject({ used: { km: 994, laps: 45 }, remaining: { km: 6 }, status: 'due-soon' });
    expect((await owner.get(partUrl, { 'if-none-match': etag as string })).statusCode).toBe(200);

    // Moved to car B: car A's later sessions no longer count, car B's do.
    clock.set('2026-04-02T08:00:00Z');
    const moved = await owner.post(`${partUrl}/fit`, { carId: carB.id, at: '2026-04-02T08:00:00Z' });
    expect(moved.json()).toMatchObject({ carId: carB.id });
    await run(carA.id, eventA.id, 'Day 2 A', '2026-04-02T09:00:00Z', 10);
    const onB = await run(carB.id, eventB.id, 'Day 2 B', '2026-04-02T10:00:00Z', 5);
    expect(await get()).toMatchObject({ used: { km: 1010, laps: 50 } });
    expect((await owner.get(`/api/cars/${carA.id}/parts`)).json()).toEqual([]);
    expect((await owner.get(`/api/cars/${carB.id}/parts`)).json()).toMatchObject([{ id: clutch.id }]);

    // Rebuilt: used starts again at zero (plus what runs after); sinceNew keeps everything.
    const serviced = await owner.post(`${partUrl}/service`, { at: '2026-04-02T12:00:00Z', notes: 'Clutch rebuilt, new friction plate', resetsLife: true });
    expect(serviced.json()).toMatchObject({ used: { km: 0, laps: 0 }, sinceNew: { km: 1010, laps: 50 }, status: 'ok', lastServicedAt: '2026-04-02T12:00:00.000Z' });
    await run(carB.id, eventB.id, 'Day 2 B afternoon', '2026-04-02T14:00:00Z', 10);
    expect(await get()).toMatchObject({ used: { km: 32, laps: 10 }, sinceNew: { km: 1042, laps: 60 }, remaining: { km: 968 } });

    // Deleting a session that counted takes its laps off the total since new.
    await owner.delete(`/api/cars/${carB.id}/events/${eventB.id}/sessions/${onB.id}`);
    expect(await get()).toMatchObject({ sinceNew: { km: 1026, laps: 55 } });

    // A corrected track length changes the distance of every session at that race event.
    const corrected = await owner.patch(`/api/cars/${carA.id}/events/${eventA.id}`, { trackLength: '4 km' });
    expect(corrected.json()).toMatchObject({ trackLength: '4 km', trackLengthKm: 4 });
    expect(await get()).toMatchObject({ sinceNew: { km: 1062, laps: 55 }, used: { km: 32 } });
    await owner.patch(`/api/cars/${carA.id}/events/${eventA.id}`, { trackLength: '3.2 km' });
    expect((await owner.patch(`/api/cars/${carA.id}/events/${eventA.id}`, { trackLength: 'about three' })).json()).toEqual({ message: "trackLength: Track length must be a distance such as '3.2 km', '2.43 mi' or '4574 m'" });

    const life = (await owner.get(`${partUrl}/life`)).json() as PartLifeEntry[];
    expect(life.map((e) => `${e.kind} ${e.carId}${e.laps === undefined ? '' : ` ${e.laps} laps ${e.km} km`}`)).toEqual([
      `fitted ${carA.id}`, `session ${carA.id} 20 laps 64 km`, `session ${carA.id} 25 laps 80 km`, `removed ${carA.id}`, `fitted ${carB.id}`, `serviced ${carB.id}`, `session ${carB.id} 10 laps 32 km`,
    ]);
    expect(life[5]).toMatchObject({ notes: 'Clutch rebuilt, new friction plate', resetsLife: true });

    // Each car's history shows its side of the move.
    const changesOf = async (carId: number) => ((await owner.get(`/api/cars/${carId}/history?section=parts`)).json() as { changes: { field: string; before: string | null; after: string | null }[] }[]).map((e) => e.changes[0]);
    expect(await changesOf(carA.id)).toEqual([
      { field: 'Clutch', before: 'fitted 2026-04-01 08:00 UTC', after: 'removed 2026-04-02 08:00 UTC' },
      { field: 'Clutch', before: null, after: 'fitted 2026-04-01 08:00 UTC' },
    ]);
    expect(await changesOf(carB.id)).toEqual([{ field: 'Clutch', before: null, after: 'fitted 2026-04-02 08:00 UTC' }]);
  });

  it('filters the parts store by car, status and category, and removes a part to the shelf', async () => {
    await givenClutchOnCarB();
    const belts = (await owner.post(parts, { name: 'Seat belts', category: 'safety', limits: { expiresOn: '2026-04-20' } })).json() as Part;
    expect(belts).toMatchObject({ carId: null, status: 'due-soon', remaining: { days: 18 } });
    expect(((await owner.get(`${parts}?category=safety`)).json() as Part[]).map((p) => p.name)).toEqual(['Seat belts']);
    expect(((await owner.get(`${parts}?carId=${carB.id}`)).json() as Part[]).map((p) => p.name)).toEqual(['Clutch']);
    const removed = await owner.post(`${partUrl}/remove`, { at: '2026-04-03T08:00:00Z' });
    expect(removed.json()).toMatchObject({ carId: null });
    expect((await owner.get(`${parts}?carId=${carB.id}`)).json()).toEqual([]);
    expect((await owner.patch(`${parts}/${belts.id}`, { limits: { expiresOn: '2027-04-01' } })).json()).toMatchObject({ status: 'ok' });
  });

  it('a corrected fit date changes which sessions count: before a session it counts, after it it does not; bad dates and a part on the shelf are refused naming the field', async () => {
    // Car B ran 'Day 2 B afternoon' (10 laps at 3.2 km) at 14:00; the gearbox is recorded as fitted at 15:00.
    const { rival } = await givenRival();
    clock.set('2026-04-02T08:00:00Z');
    await run(carB.id, eventB.id, 'Day 2 B afternoon', '2026-04-02T14:00:00Z', 10);
    const gearbox = (await owner.post(parts, { name: 'Gearbox', category: 'gearbox', limits: { km: 5000 }, carId: carB.id, fittedAt: '2026-04-02T15:00:00Z' })).json() as Part;
    const gearboxUrl = `${parts}/${gearbox.id}`;
    expect(gearbox).toMatchObject({ used: { km: 0, laps: 0 } });
    const earlier = await owner.patch(`${gearboxUrl}/fit`, { at: '2026-04-02T13:00:00Z' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json()).toMatchObject({ carId: carB.id, used: { km: 32, laps: 10 } });
    const life = (await owner.get(`${gearboxUrl}/life`)).json() as PartLifeEntry[];
    expect(life.map((e) => [e.kind, e.notes ?? null])).toEqual([['fitted', 'date corrected from 2026-04-02 15:00 UTC'], ['session', null]]);
    expect(life[0]!.at).toBe('2026-04-02T13:00:00.000Z');
    expect((await owner.patch(`${gearboxUrl}/fit`, { at: '2026-04-02T15:00:00Z' })).json()).toMatchObject({ used: { km: 0, laps: 0 } });
    const history = (await owner.get(`/api/cars/${carB.id}/history?section=parts`)).json() as { changes: { field: string; before: string | null; after: string | null }[] }[];
    expect(history[0]!.changes).toEqual([{ field: 'Gearbox', before: 'fitted 2026-04-02 13:00 UTC', after: 'fitted 2026-04-02 15:00 UTC' }]);

    await owner.post(`${gearboxUrl}/remove`, { at: '2026-04-02T16:00:00Z' });
    await owner.post(`${gearboxUrl}/fit`, { carId: carB.id, at: '2026-04-02T17:00:00Z' });
    const before = await eventCount(server.pitwall);
    const refused = async (status: number, body: unknown, api = owner) => {
      const res = await api.patch(`${gearboxUrl}/fit`, body);
      expect(res.statusCode, res.body).toBe(status);
      return (res.json() as { message: string }).message;
    };
    expect(await refused(400, { at: '2026-04-02T15:30:00Z' })).toMatch(/^at: must not be before its previous removal/);
    expect(await refused(400, { at: 'yesterday' })).toMatch(/^at: /);
    expect(await refused(404, { at: '2026-04-02T17:30:00Z' }, rival)).toBe('Team not found');
    expect(await eventCount(server.pitwall)).toBe(before);
    const newer = (await owner.post(parts, { name: 'Diff', category: 'differential', carId: carB.id, fittedAt: '2026-04-02T10:00:00Z' })).json() as Part;
    const afterNewer = await eventCount(server.pitwall);
    const res = await owner.patch(`${parts}/${newer.id}/fit`, { at: '2026-04-02T07:00:00Z' });
    expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([400, expect.stringMatching(/^at: must not be before the part's creation/)]);
    expect(await eventCount(server.pitwall)).toBe(afterNewer);
    await owner.post(`${gearboxUrl}/remove`, { at: '2026-04-02T18:00:00Z' });
    const onShelf = await eventCount(server.pitwall);
    expect(await refused(400, { at: '2026-04-02T17:30:00Z' })).toMatch(/^carId: the part is not fitted/);
    expect(await eventCount(server.pitwall)).toBe(onShelf);
  });

  it('refuses bad input naming the field, and appends nothing', async () => {
    const { rival, rivalCar } = await givenRival();
    // The clutch on the shelf since 2026-04-03, as the store keeps it after a move and a removal.
    await givenClutchOnCarB();
    expect((await owner.post(`${partUrl}/remove`, { at: '2026-04-03T08:00:00Z' })).json()).toMatchObject({ carId: null });
    const before = await eventCount(server.pitwall);
    const refused = async (status: number, path: string, body: unknown) => {
      const res = await owner.post(path, body);
      expect(res.statusCode, res.body).toBe(status);
      return (res.json() as { message: string }).message;
    };
    expect(await refused(400, parts, { name: 'Gearbox', category: 'gearbox', limits: { km: -5 } })).toMatch(/^limits km: /);
    expect(await refused(400, parts, { name: 'Gearbox', category: 'gearbox', limits: { hours: 'forty' } })).toMatch(/^limits hours: /);
    expect(await refused(400, parts, { name: 'Gearbox', category: 'turbo' })).toMatch(/^category: category must be one of engine, gearbox/);
    expect(await refused(404, parts, { name: 'Gearbox', category: 'gearbox', carId: rivalCar.id })).toBe('Car not found');
    expect(await refused(404, `${partUrl}/fit`, { carId: rivalCar.id, at: '2026-04-04T08:00:00Z' })).toBe('Car not found');
    expect(await refused(400, `${partUrl}/fit`, { carId: carA.id, at: '2026-03-01T08:00:00Z' })).toMatch(/^at: must not be before/);
    expect(await refused(400, `${partUrl}/service`, { at: '2026-04-04T08:00:00Z', notes: '' })).toMatch(/^notes: /);
    expect(await refused(404, `/api/teams/${teamId}/parts/999999/remove`, { at: '2026-04-04T08:00:00Z' })).toBe('Part not found');
    expect((await rival.get(partUrl)).statusCode).toBe(404);
    expect((await rival.get(`/api/cars/${carA.id}/parts`)).statusCode).toBe(404);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('a rebuild from position 0 gives exactly the live parts and session usage tables', async () => {
    const { pitwall } = server;
    // At least this team's life in the tables: the clutch with sessions, a move and a rebuild.
    await run(carA.id, eventA.id, 'FP1', '2026-04-01T09:00:00Z', 25);
    await givenClutchOnCarB();
    await run(carB.id, eventB.id, 'Day 2 B', '2026-04-02T10:00:00Z', 5);
    expect((await owner.post(`${partUrl}/service`, { at: '2026-04-02T12:00:00Z', notes: 'Clutch rebuilt', resetsLife: true })).statusCode).toBe(200);
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 4);
    const live = await partTables(pitwall.deps.db);
    expect(live.part_changes!.filter((row) => (row as { part_id: number }).part_id === clutch.id).length).toBeGreaterThan(3);
    expect(await partTables(target)).toEqual(live);
  }, 120_000);
});
