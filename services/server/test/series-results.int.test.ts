import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client} from './helpers.ts';
import { buildTestPitwall, databases, eventCount, MX5, openTestDatabase, rebuildReadModels, setupTeam } from './helpers.ts';

type Api = ReturnType<typeof client>;
type Line = { position: number; number: string; teamName: string | null; points: number; wins: number; seconds: number };
type Results = { results: { number: string; classPosition: number | null; gapLaps: number | null; points: number; teamName: string | null }[]; recordedBy: string | null };

/**
 * A series' results and standings: the organiser records two rounds' classifications (typed, as the
 * timing's classification prints them), the standings follow the points table with ties broken by
 * wins then second places, a penalty recorded later re-ranks them; every participant reads them,
 * only the organiser writes them, and bad input changes nothing.
 */
describe.each(databases)('series results and standings on $name', (database) => {
  let pitwall: Awaited<ReturnType<typeof buildTestPitwall>>;
  let organiser: Api;
  let team: Api;
  let rival: Api;
  let outsider: Api;
  let base: string;
  let rounds: number[];
  let rivalTeamId: number;

  beforeAll(async () => {
    pitwall = await buildTestPitwall(database);
    const apex = await setupTeam(pitwall);
    const other = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
    organiser = (await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office' })).api;
    outsider = (await setupTeam(pitwall, { username: 'stranger', teamName: 'Elsewhere Racing' })).api;
    [team, rival] = [apex.api, other.api];
    rivalTeamId = other.user.teams[0]!.teamId;
    const series = (await organiser.post('/api/series', { name: 'GT4 Sprint Cup', season: '2026', classes: ['GT4', 'Cup'] })).json() as { id: number };
    base = `/api/series/${series.id}`;
    rounds = [];
    for (const [name, date] of [['Round 1', '2026-04-12'], ['Round 2', '2026-05-10']] as const) {
      rounds.push(((await organiser.post(`${base}/rounds`, { name, location: 'Spa-Francorchamps', date })).json() as { id: number }).id);
    }
    const { code } = (await organiser.post(`${base}/join-codes`)).json() as { code: string };
    const enter = async (api: Api, teamId: number, cars: [string, string, string][]) => {
      await api.post(`/api/teams/${teamId}/series`, { code });
      for (const [name, klass, number] of cars) {
        const car = (await api.post('/api/cars', { ...MX5, name })).json() as { id: number };
        expect((await api.post(`${base}/entries`, { carId: car.id, class: klass, number })).statusCode).toBe(201);
      }
    };
    await enter(team, apex.user.teams[0]!.teamId, [['Apex 7', 'GT4', '7'], ['Apex 3', 'Cup', '3']]);
    await enter(rival, other.user.teams[0]!.teamId, [['Rival 007', 'GT4', '007'], ['Rival 12', 'GT4', '12']]);
  });
  afterAll(() => pitwall?.close());

  it('scores two rounds, breaks a tie on wins, shares a position level on all three, and re-ranks after a penalty', async () => {
    expect((await team.get(`${base}/points-table`)).json()).toEqual({ points: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], polePoints: 0 });
    expect((await organiser.put(`${base}/points-table`, { points: [10, 6, 4], polePoints: 2 })).statusCode).toBe(200);
    const row = (number: string, position: number, laps: number, status = 'classified', pole = false) => ({ number, position, laps, bestLapMs: 141_000 + position, status, pole });

    const r1 = await organiser.put(`${base}/rounds/${rounds[0]}/results`, { results: [row('7', 1, 31), row('007', 2, 31), row('12', 3, 30), row('3', 4, 29)] });
    expect(r1.statusCode, r1.body).toBe(200);
    const read1 = r1.json() as Results;
    expect(read1.results.map((r) => [r.number, r.classPosition, r.gapLaps, r.points, r.teamName])).toEqual([
      ['7', 1, 0, 10, 'Apex Garage Racing'], ['007', 2, 0, 6, 'Rival Motorsport'], ['12', 3, 1, 4, 'Rival Motorsport'], ['3', 1, 0, 10, 'Apex Garage Racing'],
    ]);
    expect(read1.recordedBy).toBe('Dana Whitfield');
    await organiser.put(`${base}/rounds/${rounds[1]}/results`, { results: [row('12', 1, 30), row('007', 2, 30, 'classified', true), row('7', 3, 30), row('3', 4, 12, 'dnf')] });

    // By hand: 7 = 10 + 4 = 14 (a win); 12 = 4 + 10 = 14 (a win); 007 = 6 + 6 + 2 (pole) = 14 (no win, two
    // seconds): 007 is behind on wins, 7 and 12 are level on points, wins and seconds and share 1st. Cup: 3 = 10 + 0 (dnf).
    const standings = (await rival.get(`${base}/standings`)).json() as { classes: { class: string; lines: Line[] }[] };
    expect(standings.classes.map((c) => [c.class, c.lines.map((l) => [l.position, l.number, l.points, l.wins, l.seconds])])).toEqual([
      ['GT4', [[1, '7', 14, 1, 0], [1, '12', 14, 1, 0], [3, '007', 14, 0, 2]]],
      ['Cup', [[1, '3', 10, 1, 0]]],
    ]);

    // A penalty: 12 is disqualified from round 2. By hand: 007 now wins it (10 + 2 pole), 7 is second (6):
    // 007 = 6 + 12 = 18, 7 = 10 + 6 = 16, 12 = 4.
    await organiser.put(`${base}/rounds/${rounds[1]}/results`, { results: [row('12', 1, 30, 'dsq'), row('007', 2, 30, 'classified', true), row('7', 3, 30), row('3', 4, 12, 'dnf')] });
    const after = (await team.get(`${base}/standings`)).json() as { classes: { class: string; lines: Line[] }[] };
    expect(after.classes[0]!.lines.map((l) => [l.position, l.number, l.points, l.wins, l.seconds])).toEqual([[1, '007', 18, 1, 1], [2, '7', 16, 1, 1], [3, '12', 4, 0, 0]]);

    // A rebuild from position 0 gives the same results tables as the live projection.
    const target = await openTestDatabase(database);
    await rebuildReadModels(pitwall, target, 5);
    for (const table of ['series_round_results', 'series_classifications', 'series_points_tables']) {
      const rows = async (db: typeof target) => (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
      expect(await rows(target), table).toEqual(await rows(pitwall.deps.db));
    }
  });

  it("reads a classification from the timing's Analysis file (a real WEC file) without saving it", async () => {
    // FIA WEC 2025 6 Hours of Spa, Al Kamel 'Analysis' CSV, cars 7 and 007 (origin: services/contracts/test/lap-exports/README.md).
    // Counted with awk: both 150 laps; 7 finished them at 6:01:53.321, 007 at 6:02:55.738; best laps 2:04.796 and 2:05.943.
    const text = readFileSync(new URL('../../contracts/test/lap-exports/wec-2025-spa-6h-cars-7-007.csv', import.meta.url), 'utf8');
    const before = await eventCount(pitwall);
    const res = await organiser.post(`${base}/rounds/${rounds[0]}/results/preview`, { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { number: '7', position: 1, laps: 150, bestLapMs: 124_796, status: 'classified', fileClass: 'HYPERCAR', entered: true },
        { number: '007', position: 2, laps: 150, bestLapMs: 125_943, status: 'classified', fileClass: 'HYPERCAR', entered: true },
      ],
      unmatched: [],
    });
    expect((await organiser.post(`${base}/rounds/${rounds[0]}/results/preview`, { text: 'Lap,Time\n1,1:42.318' })).json()).toEqual({
      message: "text: This file is not a classification Pitwall reads: use the timing's 'Classification' or 'Analysis' CSV (Al Kamel, semicolon separated)",
    });
    expect((await team.post(`${base}/rounds/${rounds[0]}/results/preview`, { text })).statusCode).toBe(403);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it("reads a real Al Kamel 'Classification' file (ELMS 2014 Silverstone) into a preview and saves its entered cars", async () => {
    // ELMS 2014, 4 Hours of Silverstone, the race's 'Classification' CSV, whole (origin: services/contracts/test/lap-exports/README.md).
    // Counted with awk: 38 cars; #46 won (LMP2, 118 laps, best 1'51.631); #55 first LMGTE, 9th (112 laps, 2'00.077);
    // #38 'Not classified' (LMP2, 97 laps, 1'51.336); #71 'Not started' (GTC, 0 laps, no time).
    const text = readFileSync(new URL('../../contracts/test/lap-exports/elms-2014-silverstone-4h-classification.csv', import.meta.url), 'utf8');
    const series = (await organiser.post('/api/series', { name: 'ELMS replay', season: '2014', classes: ['LMP2', 'LMGTE', 'GTC'] })).json() as { id: number };
    const elms = `/api/series/${series.id}`;
    const round = ((await organiser.post(`${elms}/rounds`, { name: '4 Hours of Silverstone', location: 'Silverstone', date: '2014-04-19' })).json() as { id: number }).id;
    const { code } = (await organiser.post(`${elms}/join-codes`)).json() as { code: string };
    expect((await rival.post(`/api/teams/${rivalTeamId}/series`, { code })).statusCode).toBe(201);
    for (const [number, klass] of [['46', 'LMP2'], ['38', 'LMP2'], ['55', 'LMGTE'], ['71', 'GTC']] as const) {
      const car = (await rival.post('/api/cars', { ...MX5, name: `ELMS ${number}` })).json() as { id: number };
      expect((await rival.post(`${elms}/entries`, { carId: car.id, class: klass, number })).statusCode).toBe(201);
    }

    const before = await eventCount(pitwall);
    const res = await organiser.post(`${elms}/rounds/${round}/results/preview`, { text });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as { results: { number: string; position: number; laps: number; bestLapMs: number | null; status: string; fileClass: string; entered: boolean }[]; unmatched: string[] };
    expect(preview.results).toHaveLength(38);
    expect(preview.results.filter((r) => r.entered)).toEqual([
      { number: '46', position: 1, laps: 118, bestLapMs: 111_631, status: 'classified', fileClass: 'LMP2', entered: true },
      { number: '55', position: 9, laps: 112, bestLapMs: 120_077, status: 'classified', fileClass: 'LMGTE', entered: true },
      { number: '38', position: 36, laps: 97, bestLapMs: 111_336, status: 'dnf', fileClass: 'LMP2', entered: true },
      { number: '71', position: 38, laps: 0, bestLapMs: null, status: 'dnf', fileClass: 'GTC', entered: true },
    ]);
    expect(preview.unmatched).toHaveLength(34);
    expect(preview.unmatched.slice(0, 3)).toEqual(['34', '43', '41']);
    expect(await eventCount(pitwall)).toBe(before);

    // Saved as the organiser's screen sends it: the entered cars, no pole.
    const results = preview.results.filter((r) => r.entered).map(({ number, position, laps, bestLapMs, status }) => ({ number, position, laps, bestLapMs, status, pole: false }));
    const saved = await organiser.put(`${elms}/rounds/${round}/results`, { results });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await rival.get(`${elms}/rounds/${round}/results`)).json() as Results;
    // By hand, on the default table (25-18-…): #46 and #55 each win their class (25); #38 and #71 are out of the classification (no class position, 0).
    expect(read.results.map((r) => [r.number, r.classPosition, r.gapLaps, r.points])).toEqual([['46', 1, 0, 25], ['55', 1, 0, 25], ['38', null, null, 0], ['71', null, null, 0]]);
  });

  it('refuses bad results naming the field and appends nothing', async () => {
    const url = `${base}/rounds/${rounds[0]}/results`;
    const row = { number: '7', position: 1, laps: 31, bestLapMs: 141_210, status: 'classified' };
    const before = await eventCount(pitwall);
    const refusals: [unknown, string][] = [
      [{ results: [{ ...row, number: '99' }] }, 'results row 1 number: No car is entered under number 99 in this series'],
      [{ results: [row, { ...row, number: '007' }] }, 'results row 2 position: Position 1 appears twice'],
      [{ results: [row, { ...row, position: 2 }] }, 'results row 2 number: Number 7 appears twice'],
      [{ results: [{ ...row, pole: true }, { ...row, number: '12', position: 2, pole: true }] }, 'results row 2 pole: Only one car of class GT4 can be on pole'],
      [{ results: [{ ...row, status: 'retired' }] }, "results row 1 status: status must be 'classified', 'dnf' or 'dsq'"],
      [{ results: [{ ...row, laps: -1 }] }, 'results row 1 laps: laps must be a whole number from 0 to 10000'],
    ];
    for (const [body, message] of refusals) {
      const res = await organiser.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await organiser.put(`${base}/points-table`, { points: [10, 12] })).json()).toEqual({ message: 'points: a position may not score more than the one before it' });
    expect((await organiser.put(`${base}/rounds/999999/results`, { results: [] })).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('lets every participant read and only the organiser write; a stranger finds no series', async () => {
    const url = `${base}/rounds/${rounds[0]}/results`;
    for (const api of [team, rival]) {
      expect((await api.get(url)).statusCode).toBe(200);
      expect((await api.put(url, { results: [] })).statusCode).toBe(403);
      expect((await api.put(`${base}/points-table`, { points: [1] })).statusCode).toBe(403);
    }
    for (const path of [url, `${base}/standings`, `${base}/points-table`]) expect((await outsider.get(path)).statusCode).toBe(404);
    expect((await outsider.put(url, { results: [] })).statusCode).toBe(404);
  });
});
