import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, RacePlan, RunSession, TireSet } from '@pitwall/contracts';
import { createPostgresEventStore } from '@pitwall/eventstore';
import { databases, eventCount, rebuildReadModels } from './helpers.ts';
import { created, givenTeam, scratchDatabase, testServer, type Api, type Team } from './scenario.ts';

/** `count` laps of 2:00.000 (120 s) each, all timed. */
const laps = (count: number) => ({ laps: Array.from({ length: count }, () => ({ time: '2:00.000', kind: 'timed' })) });
/** A stint of `driverMemberId` over laps from–to, with `fuelAddedLitres` added at its stop. */
const stint = (driverMemberId: number, fromLap: number, toLap: number, fuelAddedLitres: number | null = 0, extra: Record<string, unknown> = {}) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres, pitStopMs: fromLap === 1 ? 0 : 65_000, notes: null, ...extra });

let drivers = 0;

/**
 * Each test has a team of its own (beforeEach) with drivers Aiko and Ben, a car, the 6 Hours of
 * Sonoma with a race session of 40 laps started on 60 L, and tire set Set 2; the stints, fuel at
 * the end and race plan a test reads, it saves itself.
 */
describe.each(databases)('endurance API on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let user: Team['user'];
  let car: { id: number };
  let aiko: { id: number };
  let ben: { id: number };
  let eventUrl: string;
  let raceEvent: { id: number };
  let raceUrl: string;
  let set2: TireSet;
  beforeEach(async () => {
    ({ api: owner, teamId, user, car, raceEvent } = await givenTeam(server.pitwall, { raceEvent: { name: '6 Hours of Sonoma', location: 'Sonoma Raceway', date: '2026-06-13' } }));
    const n = ++drivers;
    const member = (username: string, firstName: string) =>
      created(owner.post(`/api/teams/${teamId}/members`, { username: `${username}${n}`, password: 'pit-lane-2026', firstName, lastName: 'Driver', role: 'driver', memberColor: '#16a34a' }));
    aiko = await member('aiko', 'Aiko');
    ben = await member('bennett', 'Ben');
    eventUrl = `/api/cars/${car.id}/events/${raceEvent.id}`;
    const race = await created<RunSession>(owner.post(`${eventUrl}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-06-13T10:00:00Z', fuelLitres: 60 }));
    raceUrl = `${eventUrl}/sessions/${race.id}`;
    expect((await owner.put(`${raceUrl}/laps`, laps(40))).statusCode).toBe(200);
    set2 = await created<TireSet>(owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 2' }));
  });
  /** Aiko's stint over laps 1–20 and Ben's over 21–40 on Set 2, 45 L added at the stop. */
  const givenStints = async () => expect((await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20), stint(ben.id, 21, 40, 45, { tireSetId: set2.id })] })).statusCode).toBe(200);
  /** 5 L in the tank at the end of the race. */
  const givenFuelAtEnd = async () => expect((await owner.put(`${raceUrl}/fuel-at-end`, { fuelAtEndLitres: 5 })).statusCode).toBe(200);
  /** A rival team with a tire set of its own. */
  const givenRival = async () => {
    const rivalTeam = await givenTeam(server.pitwall);
    const rivalSet = await created<TireSet>(rivalTeam.api.post(`/api/teams/${rivalTeam.teamId}/tire-sets`, { name: 'Rival set' }));
    return { rival: rivalTeam.api, rivalSet };
  };

  it('stores the stints in lap order and answers each driver’s time on track and laps', async () => {
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(ben.id, 21, 40, 45, { tireSetId: set2.id }), stint(aiko.id, 1, 20)] });
    expect(res.statusCode).toBe(200);
    const session = res.json() as RunSession;
    expect(session.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap, s.tireSetId])).toEqual([[aiko.id, 1, 20, null], [ben.id, 21, 40, set2.id]]);
    expect(session.driverTime).toEqual([{ driverMemberId: aiko.id, ms: 2_400_000, laps: 20 }, { driverMemberId: ben.id, ms: 2_400_000, laps: 20 }]);
  });

  it('answers the fuel per lap as run once the fuel at the end is recorded: (60 + 45 − 5) ÷ 40 = 2.5 L/lap', async () => {
    await givenStints();
    const res = await owner.put(`${raceUrl}/fuel-at-end`, { fuelAtEndLitres: 5 });
    expect((res.json() as RunSession)).toMatchObject({ fuelAtEndLitres: 5, fuelPerLapLitres: 2.5 });
  });

  it('keeps a stop whose fuel added is not recorded (null) and answers no fuel per lap until it is', async () => {
    await givenStints();
    await givenFuelAtEnd();
    const unknown = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20), stint(ben.id, 21, 40, null)] });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ fuelAtEndLitres: 5, fuelPerLapLitres: null, stints: [{ fuelAddedLitres: 0 }, { fuelAddedLitres: null }] });
    const known = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20), stint(ben.id, 21, 40, 45, { tireSetId: set2.id })] });
    expect(known.json()).toMatchObject({ fuelPerLapLitres: 2.5 });
  });

  it('refuses overlapping stints with 400 naming the stint, and stores nothing', async () => {
    const before = await eventCount(server.pitwall);
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20), stint(ben.id, 20, 40, 45)] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'stints[1]: laps 20–40 overlap stints[0] (laps 1–20)']);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('refuses a stint beyond the session’s laps with 400 naming the stint', async () => {
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20), stint(ben.id, 21, 41, 45)] });
    expect([res.statusCode, res.json().message]).toEqual([400, "stints[1]: laps 21–41 lie outside the session's 40 laps"]);
  });

  it('refuses a driver who is not a member of the team with 400 naming the stint’s driverMemberId', async () => {
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(999_999, 1, 20)] });
    expect([res.statusCode, res.json().message]).toEqual([400, "stints[0].driverMemberId: the driver must be an active member of the car's team"]);
  });

  it('answers 404 for another team’s tire set on a stint', async () => {
    const { rivalSet } = await givenRival();
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20, 0, { tireSetId: rivalSet.id })] });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a scrapped tire set on a new stint with 400 naming the stint’s tireSetId', async () => {
    const scrapped = (await owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 9', condition: 'scrapped' })).json() as TireSet;
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20, 0, { tireSetId: scrapped.id })] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'stints[0].tireSetId: Set 9 is scrapped; choose a set that is not']);
  });

  it('refuses a negative fuel amount with 400 naming the field', async () => {
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 20, -3)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('stints row 1 fuelAddedLitres: fuelAddedLitres must be from 0 to 500 litres');
  });

  it('answers the defaults, unsaved, before a race plan is saved', async () => {
    const res = await owner.get(`${eventUrl}/race-plan`);
    expect(res.json()).toMatchObject({ saved: false, marginPercent: 5, laps: null, stints: [] });
  });

  it('saves the race plan and answers laps, stops, fuel, the drivers’ stints and rule warnings', async () => {
    const res = await owner.put(`${eventUrl}/race-plan`, {
      raceMinutes: 360, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [aiko.id, ben.id], rules: { maxDriverMinutes: 150 },
    });
    expect(res.statusCode).toBe(200);
    const plan = res.json() as RacePlan;
    expect(plan).toMatchObject({ saved: true, laps: 180, lapsPerStint: 30, stops: 5, fuelTotalLitres: 472.5 });
    expect(plan.stints.map((s) => s.driverMemberId)).toEqual([aiko.id, ben.id, aiko.id, ben.id, aiko.id, ben.id]);
    expect(plan.warnings).toEqual([
      { driverMemberId: aiko.id, message: 'drives 180 min, over the maximum of 150 min' },
      { driverMemberId: ben.id, message: 'drives 180 min, over the maximum of 150 min' },
    ]);
    expect((await owner.get(`${eventUrl}/race-plan`)).json()).toEqual(plan);
  });

  it('plans full tanks by default and an even split when asked, the minimum stop time taken off the race', async () => {
    const body = { raceMinutes: 360, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, minStopMs: 90_000, driverMemberIds: [aiko.id, ben.id], rules: {} };
    // 5 stops of 90 s off 6 h at 2:00: ceil((21 600 − 450) ÷ 120) = 177 laps; 30 a tank: 5 × 30 + 27.
    const full = (await owner.post(`${eventUrl}/race-plan/preview`, body)).json() as RacePlan;
    expect(full).toMatchObject({ stintSplit: 'full-tanks', laps: 177, stops: 5 });
    expect(full.stints.map((s) => s.toLap - s.fromLap + 1)).toEqual([30, 30, 30, 30, 30, 27]);
    const even = (await owner.post(`${eventUrl}/race-plan/preview`, { ...body, stintSplit: 'even' })).json() as RacePlan;
    expect(even.stints.map((s) => s.toLap - s.fromLap + 1)).toEqual([30, 30, 30, 29, 29, 29]);
    const wrong = await owner.post(`${eventUrl}/race-plan/preview`, { ...body, stintSplit: 'halves' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'stintSplit: stintSplit must be full-tanks or even']);
  });

  it('reads a plan saved by the previous version (RacePlanSet v1, split evenly then) as an even split, also after a rebuild', async () => {
    const other = (await owner.post(`/api/cars/${car.id}/events`, { name: '4 Hours of Laguna Seca', location: 'Laguna Seca', date: '2026-08-01' })).json() as { id: number };
    const { pitwall } = server;
    const legacy = createPostgresEventStore(pitwall.deps.db, { schemas: {} });
    const metadata = { userId: user.id, teamId, correlationId: 'legacy', causationId: null, at: '2026-03-21T10:00:00.000Z' };
    const plan = { raceMinutes: null, raceLaps: 61, lapTimeMs: null, fuelPerLapLitres: 2.5, tankLitres: 60, marginPercent: 0, minStopMs: null, driverMemberIds: [], rules: { minDriverMinutes: null, maxDriverMinutes: null, maxStintMinutes: null } };
    await legacy.appendToStream(`raceEvent-${other.id}`, [{ id: randomUUID(), type: 'RacePlanSet', data: { raceEventId: other.id, carId: car.id, plan }, metadata }], { expectedRevision: 'any' });
    const url = `/api/cars/${car.id}/events/${other.id}/race-plan`;
    await expect.poll(async () => ((await owner.get(url)).json() as RacePlan).saved, { timeout: 10_000 }).toBe(true);
    const answer = (await owner.get(url)).json() as RacePlan;
    expect([answer.stintSplit, answer.stints.map((s) => [s.fromLap, s.toLap])]).toEqual(['even', [[1, 21], [22, 41], [42, 61]]]);
    const target = await scratchDatabase(database);
    await rebuildReadModels(pitwall, target, 5);
    expect((await target.query(`SELECT plan->>'stintSplit' AS split FROM race_plans WHERE race_event_id = $1`, [other.id])).rows).toEqual([{ split: 'even' }]);
  });

  it('previews a plan without saving it', async () => {
    const before = await eventCount(server.pitwall);
    const res = await owner.post(`${eventUrl}/race-plan/preview`, { raceLaps: 50, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [], rules: {} });
    expect(res.json()).toMatchObject({ saved: false, lapsPerStint: 30, stops: 1, fuelTotalLitres: 131.25 });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('refuses a planned driver who is not of the team with 400 naming driverMemberIds', async () => {
    const res = await owner.put(`${eventUrl}/race-plan`, { marginPercent: 5, driverMemberIds: [aiko.id, 999_999], rules: {} });
    expect([res.statusCode, res.json().message]).toEqual([400, "driverMemberIds[1]: the driver must be an active member of the car's team"]);
  });

  it('lists the stints, the fuel at the end and the race plan in the car’s history', async () => {
    await givenStints();
    await givenFuelAtEnd();
    expect((await owner.put(`${eventUrl}/race-plan`, { raceMinutes: 360, lapTimeMs: 120_000, fuelPerLapLitres: 2.5, tankLitres: 80, marginPercent: 5, driverMemberIds: [aiko.id, ben.id], rules: { maxDriverMinutes: 150 } })).statusCode).toBe(200);
    const entries = (await owner.get(`/api/cars/${car.id}/history?eventId=${raceEvent.id}`)).json() as HistoryEntry[];
    const fields = entries.flatMap((e) => e.changes.map((c) => `${c.field}: ${c.after}`));
    expect(fields).toEqual(expect.arrayContaining(['Race Stints: 2 stints, 1 stop, 45 L added', 'Race Fuel at end: 5 L', 'Race plan Race length: 360 min']));
  });

  it('answers 404 for another team’s race plan and session stints', async () => {
    const { rival } = await givenRival();
    expect((await rival.get(`${eventUrl}/race-plan`)).statusCode).toBe(404);
    expect((await rival.put(`${raceUrl}/stints`, { stints: [] })).statusCode).toBe(404);
  });
});
