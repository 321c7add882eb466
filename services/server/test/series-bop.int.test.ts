import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bopOfEntry } from '@pitwall/read-models';
import { buildTestPitwall, client, databases, eventCount, MX5, openTestDatabase, rebuildReadModels, setupTeam } from './helpers.ts';

type Api = ReturnType<typeof client>;
type Bop = { roundId: number; entryId: number; number: string; class: string; ballastKg: number; restrictorMm: number | null; minWeightKg: number | null; notes: string | null; setBy: string; setAt: string };

/**
 * Balance of performance: the organiser sets each entered car's BoP for a round and revises it;
 * the car's team (any member) reads its own, another entered team never (404, and its list holds
 * only its own cars); an entrant cannot set one; bad bodies and withdrawn entries change nothing;
 * a rebuild of the read model equals the live one.
 */
describe.each(databases)('series balance of performance on $name', (database) => {
  let pitwall: Awaited<ReturnType<typeof buildTestPitwall>>;
  let organiser: Api;
  let team: Api;
  let mechanic: Api;
  let rival: Api;
  let outsider: Api;
  let base: string;
  let seriesId: number;
  let round: number;
  let entries: Record<'apex7' | 'apex3' | 'rival12', number>;
  const bopUrl = (entryId: number, roundId = round) => `${base}/rounds/${roundId}/entries/${entryId}/bop`;

  beforeAll(async () => {
    pitwall = await buildTestPitwall(database);
    const apex = await setupTeam(pitwall);
    const other = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
    organiser = (await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office', ownerName: 'Clara Marshall' })).api;
    outsider = (await setupTeam(pitwall, { username: 'stranger', teamName: 'Elsewhere Racing' })).api;
    [team, rival] = [apex.api, other.api];
    const teamId = apex.user.teams[0]!.teamId;
    expect((await team.post(`/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' })).statusCode).toBe(201);
    mechanic = client(pitwall);
    await mechanic.post('/api/auth/login', { username: 'marco', password: 'torque-108nm', loginType: 'member' });
    const series = (await organiser.post('/api/series', { name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4', 'Cup'] })).json() as { id: number };
    seriesId = series.id;
    base = `/api/series/${series.id}`;
    round = ((await organiser.post(`${base}/rounds`, { name: 'Round 1', location: 'Spa-Francorchamps', date: '2026-04-12' })).json() as { id: number }).id;
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    const enter = async (api: Api, name: string, klass: string, number: string) => {
      const car = (await api.post('/api/cars', { ...MX5, name })).json() as { id: number };
      const res = await api.post(`${base}/entries`, { carId: car.id, class: klass, number });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    await team.post(`/api/teams/${teamId}/series`, { code });
    await rival.post(`/api/teams/${other.user.teams[0]!.teamId}/series`, { code });
    entries = {
      apex7: await enter(team, 'Apex 7', 'GT4', '7'),
      apex3: await enter(team, 'Apex 3', 'Cup', '3'),
      rival12: await enter(rival, 'Rival 12', 'GT4', '12'),
    };
  });
  afterAll(() => pitwall?.close());

  it('lets the organiser set and revise a BoP, who and when recorded; the entry\'s team reads its own', async () => {
    const first = await organiser.put(bopUrl(entries.apex7), { ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: 'Success ballast after the test day' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      roundId: round, entryId: entries.apex7, number: '7', class: 'GT4', ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: 'Success ballast after the test day', setBy: 'Clara Marshall',
    });
    const revised = (await organiser.put(bopUrl(entries.apex7), { ballastKg: 22.5, restrictorMm: null, minWeightKg: 1270 })).json() as Bop;
    expect(revised).toMatchObject({ ballastKg: 22.5, restrictorMm: null, minWeightKg: 1270, notes: null });
    expect(Date.parse(revised.setAt)).toBeGreaterThanOrEqual(Date.parse((first.json() as Bop).setAt));
    // The same BoP again changes nothing.
    const before = await eventCount(pitwall);
    expect((await organiser.put(bopUrl(entries.apex7), { ballastKg: 22.5, restrictorMm: null, minWeightKg: 1270 })).statusCode).toBe(200);
    expect(await eventCount(pitwall)).toBe(before);
    await organiser.put(bopUrl(entries.rival12), { ballastKg: 5, restrictorMm: 38, minWeightKg: null, notes: 'Rival only' });

    for (const api of [team, mechanic]) {
      expect((await api.get(bopUrl(entries.apex7))).json()).toEqual(revised);
      expect(((await api.get(`${base}/rounds/${round}/bop`)).json() as Bop[]).map((b) => b.number)).toEqual(['7']);
    }
    expect(((await organiser.get(`${base}/rounds/${round}/bop`)).json() as Bop[]).map((b) => [b.number, b.ballastKg])).toEqual([['7', 22.5], ['12', 5]]);
    // Not set yet for Apex 3: none to read.
    expect((await team.get(bopUrl(entries.apex3))).statusCode).toBe(404);
    expect(await bopOfEntry(pitwall.deps.db, seriesId, round, entries.apex7)).toEqual(revised);
    expect(await bopOfEntry(pitwall.deps.db, seriesId, round, entries.apex3)).toBeNull();
  });

  it("keeps a team's BoP from another entered team and from strangers; only the organiser sets one", async () => {
    expect((await rival.get(bopUrl(entries.apex7))).statusCode).toBe(404);
    const list = await rival.get(`${base}/rounds/${round}/bop`);
    expect((list.json() as Bop[]).map((b) => b.number)).toEqual(['12']);
    expect(list.body).not.toMatch(/Apex|"7"/);
    for (const path of [bopUrl(entries.apex7), `${base}/rounds/${round}/bop`]) expect((await outsider.get(path)).statusCode).toBe(404);

    const before = await eventCount(pitwall);
    const body = { ballastKg: 0, restrictorMm: null, minWeightKg: null };
    for (const api of [team, mechanic, rival]) expect((await api.put(bopUrl(entries.apex7), body)).statusCode).toBe(403);
    expect((await team.put(bopUrl(entries.apex7), body)).json()).toEqual({ message: 'Only the series organiser can set the balance of performance' });
    expect((await outsider.put(bopUrl(entries.apex7), body)).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('refuses bad bodies naming the field, an unknown round or entry and a withdrawn entry, appending nothing', async () => {
    const ok = { ballastKg: 10, restrictorMm: 36, minWeightKg: 1250 };
    const before = await eventCount(pitwall);
    const refusals: [unknown, string][] = [
      [{ ...ok, ballastKg: 201 }, 'ballastKg: ballastKg must be a number from 0 to 200 kg'],
      [{ ...ok, ballastKg: -1 }, 'ballastKg: ballastKg must be a number from 0 to 200 kg'],
      [{ restrictorMm: 36, minWeightKg: 1250 }, 'ballastKg: ballastKg must be a number from 0 to 200 kg'],
      [{ ...ok, restrictorMm: 8 }, 'restrictorMm: restrictorMm must be a number from 10 to 100 mm'],
      [{ ...ok, minWeightKg: 3000 }, 'minWeightKg: minWeightKg must be a number from 500 to 2500 kg'],
      [{ ...ok, minWeightKg: '1250' }, 'minWeightKg: minWeightKg must be a number from 500 to 2500 kg'],
      [{ ...ok, notes: 'x'.repeat(2001) }, 'notes: must be at most 2000 characters'],
    ];
    for (const [body, message] of refusals) {
      const res = await organiser.put(bopUrl(entries.apex3), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await organiser.put(bopUrl(entries.apex3, 999_999), ok).then((r) => [r.statusCode, r.json()])).toEqual([404, { message: 'Round not found' }]);
    expect(await organiser.put(bopUrl(999_999), ok).then((r) => [r.statusCode, r.json()])).toEqual([404, { message: 'Entry not found' }]);
    expect(await eventCount(pitwall)).toBe(before);

    // Apex 3 is withdrawn: no BoP for it any more.
    expect((await team.delete(`${base}/entries/${entries.apex3}`)).statusCode).toBe(204);
    const afterWithdrawal = await eventCount(pitwall);
    expect(await organiser.put(bopUrl(entries.apex3), ok).then((r) => [r.statusCode, r.json()])).toEqual([404, { message: 'Entry not found' }]);
    expect(await eventCount(pitwall)).toBe(afterWithdrawal);
  });

  it('rebuilds series_bop from the events exactly as the live projection holds it', async () => {
    const target = await openTestDatabase(database);
    await rebuildReadModels(pitwall, target, 3);
    const rows = async (db: typeof target) => (await db.query(`SELECT * FROM series_bop ORDER BY 1`)).rows;
    const live = await rows(pitwall.deps.db);
    expect(live).toHaveLength(2);
    expect(await rows(target)).toEqual(live);
  });
});
