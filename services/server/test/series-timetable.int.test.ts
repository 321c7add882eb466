import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { client } from './helpers.ts';
import { buildTestPitwall, databases, eventCount, MX5, openTestDatabase, rebuildReadModels, setupTeam } from './helpers.ts';

type Api = ReturnType<typeof client>;
type RaceEvent = { id: number; name: string; date: string; endsOn: string | null; round: { seriesId: number; roundId: number; entryId: number } | null };
type RunSheet = { id: number; name: string; type: string; startedAt: string };
type Timetable = { sessions: { id: number; name: string; type: string; startsAt: string; durationMinutes: number }[]; revisions: { changes: { kind: string; name: string; from: unknown; to: unknown }[] }[] };

/** A two-day round at Spa, as a series bulletin prints it (local time, CEST). */
const WEEKEND = [
  { name: 'FP1', type: 'practice', startsAt: '2026-05-02T10:00:00+02:00', durationMinutes: 60 },
  { name: 'FP2', type: 'practice', startsAt: '2026-05-02T14:30:00+02:00', durationMinutes: 60 },
  { name: 'Qualifying', type: 'qualifying', startsAt: '2026-05-03T09:15:00+02:00', durationMinutes: 20 },
  { name: 'Race', type: 'race', startsAt: '2026-05-03T14:00:00+02:00', durationMinutes: 360 },
];

/**
 * A round's timetable: the organiser publishes a two-day timetable once, and every entered car's
 * team finds the round as a race event with a run sheet per session at its time; a later change
 * moves, adds and removes sessions for every team (keeping a run sheet a team recorded laps in)
 * and says what changed; a car entered later gets it too; bad input changes nothing.
 */
