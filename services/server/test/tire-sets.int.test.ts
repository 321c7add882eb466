import { beforeEach, describe, expect, it } from 'vitest';
import type { RunSession, TireSet, TreadMeasurement } from '@pitwall/contracts';
import { allProjections, listTireSetsWithLife } from '@pitwall/read-models';
import type { Database } from '@pitwall/eventstore';
import { databases, eventCount, manualClock, rebuildReadModels } from './helpers.ts';
import { created, givenTeam, scenario, scratchDatabase, testServer, type Api, type Team } from './scenario.ts';

/** The rows of the tire set and session usage read models, table by table. */
async function tireSetTables(db: Database): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of ['tire_sets', 'session_usage']) {
    for (const table of allProjections.find((p) => p.name === name)!.tables) out[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  }
  return out;
}

/** An out lap, `timed` timed laps of 100 s and an in lap. */
const laps = (timed: number) => ({
  laps: [{ time: '2:00.000', kind: 'out' }, ...Array.from({ length: timed }, () => ({ time: '1:40.000', kind: 'timed' })), { time: '2:00.000', kind: 'in' }],
});

/** Set 5 as the team enters it: new, on the car (`carId` added by addSet5), 8 mm of tread down to 1.5 mm. */
const SET5 = { name: 'Set 5', manufacturer: 'Hoosier', compound: 'R7', size: '225/45R17', dotCodes: { fl: '2324', fr: '2324', rl: '2424', rr: '2424' }, treadNewMm: 8, treadMinimumMm: 1.5 };

/**
 * Every test sets up a team of its own (beforeEach: the owner, an MX-5 and a race event on it) on
 * the describe's server, and gives itself the sets and sessions it reads: each passes run alone.
 */
