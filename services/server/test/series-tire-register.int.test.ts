import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client } from './helpers.ts';
import { buildTestPitwall, client as newClient, databases, eventCount, MX5, openTestDatabase, rebuildReadModels, setupTeam } from './helpers.ts';

type Api = ReturnType<typeof client>;
type Register = {
  allocation: { roundId: number; setsPerCar: number | null; compound: string | null };
  sets: { entryId: number; number: string; class: string; barcode: string; registeredAt: string; tireSetId: number | null; tireSetName: string | null }[];
};

/**
 * A round's tire allocation and barcode register: the organiser sets the allocation, two teams
 * register their sets by barcode; a barcode registered twice, a set without a barcode, an entry
 * over its allocation and a round without an allocation are refused naming it and append nothing;
 * the organiser sees every entry's barcodes and nothing of the teams' tire data, a team only its own.
 */
describe.each(databases)('series tire allocation and register on $name', (database) => {
  let pitwall: Awaited<ReturnType<typeof buildTestPitwall>>;
  let organiser: Api;
  let team: Api;
  let rival: Api;
  let outsider: Api;
  let base: string;
  let rounds: number[];
  let entries: Record<string, number>;
  /** Tire sets by name, of team Apex ('A1'…) and Rival ('R1'…). */
  let sets: Record<string, number>;
  let apexTeamId: number;

  beforeAll(async () => {
    pitwall = await buildTestPitwall(database);
    const apex = await setupTeam(pitwall);
    const other = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
    organiser = (await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office' })).api;
    outsider = (await setupTeam(pitwall, { username: 'stranger', teamName: 'Elsewhere Racing' })).api;
    [team, rival] = [apex.api, other.api];
    apexTeamId = apex.user.teams[0]!.teamId;
    const series = (await organiser.post('/api/series', { name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4'] })).json() as { id: number };
    base = `/api/series/${series.id}`;
    rounds = [];
    for (const [name, date] of [['Round 1', '2026-04-12'], ['Round 2', '2026-05-10']] as const) {
      rounds.push(((await organiser.post(`${base}/rounds`, { name, location: 'Spa-Francorchamps', date })).json() as { id: number }).id);
    }
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    entries = {};
    sets = {};
    const enter = async (api: Api, teamId: number, number: string, tires: [string, string | null][]) => {
      await api.post(`/api/teams/${teamId}/series`, { code });
      const car = (await api.post('/api/cars', { ...MX5, name: `Car ${number}` })).json() as { id: number };
      const entry = await api.post(`${base}/entries`, { carId: car.id, class: 'GT4', number });
      expect(entry.statusCode, entry.body).toBe(201);
      entries[number] = (entry.json() as { id: number }).id;
      for (const [name, barcode] of tires) {
        const set = await api.post(`/api/teams/${teamId}/tire-sets`, { name, barcode, carId: car.id, compound: 'Secret Soft', notes: 'Team notes' });
        expect(set.statusCode, set.body).toBe(201);
        sets[name] = (set.json() as { id: number }).id;
      }
    };
    await enter(team, apex.user.teams[0]!.teamId, '7', [['A1', 'HK-1001'], ['A2', 'HK-1002'], ['A3', 'HK-1003'], ['Set 3', null]]);
    await enter(rival, other.user.teams[0]!.teamId, '12', [['R1', 'HK-2001'], ['R2', 'hk-1001']]);
  });
  afterAll(() => pitwall?.close());

  const register = (api: Api, round: number, entry: string, set: string) => api.post(`${base}/rounds/${round}/tire-register`, { entryId: entries[entry], tireSetId: sets[set] });

  it('refuses registering before the organiser sets the allocation, naming it, and appends nothing', async () => {
    const before = await eventCount(pitwall);
    const res = await register(team, rounds[0]!, '7', 'A1');
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'roundId: No tire allocation is set for this round yet (the organiser sets it)' }]);
    expect((await team.get(`${base}/rounds/${rounds[0]}/tire-allocation`)).json()).toEqual({ roundId: rounds[0], setsPerCar: null, compound: null });
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('lets the organiser alone set the allocation; every participant reads it', async () => {
    const url = `${base}/rounds/${rounds[0]}/tire-allocation`;
    expect((await team.put(url, { setsPerCar: 2, compound: 'Hankook Z214' })).statusCode).toBe(403);
    const res = await organiser.put(url, { setsPerCar: 2, compound: ' Hankook Z214 ' });
    expect([res.statusCode, res.json()]).toEqual([200, { roundId: rounds[0], setsPerCar: 2, compound: 'Hankook Z214' }]);
    for (const api of [team, rival]) expect((await api.get(url)).json()).toEqual({ roundId: rounds[0], setsPerCar: 2, compound: 'Hankook Z214' });
    expect((await organiser.put(url, { setsPerCar: 41, compound: 'x' })).json()).toEqual({ message: 'setsPerCar: setsPerCar must be a whole number from 1 to 40' });
    expect((await outsider.get(url)).statusCode).toBe(404);
  });

  it('registers two teams\' sets; refuses a duplicate barcode, a set without a barcode and the entry over its allocation, naming each, appending nothing', async () => {
    const round = rounds[0]!;
    const first = await register(team, round, '7', 'A1');
    expect(first.statusCode, first.body).toBe(201);
    expect((await register(rival, round, '12', 'R1')).statusCode).toBe(201);

    const before = await eventCount(pitwall);
    const refusals: [Awaited<ReturnType<typeof register>>, number, string][] = [
      // The rival's set R2 carries the same label text (another case) as Apex's A1: a label is one set's at a round.
      [await register(rival, round, '12', 'R2'), 409, 'tireSetId: Barcode hk-1001 is already registered for #7'],
      [await register(team, round, '7', 'A1'), 409, 'tireSetId: Barcode HK-1001 is already registered for #7'],
      [await register(team, round, '7', 'Set 3'), 400, 'tireSetId: Set 3 has no barcode'],
    ];
    for (const [res, status, message] of refusals) expect([res.statusCode, res.json()]).toEqual([status, { message }]);
    expect((await register(team, round, '7', 'A2')).statusCode).toBe(201);
    const after = await eventCount(pitwall);
    const over = await register(team, round, '7', 'A3');
    expect([over.statusCode, over.json()]).toEqual([409, { message: 'entryId: #7 already has 2 of 2 sets registered' }]);
    // Another team's set, or registering for another team's entry: not found.
    expect((await team.post(`${base}/rounds/${round}/tire-register`, { entryId: entries['7'], tireSetId: sets.R2 })).statusCode).toBe(404);
    expect((await team.post(`${base}/rounds/${round}/tire-register`, { entryId: entries['12'], tireSetId: sets.A3 })).statusCode).toBe(404);
    expect((await organiser.post(`${base}/rounds/${round}/tire-register`, { entryId: entries['7'], tireSetId: sets.A3 })).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(after);
    expect(after).toBe(before + 1);
  });

  it('shows the organiser every entry\'s barcodes and nothing of the teams\' tire data; a team only its own entries', async () => {
    const url = `${base}/rounds/${rounds[0]}/tire-register`;
    const seen = (await organiser.get(url)).json() as Register;
    expect(seen.allocation).toEqual({ roundId: rounds[0], setsPerCar: 2, compound: 'Hankook Z214' });
    expect(seen.sets.map((s) => [s.number, s.class, s.barcode, s.tireSetId, s.tireSetName])).toEqual([
      ['7', 'GT4', 'HK-1001', null, null], ['7', 'GT4', 'HK-1002', null, null], ['12', 'GT4', 'HK-2001', null, null],
    ]);
    expect(seen.sets.every((s) => !Number.isNaN(Date.parse(s.registeredAt)))).toBe(true);
    const body = (await organiser.get(url)).body;
    expect(body).not.toMatch(/Secret Soft|Team notes|"A1"|Apex Garage Racing/);

    const own = (await team.get(url)).json() as Register;
    expect(own.sets.map((s) => [s.number, s.barcode, s.tireSetName])).toEqual([['7', 'HK-1001', 'A1'], ['7', 'HK-1002', 'A2']]);
    const rivals = await rival.get(url);
    expect((rivals.json() as Register).sets.map((s) => [s.number, s.barcode, s.tireSetName])).toEqual([['12', 'HK-2001', 'R1']]);
    expect(rivals.body).not.toMatch(/HK-1001|HK-1002|"7"/);
    expect((await outsider.get(url)).statusCode).toBe(404);
  });

  it('lets the entry\'s team take a mis-scanned barcode off the register, freeing its place; nobody else', async () => {
    const url = `${base}/rounds/${rounds[0]}/tire-register`;
    const before = await eventCount(pitwall);
    for (const api of [rival, organiser]) expect((await api.delete(`${url}/HK-1002`)).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);
    expect((await team.delete(`${url}/hk-1002`)).statusCode).toBe(204);
    expect((await register(team, rounds[0]!, '7', 'A3')).statusCode).toBe(201);
    expect(((await team.get(url)).json() as Register).sets.map((s) => s.barcode)).toEqual(['HK-1001', 'HK-1003']);
  });

  it("lets any active member of the entry's team register, as for the team's tire sets (a mechanic, a driver)", async () => {
    await organiser.put(`${base}/rounds/${rounds[1]}/tire-allocation`, { setsPerCar: 4, compound: 'Hankook Z214' });
    for (const [username, role, set] of [['marco', 'mechanic', 'A1'], ['aiko', 'driver', 'A2']] as const) {
      const added = await team.post(`/api/teams/${apexTeamId}/members`, { username, password: 'pit-wall-2026', firstName: username, role, memberColor: '#16a34a' });
      expect(added.statusCode, added.body).toBe(201);
      const api = newClient(pitwall);
      await api.post('/api/auth/login', { username, password: 'pit-wall-2026', loginType: 'member' });
      const res = await register(api, rounds[1]!, '7', set);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(201);
    }
  });

  it("answers a new ETag once a registered set is renamed (the team reads its sets' names in the register)", async () => {
    const url = `${base}/rounds/${rounds[0]}/tire-register`;
    const first = await team.get(url);
    expect((await team.get(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    await team.patch(`/api/teams/${apexTeamId}/tire-sets/${sets.A1}`, { name: 'A1 wets' });
    const after = await team.get(url, { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Register).sets.map((s) => s.tireSetName)).toContain('A1 wets');
  });

  it('a rebuild from position 0 gives the same tire tables as the live projection', async () => {
    const target = await openTestDatabase(database);
    await rebuildReadModels(pitwall, target, 5);
    for (const table of ['series_tire_allocations', 'series_tire_register', 'tire_sets']) {
      const rows = async (db: typeof target) => (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
      expect(await rows(target), table).toEqual(await rows(pitwall.deps.db));
    }
  }, 60_000);
});
