import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { allProjections } from '@pitwall/read-models';
import { createPostgresEventStore, type Database } from '@pitwall/eventstore';
import { client, databases, eventCount, MX5, rebuildReadModels } from './helpers.ts';
import { created, givenTeam, scratchDatabase, testServer, type Api, type Team } from './scenario.ts';

type Json = Record<string, unknown>;
const GT86 = { ...MX5, name: 'GT86 #12', makeModel: 'Toyota GT86', year: 2019, carClass: 'GT4' };

/** Every series read-model row, table by table. */
async function seriesTables(db: Database): Promise<Record<string, unknown[]>> {
  const tables = allProjections.find((p) => p.name === 'series')!.tables;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  return out;
}

/**
 * Each test has teams of its own (beforeEach): the entrant (named as the demo's 'Apex Garage
 * Racing', with its MX-5, the MX-5's engine record and a GT86), a series office and a rival with a car.
 */
describe.each(databases)('series on $name', (database) => {
  const server = testServer(database);
  let team: Api;
  let user: Team['user'];
  let teamId: number;
  let teamOwner: Team;
  let organiser: Api;
  let rival: Api;
  let rivalTeamId: number;
  let mx5: { id: number };
  let gt86: { id: number };
  let rivalCar: { id: number };
  beforeEach(async () => {
    const { pitwall } = server;
    teamOwner = await givenTeam(pitwall, { team: { teamName: 'Apex Garage Racing' }, car: true });
    ({ api: team, user, teamId, car: mx5 } = teamOwner);
    organiser = (await givenTeam(pitwall, { team: { teamName: 'Series Office' } })).api;
    const rivalTeam = await givenTeam(pitwall, { team: { teamName: 'Rival Motorsport' }, car: { name: 'Rival MX-5' } });
    ({ api: rival, teamId: rivalTeamId, car: rivalCar } = rivalTeam);
    gt86 = await created(team.post('/api/cars', GT86));
    expect((await team.put(`/api/cars/${mx5.id}`, { ...MX5, lastEngineBuild: '2026-02-01', lastEngineOilChange: '2026-03-01', tuningFileUrl: 'https://tune.example/secret' })).statusCode).toBe(200);
  });

  it('runs a series end to end: create, rounds, code, enter, passports only, scrutineering, withdraw', async () => {
    const { pitwall } = server;
    const made = await organiser.post('/api/series', { name: 'Club Sprint Cup', season: '2026', classes: ['Cup', 'GT4'] });
    expect(made.statusCode, made.body).toBe(201);
    const series = made.json() as { id: number; role: string };
    expect(series).toMatchObject({ name: 'Club Sprint Cup', season: '2026', classes: ['Cup', 'GT4'], role: 'organiser', rounds: [], joinCodes: [] });
    const base = `/api/series/${series.id}`;
    const round = (await organiser.post(`${base}/rounds`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12' })).json() as { id: number };
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const items = (await organiser.put(`${base}/scrutineering-items`, { items: [{ title: 'Seat FIA label valid' }, { title: 'Fire extinguisher armed' }] })).json() as { id: number }[];
    expect(items).toHaveLength(2);

    // Bad input: 400 naming the field, nothing appended.
    const before = await eventCount(pitwall);
    expect((await team.post(`/api/teams/${teamId}/series`, { code: 'NOPE' })).json()).toEqual({ message: expect.stringMatching(/^code: /) });
    expect((await team.post(`/api/teams/${teamId}/series`, { code: 'ZZZZ-ZZZZ' })).json()).toEqual({ message: 'code: This join code is not valid or has expired' });
    expect((await team.post(`${base}/entries`, { carId: mx5.id, class: 'Cup', number: '27' })).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);

    const entered = await team.post(`/api/teams/${teamId}/series`, { code: code.toLowerCase() });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json()).toMatchObject({ seriesId: series.id, seriesName: 'Club Sprint Cup', teamId });
    expect((await team.post(`/api/teams/${teamId}/series`, { code })).statusCode).toBe(200);
    expect((await team.post(`${base}/entries`, { carId: mx5.id, class: 'Formula', number: '27' })).json()).toEqual({ message: "class: The series has no class 'Formula' (classes: Cup, GT4)" });
    const a = (await team.post(`${base}/entries`, { carId: mx5.id, class: 'cup', number: '27' })).json() as { id: number };
    expect((await team.post(`${base}/entries`, { carId: gt86.id, class: 'GT4', number: '27' })).json()).toEqual({ message: 'number: Number 27 is already taken in this series' });
    expect((await team.post(`${base}/entries`, { carId: mx5.id, class: 'GT4', number: '28' })).statusCode).toBe(409);
    const b = (await team.post(`${base}/entries`, { carId: gt86.id, class: 'GT4', number: '12' })).json() as { id: number };

    // The rival enters too, and sees only its own entry; the organiser sees both teams' cars with the passport fields only.
    await rival.post(`/api/teams/${rivalTeamId}/series`, { code });
    const r = (await rival.post(`${base}/entries`, { carId: rivalCar.id, class: 'Cup', number: '5' })).json() as { id: number };
    expect(((await rival.get(`${base}/entries`)).json() as Json[]).map((e) => e.id)).toEqual([r.id]);
    expect((await rival.get(`${base}/rounds/${round.id}/scrutineering/${a.id}`)).statusCode).toBe(404);
    const list = (await organiser.get(`${base}/entries`)).json() as Json[];
    expect(list.map((e) => [e.class, e.number, e.teamName])).toEqual([['Cup', '5', 'Rival Motorsport'], ['Cup', '27', 'Apex Garage Racing'], ['GT4', '12', 'Apex Garage Racing']]);
    expect(list[1]).toEqual({
      id: a.id, number: '27', class: 'Cup', teamName: 'Apex Garage Racing',
      passport: { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, carClass: 'Other', color: '#c8102e', engine: MX5.engine, transmission: MX5.transmission, weight: MX5.weight, power: MX5.power, lastEngineBuild: '2026-02-01', lastTransmissionBuild: null },
    });
    // The passport is read at request time: the car's own change shows at once.
    await team.put(`/api/cars/${mx5.id}`, { ...MX5, weight: '1070 kg' });
    expect(((await organiser.get(`${base}/entries`)).json() as { id: number; passport: Json }[]).find((e) => e.id === a.id)!.passport.weight).toBe('1070 kg');
    // Organising reaches no team's car.
    expect((await organiser.get(`/api/cars/${mx5.id}`)).statusCode).toBe(404);
    expect((await organiser.get(`/api/cars/${mx5.id}/history`)).statusCode).toBe(404);

    // Scrutineering: the organiser only; who and when recorded; the team reads its results.
    const sheet = `${base}/rounds/${round.id}/scrutineering`;
    expect((await team.put(`${sheet}/${a.id}`, { results: [{ itemId: items[0]!.id, status: 'pass' }] })).statusCode).toBe(403);
    expect((await organiser.put(`${sheet}/${a.id}`, { results: [{ itemId: items[0]!.id, status: 'ok' }] })).json()).toEqual({ message: "results row 1 status: status must be 'pass', 'fail' or 'reinspect'" });
    expect((await organiser.put(`${sheet}/${a.id}`, { results: [{ itemId: 999, status: 'pass' }] })).json()).toEqual({ message: "results row 1 itemId: No scrutineering item 999 on this series' checklist" });
    const passed = await organiser.put(`${sheet}/${a.id}`, { results: items.map((i) => ({ itemId: i.id, status: 'pass' })) });
    expect(passed.statusCode, passed.body).toBe(200);
    await organiser.put(`${sheet}/${b.id}`, { results: [{ itemId: items[0]!.id, status: 'pass' }, { itemId: items[1]!.id, status: 'fail', notes: 'Extinguisher pin missing' }] });
    const teamSheets = (await team.get(sheet)).json() as { entryId: number; results: Json[] }[];
    expect(teamSheets.map((s) => s.entryId)).toEqual([a.id, b.id]);
    expect(teamSheets[1]!.results[1]).toEqual({ itemId: items[1]!.id, title: 'Fire extinguisher armed', status: 'fail', notes: 'Extinguisher pin missing', recordedBy: 'Dana Whitfield', recordedAt: expect.any(String) });
    expect((await team.get(`${sheet}/${b.id}`)).json()).toMatchObject({ number: '12', class: 'GT4', teamName: 'Apex Garage Racing', carName: 'GT86 #12', withdrawn: false });
    const audit = (await pitwall.deps.store.readStream(`series-${series.id}`)).filter((e) => e.type === 'ScrutineeringRecorded');
    expect(audit.at(-1)!.metadata).toMatchObject({ userId: expect.any(Number), at: expect.any(String), correlationId: expect.any(String) });

    // Withdrawal: gone from the organiser's entry list at once; the past results name only number and class.
    expect((await organiser.delete(`${base}/entries/${b.id}`)).statusCode).toBe(404);
    expect((await team.delete(`${base}/entries/${b.id}`)).statusCode).toBe(204);
    expect(((await organiser.get(`${base}/entries`)).json() as Json[]).map((e) => e.id)).toEqual([r.id, a.id]);
    const kept = (await organiser.get(`${sheet}/${b.id}`)).json() as Json;
    expect(kept).toMatchObject({ number: '12', class: 'GT4', withdrawn: true, teamName: null, carName: null });
    expect(JSON.stringify(kept)).not.toContain('GT86');
    expect((await team.get(`${sheet}/${b.id}`)).statusCode).toBe(404);
    expect((await organiser.put(`${sheet}/${b.id}`, { results: [{ itemId: items[0]!.id, status: 'fail' }] })).statusCode).toBe(404);
    // Its number is free again.
    expect((await team.post(`${base}/entries`, { carId: gt86.id, class: 'GT4', number: '12' })).statusCode).toBe(201);
    // Join codes are the organiser's: an entrant's view of the series has none.
    expect((await team.get(base)).json()).toMatchObject({ role: 'entrant', joinCodes: [], myTeams: [{ teamId, teamName: 'Apex Garage Racing', myRole: 'owner' }] });
    expect(((await team.get('/api/series')).json() as Json[]).map((s) => s.id)).toEqual([series.id]);

    // Leaving: the team's cars leave the organiser's list, the team loses the series, the results stay by number and class.
    expect((await team.delete(`/api/teams/${teamId}/series/${series.id}`)).statusCode).toBe(204);
    expect(((await organiser.get(`${base}/entries`)).json() as Json[]).map((e) => e.id)).toEqual([r.id]);
    expect((await team.get(base)).statusCode).toBe(404);
    expect((await team.get('/api/series')).json()).toEqual([]);
    expect((await organiser.get(`${sheet}/${a.id}`)).json()).toMatchObject({ number: '27', class: 'Cup', withdrawn: true, teamName: null, carName: null, results: [{ status: 'pass' }, { status: 'pass' }] });
    expect((await team.delete(`/api/teams/${teamId}/series/${series.id}`)).statusCode).toBe(404);
  });

  it('refuses a member below admin to enter the team or its cars (403)', async () => {
    const mech = `mech-of-${teamOwner.username}`;
    await created(team.post(`/api/teams/${teamId}/members`, { username: mech, password: 'spanner-42', firstName: 'Mech', role: 'mechanic', memberColor: '#16a34a' }));
    const mechanic = client(server.pitwall);
    expect((await mechanic.post('/api/auth/login', { username: mech, password: 'spanner-42', loginType: 'member' })).statusCode).toBe(200);
    const series = (await organiser.post('/api/series', { name: 'Winter Series', season: '2026/27', classes: ['Open'] })).json() as { id: number };
    const { code } = (await organiser.post(`/api/series/${series.id}/join-codes`)).json() as { code: string };
    expect((await mechanic.post(`/api/teams/${teamId}/series`, { code })).json()).toEqual({ message: 'Only the team owner or an admin can enter the team in a series' });
  });

  it('entry numbers are text: "007" and "7" both race; an integer number stored by the previous version reads as its digits', async () => {
    const series = (await organiser.post('/api/series', { name: 'Bond Trophy', season: '2026', classes: ['Cup'] })).json() as { id: number };
    const base = `/api/series/${series.id}`;
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    await team.post(`/api/teams/${teamId}/series`, { code });
    // The previous version stored CarEntered with an integer number (schema version 1).
    const legacy = createPostgresEventStore(server.pitwall.deps.db, { schemas: {} });
    const metadata = { userId: user.id, teamId, correlationId: 'legacy', causationId: null, at: '2026-03-21T10:00:00.000Z' };
    await legacy.appendToStream(`series-${series.id}`, [{ id: randomUUID(), type: 'CarEntered', data: { seriesId: series.id, entryId: 990_001, teamId, carId: mx5.id, class: 'Cup', number: 7, enteredAt: metadata.at }, metadata }], { expectedRevision: 'any' });
    await expect.poll(async () => (await organiser.get(`${base}/entries`)).json(), { timeout: 10_000 }).toMatchObject([{ id: 990_001, number: '7', class: 'Cup' }]);

    expect((await team.post(`${base}/entries`, { carId: gt86.id, class: 'Cup', number: '7' })).json()).toEqual({ message: 'number: Number 7 is already taken in this series' });
    expect((await team.post(`${base}/entries`, { carId: gt86.id, class: 'Cup', number: 7 })).json()).toEqual({ message: expect.stringMatching(/^number: /) });
    expect((await team.post(`${base}/entries`, { carId: gt86.id, class: 'Cup', number: '000' })).json()).toEqual({ message: 'number: Number must be a whole number from 1 to 999' });
    const bond = await team.post(`${base}/entries`, { carId: gt86.id, class: 'Cup', number: '007' });
    expect(bond.statusCode, bond.body).toBe(201);
    expect(((await organiser.get(`${base}/entries`)).json() as Json[]).map((e) => e.number)).toEqual(['007', '7']);
    await team.delete(`/api/teams/${teamId}/series/${series.id}`);
  });

  it('a rebuild from position 0 gives exactly the live series tables', async () => {
    const { pitwall } = server;
    // At least this test's series in the tables: a round, a checklist item, the team's entry and its scrutineering result.
    const series = await created(organiser.post('/api/series', { name: 'Club Sprint Cup', season: '2026', classes: ['Cup'] }));
    const base = `/api/series/${series.id}`;
    const round = await created(organiser.post(`${base}/rounds`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-12' }));
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    const [item] = (await organiser.put(`${base}/scrutineering-items`, { items: [{ title: 'Seat FIA label valid' }] })).json() as { id: number }[];
    expect((await team.post(`/api/teams/${teamId}/series`, { code })).statusCode).toBe(201);
    const entry = await created(team.post(`${base}/entries`, { carId: mx5.id, class: 'Cup', number: '27' }));
    expect((await organiser.put(`${base}/rounds/${round.id}/scrutineering/${entry.id}`, { results: [{ itemId: item!.id, status: 'pass' }] })).statusCode).toBe(200);
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 5);
    const live = await seriesTables(pitwall.deps.db);
    expect(live.scrutineering_results!.filter((row) => (row as { entry_id: number }).entry_id === entry.id)).toHaveLength(1);
    expect(await seriesTables(target)).toEqual(live);
  });
});
