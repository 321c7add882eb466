import { beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, type Database } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector, type Projection } from '@pitwall/read-models';
import type { Pitwall } from '../src/composition-root.ts';
import { catchUpToLast, client, databases, eventCount, lastStoredPosition, MX5, rebuildReadModels, setupTeam } from './helpers.ts';
import { givenTeam, scratchDatabase, testServer, type Api } from './scenario.ts';

/** Every read-model row, table by table, in a stable order. */
async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const tables = allProjections.flatMap((p) => p.tables);
  const result: Record<string, unknown[]> = {};
  for (const table of tables) result[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  return result;
}

describe.each(databases)('projector on $name', (database) => {
  const server = testServer(database);
  let pitwall: Pitwall;
  let api: Api;
  let carId: number;
  let base: string;
  // The history every test rebuilds, made once (the tests only read it: a test that changes something changes a team of its own).
  beforeAll(async () => {
    pitwall = server.pitwall;
    ({ api } = await setupTeam(pitwall));
    const car = (await api.post('/api/cars', MX5)).json() as { id: number };
    carId = car.id;
    base = `/api/cars/${car.id}`;
    await api.put(base, { ...MX5, power: '190 hp', tuningFileUrl: 'https://files.example/mx5', lastEngineOilChange: '2026-10-30' });
    await api.put(`${base}/gear-ratios`, [{ name: '1st', ratio: '5.087' }, { name: 'Final Drive', ratio: '2.866' }]);
    await api.put(`${base}/suspension`, { frontCamber: '-2.8°', rearCamber: '-2.0°' });
    await api.put(`${base}/tire-pressures`, { items: [{ condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' }], notes: 'R888R' });
    const item = (await api.post(`${base}/checklist`, { title: 'Torque wheel nuts' })).json() as { id: number };
    await api.patch(`${base}/checklist/${item.id}`, { isCompleted: true });
    await api.post(`${base}/checklist`, { title: 'Transponder charged' }).then((r) => api.delete(`${base}/checklist/${(r.json() as { id: number }).id}`));
    const raceEvent = (await api.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json() as { id: number };
    await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '2.866' });
    await api.put(`${base}/gear-ratios?eventId=${raceEvent.id}`, [{ name: 'Final Drive', ratio: '3.1' }]);
    const issue = (await api.post(`${base}/issues`, { title: 'Brake pedal goes long', description: 'Pedal travel grows', eventId: raceEvent.id })).json() as { id: number };
    await api.patch(`${base}/issues/${issue.id}`, { status: 'in-progress' });
    // A mechanic changes the setup, is renamed, changes it again, and is removed: each history row names him as he was then.
    const teamId = (await api.get('/api/auth/user')).json().teams[0].teamId as number;
    const mechanic = (await api.post(`/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' })).json() as { id: number };
    const marco = client(pitwall);
    await marco.post('/api/auth/login', { username: 'marco', password: 'torque-108nm', loginType: 'member' });
    await marco.put(`${base}/suspension`, { frontCamber: '-2.9°' });
    await api.patch(`/api/teams/${teamId}/members/${mechanic.id}`, { displayName: 'Marco R.', role: 'admin', memberColor: '#0055ff' });
    await marco.put(`${base}/suspension`, { frontCamber: '-3.0°' });
    await api.delete(`/api/teams/${teamId}/members/${mechanic.id}`);
    // Run sheets: a session with a driver, laps, pressures and feedback (each change merged
    // onto the session's latest history value), a driver renamed in between, a second session deleted.
    const driver = (await api.post(`/api/teams/${teamId}/members`, { username: 'aiko', password: 'apex-late-brake', firstName: 'Aiko', role: 'driver', memberColor: '#16a34a' })).json() as { id: number };
    const sessions = `${base}/events/${raceEvent.id}/sessions`;
    const session = (await api.post(sessions, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z', airTempC: 19, driverMemberId: driver.id })).json() as { id: number };
    await api.put(`${sessions}/${session.id}/laps`, { laps: [{ time: '1:50.2', kind: 'out' }, { time: '1:42.318', kind: 'timed' }, { time: '102.9', kind: 'timed' }] });
    await api.patch(`/api/teams/${teamId}/members/${driver.id}`, { displayName: 'Aiko T.' });
    await api.put(`${sessions}/${session.id}/tire-pressures`, { cold: { fl: 28, fr: 28, rl: 27, rr: 27, tempC: 18 }, hot: null });
    await api.patch(`${sessions}/${session.id}`, { feedbackTags: ['understeer-entry'], feedbackText: "It's pushing into T2" });
    await api.post(sessions, { name: 'FP2', type: 'practice', startedAt: '2026-03-21T13:00:00Z' }).then((r) => api.delete(`${sessions}/${(r.json() as { id: number }).id}`));
    // Tire pressure assistant: targets set, then a corner of its own; a session added with its cold pressures.
    await api.put(`${base}/tire-pressure-targets`, { front: 34, rear: 33 });
    await api.put(`${base}/tire-pressure-targets`, { front: 34, rear: 33, fr: 34.5 });
    await api.post(sessions, { name: 'FP3', type: 'practice', startedAt: '2026-03-21T15:00:00Z', cold: { fl: 27.5, fr: 27.5, rl: 27, rr: 27, tempC: 21 } });
  });

  it.each([7, 1000])('a rebuild from position 0 in batches of %i gives exactly the live tables', async (batchSize) => {
    const target = await scratchDatabase(database);
    await migrateReadModels(target, allProjections);
    const rebuild = new Projector({ store: pitwall.deps.store, db: target, projections: allProjections, batchSize });
    await catchUpToLast(rebuild, pitwall.deps.db);
    const live = await snapshot(pitwall.deps.db);
    expect(await snapshot(target)).toEqual(live);
    expect(rebuild.position).toEqual(pitwall.deps.projection.position);
    const names = (live.setup_history as { type: string; car_id: number; actor_display_name: string | null; value: { frontCamber?: string } }[])
      .filter((h) => h.type === 'SuspensionSet' && h.car_id === carId)
      .map((h) => [h.value.frontCamber, h.actor_display_name]);
    expect(names).toEqual([['-2.8°', 'Dana Whitfield'], ['-2.9°', 'Marco Rossi'], ['-3.0°', 'Marco R.']]);
  });

  it("a catch-up keeps the planner's statistics of the growing tables current (its keyed changes stay index lookups)", async () => {
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 7);
    const stats = async (table: string) =>
      (await target.query<{ estimated: number; rows: number }>(
        `SELECT (SELECT reltuples FROM pg_class WHERE oid = to_regclass($1))::int AS estimated, (SELECT count(*) FROM ${table})::int AS rows`,
        [table],
      )).rows[0]!;
    // Analysed after batches 1, 2, 4, …: at least half of what the table holds at the end.
    for (const table of ['setup_history', 'gear_ratios']) {
      const { estimated, rows } = await stats(table);
      expect(rows).toBeGreaterThan(0);
      expect(estimated).toBeGreaterThanOrEqual(rows / 2);
    }
  });

  it('a batch that fails on the infrastructure leaves neither rows nor checkpoint behind, and the retry applies each event once', async () => {
    const target = await scratchDatabase(database);
    await migrateReadModels(target, allProjections);
    // A lost serialization race, once: retried, never parked (an event that cannot be applied is parked instead, see parking.int.test.ts).
    await target.exec(`
      CREATE SEQUENCE fail_once_calls;
      CREATE FUNCTION fail_once() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN IF nextval('fail_once_calls') = 1 THEN RAISE EXCEPTION 'projection crashed' USING ERRCODE = '40001'; END IF; END $$;`);
    const faulty: Projection = { name: 'faulty', version: 1, tables: [], ddl: '', canHandle: ['IssueStatusChanged'], project: () => [{ text: 'SELECT fail_once()', params: ['[]'] }] };
    const projector = new Projector({ store: pitwall.deps.store, db: target, projections: [...allProjections, faulty], batchSize: 1000 });
    await expect(projector.catchUp()).rejects.toThrow('projection crashed');
    expect((await target.query('SELECT count(*)::int AS n FROM cars')).rows[0]).toEqual({ n: 0 });
    expect((await target.query('SELECT position FROM projection_checkpoints')).rows).toEqual([{ position: '-1/-1' }]);
    await catchUpToLast(projector, pitwall.deps.db);
    expect(await snapshot(target)).toEqual(await snapshot(pitwall.deps.db));
  });

  it('two instances on the same checkpoint never apply an event twice (the checkpoint row fences them)', async () => {
    const target = await scratchDatabase(database);
    await migrateReadModels(target, allProjections);
    const make = () => new Projector({ store: pitwall.deps.store, db: target, projections: allProjections, batchSize: 3 });
    await Promise.all([catchUpToLast(make(), pitwall.deps.db), catchUpToLast(make(), pitwall.deps.db)]);
    expect(await snapshot(target)).toEqual(await snapshot(pitwall.deps.db));
  });

  it('two instances following the store live never apply an event twice (the checkpoint row fences them)', async () => {
    const target = await scratchDatabase(database);
    // Records each event it applies under its position (a key): an event applied twice would be parked.
    const once: Projection = {
      name: 'once', version: 1, tables: ['applied_once'], ddl: 'CREATE TABLE applied_once (position text PRIMARY KEY)', canHandle: 'all',
      project: (events) => [{ text: 'INSERT INTO applied_once (position) SELECT jsonb_array_elements_text($1::jsonb)', params: [JSON.stringify(events.map((e) => formatPosition(e.position)))] }],
    };
    const projections = [...allProjections, once];
    await migrateReadModels(target, projections);
    const instances = [1, 2].map(() => new Projector({ store: pitwall.deps.store, db: target, projections, batchSize: 3 }));
    await Promise.all(instances.map((p) => p.start()));
    try {
      const head = formatPosition(await lastStoredPosition(pitwall.deps.db));
      await expect.poll(async () => (await target.query<{ position: string }>(`SELECT position FROM projection_checkpoints`)).rows, { timeout: 60_000 }).toEqual([{ position: head }]);
    } finally {
      await Promise.all(instances.map((p) => p.stop()));
    }
    expect((await target.query('SELECT count(*)::int AS n FROM projection_parked_events')).rows).toEqual([{ n: 0 }]);
    expect((await target.query('SELECT count(*)::int AS n FROM applied_once')).rows).toEqual([{ n: await eventCount(pitwall) }]);
    expect(await snapshot(target)).toEqual(await snapshot(pitwall.deps.db));
  });

  it('picks up from its stored checkpoint after a restart', async () => {
    // The change made between the two runs is to a car of the test's own team, not to the shared history.
    const own = await givenTeam(pitwall, { car: true });
    const target = await scratchDatabase(database);
    await migrateReadModels(target, allProjections);
    const first = new Projector({ store: pitwall.deps.store, db: target, projections: allProjections, batchSize: 5 });
    await first.catchUp();
    expect((await own.api.put(`/api/cars/${own.car.id}/suspension`, { frontCamber: '-3.0°' })).statusCode).toBe(200);
    const second = new Projector({ store: pitwall.deps.store, db: target, projections: allProjections });
    await catchUpToLast(second, pitwall.deps.db);
    expect(await snapshot(target)).toEqual(await snapshot(pitwall.deps.db));
  });
});