describe.each(databases)('a round timetable reaching every entered team on $name', (database) => {
  let pitwall: Awaited<ReturnType<typeof buildTestPitwall>>;
  let organiser: Api;
  let apex: { api: Api; teamId: number };
  let rival: { api: Api; teamId: number };
  let code: string;

  beforeAll(async () => {
    pitwall = await buildTestPitwall(database);
    const a = await setupTeam(pitwall);
    const r = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
    organiser = (await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office' })).api;
    apex = { api: a.api, teamId: a.user.teams[0]!.teamId };
    rival = { api: r.api, teamId: r.user.teams[0]!.teamId };
  });
  afterAll(() => pitwall?.close());

  let base: string;
  let roundId: number;
  /** A fresh series per test, with a round over two days and a join code both teams used. */
  beforeEach(async () => {
    const series = (await organiser.post('/api/series', { name: `GT Cup ${Math.random()}`, season: '2026', classes: ['GT4'] })).json() as { id: number };
    base = `/api/series/${series.id}`;
    const round = await organiser.post(`${base}/rounds`, { name: 'Round 2 — Spa', location: 'Spa-Francorchamps', date: '2026-05-02', endsOn: '2026-05-03' });
    expect(round.json()).toMatchObject({ date: '2026-05-02', endsOn: '2026-05-03' });
    roundId = (round.json() as { id: number }).id;
    code = ((await organiser.post(`${base}/join-codes`)).json() as { code: string }).code;
    for (const t of [apex, rival]) expect((await t.api.post(`/api/teams/${t.teamId}/series`, { code })).statusCode).toBeLessThan(300);
  });

  async function enterCar(team: { api: Api }, name: string, number: string): Promise<number> {
    const car = (await team.api.post('/api/cars', { ...MX5, name })).json() as { id: number };
    const res = await team.api.post(`${base}/entries`, { carId: car.id, class: 'GT4', number });
    expect(res.statusCode, res.body).toBe(201);
    return car.id;
  }
  const roundEventOf = async (api: Api, carId: number) => ((await api.get(`/api/cars/${carId}/events`)).json() as RaceEvent[]).find((e) => e.round?.roundId === roundId);
  const runSheets = async (api: Api, carId: number, eventId: number) =>
    ((await api.get(`/api/cars/${carId}/events/${eventId}/sessions`)).json() as RunSheet[]).map((s) => [s.name, s.type, Date.parse(s.startedAt)]).sort((x, y) => Number(x[2]) - Number(y[2]));

  it("publishes a two-day timetable into each entered team's race event, linking a team's own race event on a day of the round", async () => {
    const apexCar = await enterCar(apex, 'Apex 7', '7');
    const rivalCar = await enterCar(rival, 'Rival 007', '007');
    // The rival had already planned the weekend on its own: that race event is linked, not doubled.
    const own = (await rival.api.post(`/api/cars/${rivalCar}/events`, { name: 'Spa weekend', location: 'Spa', date: '2026-05-02' })).json() as RaceEvent;

    const res = await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: WEEKEND });
    expect(res.statusCode, res.body).toBe(200);
    const timetable = res.json() as Timetable;
    expect(timetable.sessions.map((s) => s.name)).toEqual(['FP1', 'FP2', 'Qualifying', 'Race']);
    expect(timetable.revisions[0]!.changes.map((c) => [c.kind, c.name])).toEqual([['added', 'FP1'], ['added', 'FP2'], ['added', 'Qualifying'], ['added', 'Race']]);

    const apexEvent = await roundEventOf(apex.api, apexCar);
    expect(apexEvent).toMatchObject({ name: 'Round 2 — Spa', date: '2026-05-02T00:00:00.000Z', endsOn: '2026-05-03' });
    const rivalEvent = await roundEventOf(rival.api, rivalCar);
    expect(rivalEvent?.id).toBe(own.id);
    expect(((await rival.api.get(`/api/cars/${rivalCar}/events`)).json() as RaceEvent[]).length).toBe(1);

    const expected = WEEKEND.map((s) => [s.name, s.type, Date.parse(s.startsAt)]);
    expect(await runSheets(apex.api, apexCar, apexEvent!.id)).toEqual(expected);
    expect(await runSheets(rival.api, rivalCar, own.id)).toEqual(expected);

    const round = (await apex.api.get(`/api/cars/${apexCar}/events/${apexEvent!.id}/round`)).json() as { number: string; roundName: string; seriesName: string; timetable: Timetable };
    expect(round).toMatchObject({ number: '7', roundName: 'Round 2 — Spa' });
    expect(round.timetable.sessions).toHaveLength(4);
    // A team reaches only its own car's round; the organiser reaches no team's race event.
    expect((await rival.api.get(`/api/cars/${apexCar}/events/${apexEvent!.id}/round`)).statusCode).toBe(404);
    expect((await organiser.get(`/api/cars/${apexCar}/events/${apexEvent!.id}/sessions`)).statusCode).toBe(404);
  });

  it('updates every team when the timetable changes, keeps a run sheet holding laps, and says what changed', async () => {
    const apexCar = await enterCar(apex, 'Apex 7', '7');
    const rivalCar = await enterCar(rival, 'Rival 12', '12');
    const first = (await (await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: WEEKEND })).json()) as Timetable;
    const [, fp2, quali, race] = first.sessions;
    const apexEvent = (await roundEventOf(apex.api, apexCar))!;
    const apexFp1 = ((await apex.api.get(`/api/cars/${apexCar}/events/${apexEvent.id}/sessions`)).json() as RunSheet[]).find((s) => s.name === 'FP1')!;
    expect((await apex.api.put(`/api/cars/${apexCar}/events/${apexEvent.id}/sessions/${apexFp1.id}/laps`, { laps: [{ lapTimeMs: 142_318, kind: 'timed' }] })).statusCode).toBe(200);

    // FP1 cancelled, FP2 moved by an hour, a warm-up added on race day.
    const changed = [
      { ...fp2!, startsAt: '2026-05-02T15:30:00+02:00' },
      { name: 'Warm-up', type: 'practice', startsAt: '2026-05-03T11:00:00+02:00', durationMinutes: 15 },
      quali!, race!,
    ];
    const res = await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: changed });
    expect(res.statusCode, res.body).toBe(200);
    const changes = (res.json() as Timetable).revisions[0]!.changes.map((c) => [c.kind, c.name, c.from, c.to]);
    expect(changes).toEqual([
      ['moved', 'FP2', '2026-05-02T14:30:00+02:00', '2026-05-02T15:30:00+02:00'],
      ['added', 'Warm-up', null, '2026-05-03T11:00:00+02:00'],
      ['removed', 'FP1', '2026-05-02T10:00:00+02:00', null],
    ]);

    const fp2At = Date.parse('2026-05-02T15:30:00+02:00');
    const warmUpAt = Date.parse('2026-05-03T11:00:00+02:00');
    // Apex keeps its FP1 (it holds a lap); the rival's empty FP1 goes.
    expect((await runSheets(apex.api, apexCar, apexEvent.id)).map((s) => s[0])).toEqual(['FP1', 'FP2', 'Qualifying', 'Warm-up', 'Race']);
    const rivalEvent = (await roundEventOf(rival.api, rivalCar))!;
    const rivalSheets = await runSheets(rival.api, rivalCar, rivalEvent.id);
    expect(rivalSheets.map((s) => s[0])).toEqual(['FP2', 'Qualifying', 'Warm-up', 'Race']);
    expect(rivalSheets[0]![2]).toBe(fp2At);
    expect(rivalSheets[2]![2]).toBe(warmUpAt);
    const round = (await rival.api.get(`/api/cars/${rivalCar}/events/${rivalEvent.id}/round`)).json() as { timetable: Timetable };
    expect(round.timetable.revisions).toHaveLength(2);

    // Publishing the same timetable again changes nothing.
    const before = await eventCount(pitwall);
    expect((await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: (res.json() as Timetable).sessions })).statusCode).toBe(200);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('keeps one race event per car when each publication carries an Idempotency-Key, as the web sends every write', async () => {
    const cars = [await enterCar(apex, 'Apex 7', '7'), await enterCar(apex, 'Apex 8', '8')];
    const rivalCar = await enterCar(rival, 'Rival 12', '12');
    const url = `${base}/rounds/${roundId}/timetable`;
    const first = (await organiser.put(url, { sessions: WEEKEND }, { 'Idempotency-Key': `tt-${roundId}-1` })).json() as Timetable;
    const moved = first.sessions.map((s) => (s.name === 'FP1' ? { ...s, startsAt: '2026-05-02T11:00:00+02:00' } : s));
    expect((await organiser.put(url, { sessions: moved }, { 'Idempotency-Key': `tt-${roundId}-2` })).statusCode).toBe(200);
    for (const [api, carId] of [[apex.api, cars[0]!], [apex.api, cars[1]!], [rival.api, rivalCar]] as const) {
      const events = ((await api.get(`/api/cars/${carId}/events`)).json() as RaceEvent[]).filter((e) => e.round?.roundId === roundId);
      expect(events, `car ${carId}`).toHaveLength(1);
      const sheets = await runSheets(api, carId, events[0]!.id);
      expect(sheets.map((s) => s[0])).toEqual(['FP1', 'FP2', 'Qualifying', 'Race']);
      expect(sheets[0]![2]).toBe(Date.parse('2026-05-02T11:00:00+02:00'));
    }
  });

  it('gives a car entered after publication the round and its run sheets', async () => {
    await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: WEEKEND });
    const late = await enterCar(apex, 'Apex late', '77');
    const raceEvent = (await roundEventOf(apex.api, late))!;
    expect((await runSheets(apex.api, late, raceEvent.id)).map((s) => s[0])).toEqual(['FP1', 'FP2', 'Qualifying', 'Race']);
  });

  it('refuses a bad timetable naming the field, and an entrant, and appends nothing', async () => {
    await enterCar(apex, 'Apex 7', '7');
    const url = `${base}/rounds/${roundId}/timetable`;
    const before = await eventCount(pitwall);
    const refusals: [unknown, number, string][] = [
      [{ sessions: [WEEKEND[0], { ...WEEKEND[1], startsAt: '2026-05-04T10:00:00+02:00' }] }, 400, 'sessions row 2 startsAt: FP2 must start on a day of the round (from 2026-05-02 to 2026-05-03)'],
      [{ sessions: [{ ...WEEKEND[0], id: 999_999 }] }, 400, "sessions row 1 id: No session 999999 in this round's timetable"],
      [{ sessions: [WEEKEND[0], { ...WEEKEND[1], name: 'fp1' }] }, 400, "sessions row 2 name: Session name 'fp1' appears twice"],
      [{ sessions: [{ ...WEEKEND[0], durationMinutes: 0 }] }, 400, 'sessions row 1 durationMinutes: durationMinutes must be a whole number of minutes from 1 to 1500'],
      [{ sessions: [{ ...WEEKEND[0], type: 'warmup' }] }, 400, 'sessions row 1 type: type must be one of test, practice, qualifying, race'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await organiser.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect((await apex.api.put(url, { sessions: WEEKEND })).statusCode).toBe(403);
    expect((await organiser.put(`${base}/rounds/999999/timetable`, { sessions: WEEKEND })).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it("warns on the race event where the setup falls short of the car's BoP (ballast, corner-weight total)", async () => {
    const carId = await enterCar(apex, 'Apex 7', '7');
    await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: WEEKEND });
    const entryId = ((await organiser.get(`${base}/entries`)).json() as { id: number; number: string }[]).find((e) => e.number === '7')!.id;
    expect((await organiser.put(`${base}/rounds/${roundId}/entries/${entryId}/bop`, { ballastKg: 15, restrictorMm: 36, minWeightKg: 1250, notes: 'After Round 1' })).statusCode).toBe(200);
    const raceEvent = (await roundEventOf(apex.api, carId))!;
    const roundUrl = `/api/cars/${carId}/events/${raceEvent.id}/round`;
    // Nothing recorded yet: nothing to compare, no warning.
    expect((await apex.api.get(roundUrl)).json()).toMatchObject({ bop: { ballastKg: 15, minWeightKg: 1250 }, bopWarnings: [] });

    // The race event's sheet carries 10 kg of ballast; its scales read 300 + 300 + 310 + 310 = 1,220 kg.
    expect((await apex.api.put(`/api/cars/${carId}/events/${raceEvent.id}/setup-sheet`, { ballastKg: 10 })).statusCode).toBe(200);
    expect((await apex.api.put(`/api/cars/${carId}/corner-weights`, { eventId: raceEvent.id, fl: 300, fr: 300, rl: 310, rr: 310 })).statusCode).toBe(200);
    expect(((await apex.api.get(roundUrl)).json() as { bopWarnings: unknown[] }).bopWarnings).toEqual([
      { kind: 'ballast', message: 'Setup ballast 10 kg is below the BoP ballast of 15 kg' },
      { kind: 'minWeight', message: 'Corner-weight total 1,220 kg is below the BoP minimum weight of 1,250 kg' },
    ]);
  });

  it("keeps a team's own race event over several days, and refuses an end before its start", async () => {
    const car = (await apex.api.post('/api/cars', { ...MX5, name: 'Test car' })).json() as { id: number };
    const created = await apex.api.post(`/api/cars/${car.id}/events`, { name: 'Two-day test', location: 'Sonoma', date: '2026-06-10', endsOn: '2026-06-11' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ endsOn: '2026-06-11', round: null });
    const bad = await apex.api.post(`/api/cars/${car.id}/events`, { name: 'Backwards', location: 'Sonoma', date: '2026-06-10', endsOn: '2026-06-09' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'endsOn: End date must not be before the event date' });
  });

  it('rebuilds the timetables and the delivered race events equal to live', async () => {
    await enterCar(apex, 'Apex 7', '7');
    await organiser.put(`${base}/rounds/${roundId}/timetable`, { sessions: WEEKEND });
    const target = await openTestDatabase(database);
    await rebuildReadModels(pitwall, target, 7);
    for (const table of ['round_timetable_sessions', 'round_timetable_revisions', 'race_events', 'series_rounds', 'run_sessions']) {
      const rows = async (db: typeof target) => (await db.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
      expect(await rows(target), table).toEqual(await rows(pitwall.deps.db));
    }
  });
});