describe.each(databases)('tire sets API on $name', (database) => {
  const clock = manualClock('2026-04-01T08:00:00Z');
  const server = testServer(database, { clock });
  let team: Team;
  let owner: Api;
  let sets: string;
  let sessions: string;
  beforeEach(async () => {
    clock.set('2026-04-01T08:00:00Z');
    team = await givenTeam(server.pitwall, { raceEvent: true });
    owner = team.api;
    sets = `/api/teams/${team.teamId}/tire-sets`;
    sessions = `/api/cars/${team.car.id}/events/${team.raceEvent.id}/sessions`;
  });
  /** Adds Set 5 on the team's car. */
  const addSet5 = () => created<TireSet>(owner.post(sets, { ...SET5, carId: team.car.id }));
  const setUrl = (set: { id: number }) => `${sets}/${set.id}`;
  const get = async (set: { id: number }) => (await owner.get(setUrl(set))).json() as TireSet;
  /** Adds a session on `tireSetId` with an out lap, `timed` timed laps and an in lap. */
  const run = async (name: string, startedAt: string, timed: number, tireSetId: number | null) => {
    const session = await created<RunSession>(owner.post(sessions, { name, type: 'practice', startedAt, tireSetId }));
    await owner.put(`${sessions}/${session.id}/laps`, laps(timed));
    return session;
  };
  /** Set 5 after FP1 (10 timed laps) and FP2 (8): two heat cycles, 22 laps, 70.4 km. */
  const set5AfterPractice = async () => {
    const set5 = await addSet5();
    await run('FP1', '2026-04-01T09:00:00Z', 10, set5.id);
    await run('FP2', '2026-04-01T13:00:00Z', 8, set5.id);
    return set5;
  };

  it('adds a set (201) on the car, new, with its description and no life yet', () =>
    scenario(server.pitwall)
      .when(() => owner.post(sets, { ...SET5, carId: team.car.id }))
      .thenAnswers({
        status: 201,
        appended: 1,
        body: {
          teamId: team.teamId, name: 'Set 5', manufacturer: 'Hoosier', compound: 'R7', size: '225/45R17', dotCodes: { fl: '2324', fr: '2324', rl: '2424', rr: '2424' },
          condition: 'new', treadNewMm: 8, treadMinimumMm: 1.5, carId: team.car.id, notes: null,
          heatCycles: 0, laps: 0, km: 0, hours: 0, sessions: [], lastUsedAt: null, wearPercent: null, wearByCorner: { fl: null, fr: null, rl: null, rr: null }, lapsLeft: null,
        },
      }));

  it('adds a set bought used with the heat cycles and laps it ran before: they count in its heat cycles and laps, not in km or hours', async () => {
    const res = await owner.post(sets, { name: 'Set 2', condition: 'used', dotCodes: { fl: '4825', fr: '4825', rl: '4825', rr: '4825' }, earlierHeatCycles: 3, earlierLaps: 40 });
    expect(res.statusCode, res.body).toBe(201);
    const bought = res.json() as TireSet;
    expect(bought).toMatchObject({ condition: 'used', earlierHeatCycles: 3, earlierLaps: 40, heatCycles: 3, laps: 40, km: 0, hours: 0, lastUsedAt: null });
    const url = setUrl(bought);
    await run('Shakedown', '2026-03-31T15:00:00Z', 2, bought.id);
    expect((await owner.get(url)).json()).toMatchObject({ earlierHeatCycles: 3, earlierLaps: 40, heatCycles: 4, laps: 44, km: 12.8, hours: 0.12, lastUsedAt: '2026-03-31T15:00:00.000Z' });
    // Edited: the earlier laps counted again; fields left out (condition, DOT codes, earlier heat cycles) keep their value.
    expect((await owner.patch(url, { earlierLaps: 52 })).json()).toMatchObject({ condition: 'used', dotCodes: { fl: '4825' }, earlierHeatCycles: 3, earlierLaps: 52, heatCycles: 4, laps: 56 });
    expect((await owner.patch(url, { name: 'Set 2 (bought used)' })).json()).toMatchObject({ condition: 'used', dotCodes: { rr: '4825' }, earlierHeatCycles: 3, earlierLaps: 52 });
    // A set entered 'new' with an earlier heat cycle answers 'scrubbed', as one that ran a session does.
    expect((await owner.post(sets, { name: 'Set 3', earlierHeatCycles: 1, earlierLaps: 3 })).json()).toMatchObject({ condition: 'scrubbed', heatCycles: 1, laps: 3 });
  });

  it('counts heat cycles, laps, km and hours from the sessions that name it; a new set becomes scrubbed', async () => {
    const set5 = await addSet5();
    const fp1 = await run('FP1', '2026-04-01T09:00:00Z', 10, set5.id);
    expect(fp1.tireSetId).toBe(set5.id);
    await run('FP2', '2026-04-01T13:00:00Z', 8, set5.id);
    const life = await get(set5);
    expect(life).toMatchObject({ condition: 'scrubbed', heatCycles: 2, laps: 22, km: 70.4, lastUsedAt: '2026-04-01T13:00:00.000Z' });
    expect(life.sessions.map((s) => [s.name, s.laps, s.bestLapMs])).toEqual([['FP1', 12, 100_000], ['FP2', 10, 100_000]]);
  });

  it('follows a session moved to another set, a lap edit and a deleted session, and changes its ETag with them', async () => {
    const set5 = await set5AfterPractice();
    const other = await created<TireSet>(owner.post(sets, { name: 'Set 6' }));
    const quali = await run('Quali', '2026-04-01T16:00:00Z', 4, set5.id);
    expect(await get(set5)).toMatchObject({ heatCycles: 3, laps: 28 });
    const { etag } = (await owner.get(setUrl(set5))).headers;
    await owner.put(`${sessions}/${quali.id}/laps`, laps(2));
    expect(await get(set5)).toMatchObject({ heatCycles: 3, laps: 26 });
    expect((await owner.get(setUrl(set5), { 'if-none-match': etag as string })).statusCode).toBe(200);

    const moved = await owner.patch(`${sessions}/${quali.id}`, { tireSetId: other.id });
    expect(moved.json()).toMatchObject({ tireSetId: other.id });
    expect(await get(set5)).toMatchObject({ heatCycles: 2, laps: 22 });
    expect(await get(other)).toMatchObject({ heatCycles: 1, laps: 4 });

    await owner.delete(`${sessions}/${quali.id}`);
    expect(await get(other)).toMatchObject({ heatCycles: 0, laps: 0, condition: 'new' });
  });

  it('adds no heat cycle for a session without laps', async () => {
    const set5 = await set5AfterPractice();
    await created(owner.post(sessions, { name: 'Race', type: 'race', startedAt: '2026-04-02T14:00:00Z', tireSetId: set5.id }));
    expect(await get(set5)).toMatchObject({ heatCycles: 2, laps: 22 });
  });

  it('records a tread measurement and answers the wear, per lap and laps left; GET …/tread lists them oldest first', async () => {
    const set5 = await set5AfterPractice();
    clock.set('2026-04-02T08:00:00Z');
    const measured = await owner.post(`${setUrl(set5)}/tread`, { measuredAt: '2026-04-02T08:00:00Z', fl: [6.2, 5.9, 6.4], fr: [7.35], rl: [7.5, 7.4], rr: [7.6] });
    expect(measured.statusCode, measured.body).toBe(200);
    // 32.3 % after 22 laps: 1.47 % a lap, ⌊67.7 ÷ 1.4685⌋ = 46 laps left.
    expect(measured.json()).toMatchObject({ wearPercent: 32.3, wearByCorner: { fl: 32.3, fr: 10, rl: 9.2, rr: 6.2 }, wearPerLap: 1.47, lapsLeft: 46 });
    await owner.post(`${setUrl(set5)}/tread`, { measuredAt: '2026-04-01T08:00:00Z', fl: [8], fr: [8], rl: [8], rr: [8] });
    const treads = (await owner.get(`${setUrl(set5)}/tread`)).json() as TreadMeasurement[];
    expect(treads.map((t) => [t.measuredAt, t.wearPercent, t.lapsSinceNew])).toEqual([['2026-04-01T08:00:00.000Z', 0, 0], ['2026-04-02T08:00:00.000Z', 32.3, 22]]);
  });

  it('filters by car and condition, and moves a set to the store', async () => {
    // Set 5 on the car and scrubbed; off the car, Set 2 bought used and Set 6 new.
    const set5 = await addSet5();
    await run('FP1', '2026-04-01T09:00:00Z', 10, set5.id);
    await created(owner.post(sets, { name: 'Set 2', condition: 'used', earlierHeatCycles: 3, earlierLaps: 40 }));
    await created(owner.post(sets, { name: 'Set 6' }));
    const car = team.car;
    expect(((await owner.get(`${sets}?carId=${car.id}`)).json() as TireSet[]).map((s) => s.name)).toEqual(['Set 5']);
    expect(((await owner.get(`${sets}?condition=new`)).json() as TireSet[]).map((s) => s.name)).toEqual(['Set 6']);
    const [set6] = (await owner.get(`${sets}?condition=new`)).json() as TireSet[];
    expect((await owner.patch(`${sets}/${set6!.id}`, { carId: car.id })).json()).toMatchObject({ carId: car.id });
    expect((await owner.patch(setUrl(set5), { carId: null })).json()).toMatchObject({ carId: null });
    expect(((await owner.get(`${sets}?carId=${car.id}`)).json() as TireSet[]).map((s) => s.name)).toEqual(['Set 6']);
  });

  it('refuses bad input naming the field, another team\'s set or car (404) and a scrapped set (400 naming tireSetId), and appends nothing', async () => {
    const rival = await givenTeam(server.pitwall, { car: { name: 'Rival Car' } });
    const rivalSet = await created<TireSet>(rival.api.post(`/api/teams/${rival.teamId}/tire-sets`, { name: 'Rival set' }));
    const set5Url = setUrl(await addSet5());
    const scrapped = await created<TireSet>(owner.post(sets, { name: 'Set 1', condition: 'scrapped' }));
    const before = await eventCount(server.pitwall);
    const refused = async (status: number, method: 'post' | 'patch', path: string, body: unknown) => {
      const res = await owner[method](path, body);
      expect(res.statusCode, res.body).toBe(status);
      return (res.json() as { message: string }).message;
    };
    expect(await refused(400, 'post', sets, { name: '' })).toMatch(/^name: Set name is required/);
    expect(await refused(400, 'post', sets, { name: 'Set 7', treadNewMm: 26 })).toMatch(/^treadNewMm: must be a depth from 0 to 25 mm/);
    expect(await refused(400, 'post', sets, { name: 'Set 7', treadNewMm: 8, treadMinimumMm: 9 })).toMatch(/^treadMinimumMm: /);
    expect(await refused(400, 'post', sets, { name: 'Set 7', condition: 'worn' })).toMatch(/^condition: /);
    expect(await refused(400, 'post', sets, { name: 'Set 7', condition: 'used', earlierLaps: 40 })).toMatch(/^earlierHeatCycles: must be at least 1 for a set with earlier laps/);
    expect(await refused(400, 'post', sets, { name: 'Set 7', condition: 'used', earlierHeatCycles: -1 })).toBe('earlierHeatCycles: must be a whole number of heat cycles from 0 to 100');
    expect(await refused(400, 'post', sets, { name: 'Set 7', condition: 'used', earlierHeatCycles: 'three' })).toMatch(/^earlierHeatCycles: /);
    expect(await refused(400, 'post', sets, { name: 'Set 7', condition: 'used', earlierHeatCycles: 2, earlierLaps: 5001 })).toBe('earlierLaps: must be a whole number of laps from 0 to 5,000');
    expect(await refused(400, 'patch', set5Url, { earlierLaps: 12.5 })).toMatch(/^earlierLaps: /);
    expect(await refused(400, 'patch', set5Url, { earlierLaps: 12 })).toMatch(/^earlierHeatCycles: /);
    expect(await refused(404, 'post', sets, { name: 'Set 7', carId: rival.car.id })).toBe('Car not found');
    expect(await refused(400, 'patch', set5Url, { treadMinimumMm: 8 })).toMatch(/^treadMinimumMm: /);
    expect(await refused(400, 'post', `${set5Url}/tread`, { measuredAt: '2026-04-03T08:00:00Z', fl: [], fr: [7], rl: [7], rr: [7] })).toMatch(/^fl: /);
    expect(await refused(400, 'post', `${set5Url}/tread`, { measuredAt: '2026-04-03T08:00:00Z', fl: [7, 7, 7, 7, 7], fr: [7], rl: [7], rr: [7] })).toMatch(/^fl: /);
    expect(await refused(400, 'post', `${set5Url}/tread`, { measuredAt: '2026-04-03T08:00:00Z', fl: [7], fr: [7], rl: [-1], rr: [7] })).toMatch(/^rl/);
    expect(await refused(400, 'post', `${set5Url}/tread`, { measuredAt: '2026-04-03T08:00:00Z', fl: [7], fr: [7], rl: [7], rr: [8.5] })).toMatch(/^rr: 8.5 mm is deeper/);
    expect(await refused(400, 'post', `${set5Url}/tread`, { measuredAt: 'yesterday', fl: [7], fr: [7], rl: [7], rr: [7] })).toMatch(/^measuredAt: /);
    expect(await refused(404, 'post', sessions, { name: 'FP3', type: 'practice', startedAt: '2026-04-02T09:00:00Z', tireSetId: rivalSet.id })).toBe('Tire set not found');
    expect(await refused(400, 'post', sessions, { name: 'FP3', type: 'practice', startedAt: '2026-04-02T09:00:00Z', tireSetId: scrapped.id })).toMatch(/^tireSetId: Set 1 is scrapped/);
    expect(await refused(400, 'post', sessions, { name: 'FP3', type: 'practice', startedAt: '2026-04-02T09:00:00Z', tireSetId: 'Set 5' })).toMatch(/^tireSetId: /);
    expect((await rival.api.get(set5Url)).statusCode).toBe(404);
    expect((await rival.api.get(sets)).statusCode).toBe(404);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it("limits the tire pressure assistant's references to the sessions on one set when asked", async () => {
    const set5 = await addSet5();
    const pressures = { cold: { fl: 28, fr: 28, rl: 27, rr: 27, tempC: 18 }, hot: { fl: 34, fr: 34, rl: 33, rr: 33 } };
    const other = await created<TireSet>(owner.post(sets, { name: 'Set 7' }));
    const onSet5 = await run('Warm-up', '2026-04-03T08:00:00Z', 3, set5.id);
    const onSet7 = await run('Shakedown', '2026-04-03T10:00:00Z', 3, other.id);
    for (const s of [onSet5, onSet7]) await owner.put(`${sessions}/${s.id}/tire-pressures`, pressures);
    const referencesOf = async (query: string) =>
      ((await owner.get(`/api/cars/${team.car.id}/events/${team.raceEvent.id}/tire-pressure-suggestion?ambientC=18${query}`)).json() as { references: { sessionId: number }[] }).references.map((r) => r.sessionId);
    expect(await referencesOf('')).toEqual([onSet7.id, onSet5.id]);
    expect(await referencesOf(`&tireSetId=${set5.id}`)).toEqual([onSet5.id]);
  });

  it('deletes a set: gone from the list, its sessions keep naming it', async () => {
    const spare = await created<TireSet>(owner.post(sets, { name: 'Spare' }));
    const test = await run('Test', '2026-04-03T09:00:00Z', 1, spare.id);
    await scenario(server.pitwall).when(() => owner.delete(setUrl(spare))).thenAnswers({ status: 204, appended: 1 });
    expect((await owner.get(setUrl(spare))).statusCode).toBe(404);
    expect(((await owner.get(sets)).json() as TireSet[]).map((s) => s.name)).not.toContain('Spare');
    expect(((await owner.get(`${sessions}/${test.id}`)).json() as RunSession).tireSetId).toBe(spare.id);
  });

  it('reads a set added before earlier use existed (a v1 TireSetAdded) as one without it, on a rebuild and for the next change', async () => {
    const { pitwall } = server;
    const old = await created<TireSet>(owner.post(sets, { name: 'Set 0', condition: 'used' }));
    // Make the stored event exactly what the previous release wrote: details without earlier use, schema version 1.
    await pitwall.deps.db.query(
      `UPDATE events SET data = data #- '{details,earlierHeatCycles}' #- '{details,earlierLaps}', metadata = metadata || '{"schemaVersion":1}'
        WHERE type = 'TireSetAdded' AND stream_name = $1`,
      [`tire-set-${old.id}`],
    );
    const { rows } = await pitwall.deps.db.query<{ details: Record<string, unknown> }>(`SELECT data->'details' AS details FROM events WHERE stream_name = $1`, [`tire-set-${old.id}`]);
    expect(rows[0]!.details).not.toHaveProperty('earlierLaps');
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 50);
    const [rebuilt] = await listTireSetsWithLife(target, team.teamId, { tireSetId: old.id });
    expect(rebuilt!.set).toMatchObject({ name: 'Set 0', condition: 'used', earlierHeatCycles: 0, earlierLaps: 0, heatCycles: 0, laps: 0 });
    // The command side reads it upcast too: no earlier use is no change; some is a revision.
    await scenario(pitwall).when(() => owner.patch(setUrl(old), { earlierHeatCycles: 0, earlierLaps: 0 })).thenAnswers({ status: 200, appended: 0 });
    expect((await owner.patch(setUrl(old), { earlierHeatCycles: 2, earlierLaps: 18 })).json()).toMatchObject({ heatCycles: 2, laps: 18 });
  }, 60_000);

  it('reads a set added before barcodes existed (a v2 TireSetAdded) as one without a barcode, on a rebuild and for the next change', async () => {
    const { pitwall } = server;
    const old = await created<TireSet>(owner.post(sets, { name: 'Set 00', condition: 'used', earlierHeatCycles: 2, earlierLaps: 30 }));
    // Make the stored event exactly what the previous release wrote: details without a barcode, schema version 2.
    await pitwall.deps.db.query(
      `UPDATE events SET data = data #- '{details,barcode}', metadata = metadata || '{"schemaVersion":2}' WHERE type = 'TireSetAdded' AND stream_name = $1`,
      [`tire-set-${old.id}`],
    );
    const { rows } = await pitwall.deps.db.query<{ details: Record<string, unknown> }>(`SELECT data->'details' AS details FROM events WHERE stream_name = $1`, [`tire-set-${old.id}`]);
    expect(rows[0]!.details).not.toHaveProperty('barcode');
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 50);
    const [rebuilt] = await listTireSetsWithLife(target, team.teamId, { tireSetId: old.id });
    expect(rebuilt!.set).toMatchObject({ name: 'Set 00', barcode: null, earlierHeatCycles: 2, earlierLaps: 30 });
    await scenario(pitwall).when(() => owner.patch(setUrl(old), { barcode: '' })).thenAnswers({ status: 200, appended: 0 });
    expect((await owner.patch(setUrl(old), { barcode: '  P0-48213 ' })).json()).toMatchObject({ barcode: 'P0-48213', earlierLaps: 30 });
  }, 60_000);

  it('keeps a barcode to one set of the team that is not scrapped, naming barcode', async () => {
    const first = await created<TireSet>(owner.post(sets, { name: 'Set B1', barcode: 'BC-1001' }));
    const before = await eventCount(server.pitwall);
    expect((await owner.post(sets, { name: 'Set B2', barcode: 'bc-1001' })).json()).toEqual({ message: 'barcode: Barcode bc-1001 is already on Set B1' });
    expect((await owner.post(sets, { name: 'Set B2', barcode: 'BC 1001' })).json()).toMatchObject({ message: expect.stringMatching(/^barcode: must be 4 to 40 letters/) });
    const second = (await owner.post(sets, { name: 'Set B2', barcode: 'BC-1002' })).json() as TireSet;
    expect((await owner.patch(setUrl(second), { barcode: 'BC-1001' })).statusCode).toBe(409);
    expect(await eventCount(server.pitwall)).toBe(before + 1);
    // Scrapped, the first set frees its barcode.
    await owner.patch(setUrl(first), { condition: 'scrapped' });
    expect((await owner.patch(setUrl(second), { barcode: 'BC-1001' })).json()).toMatchObject({ barcode: 'BC-1001' });
  }, 60_000);

  it('a rebuild from position 0 gives exactly the live tire set and session usage tables', async () => {
    const { pitwall } = server;
    // At least this team's life in the tables: Set 5 with three sessions (one moved off it) and two tread measurements.
    const set5 = await set5AfterPractice();
    const spare = await created<TireSet>(owner.post(sets, { name: 'Spare' }));
    const quali = await run('Quali', '2026-04-01T16:00:00Z', 4, set5.id);
    await owner.patch(`${sessions}/${quali.id}`, { tireSetId: spare.id });
    clock.set('2026-04-02T08:00:00Z');
    for (const measuredAt of ['2026-04-01T08:00:00Z', '2026-04-02T08:00:00Z']) {
      expect((await owner.post(`${setUrl(set5)}/tread`, { measuredAt, fl: [7], fr: [7], rl: [7], rr: [7] })).statusCode).toBe(200);
    }
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 4);
    const live = await tireSetTables(pitwall.deps.db);
    const ofThisTeam = (table: string, setIds: number[]) => live[table]!.filter((row) => setIds.includes((row as { tire_set_id: number }).tire_set_id));
    expect(ofThisTeam('tire_set_sessions', [set5.id, spare.id])).toHaveLength(3);
    expect(ofThisTeam('tire_set_treads', [set5.id])).toHaveLength(2);
    expect(await tireSetTables(target)).toEqual(live);
  }, 120_000);
});
