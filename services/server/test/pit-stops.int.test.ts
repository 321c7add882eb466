import { beforeEach, describe, expect, it } from 'vitest';
import { timingFileStops, type RunSession, type TireSet } from '@pitwall/contracts';
import { client, databases, eventCount } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/** `count` laps of 2:00.000 (120 s), each naming its driver as a timing file does (`driverOf(lap)`, lap 1-based). */
const laps = (count: number, driverOf: (lap: number) => string | null = () => null) => ({
  laps: Array.from({ length: count }, (_, i) => ({ lapTimeMs: 120_000, kind: 'timed', driverName: driverOf(i + 1) })),
});
/** The stints as [driver, fromLap, toLap, fuel added, stop ms, tire set]. */
const stintRows = (session: RunSession) => session.stints.map((s) => [s.driverMemberId, s.fromLap, s.toLap, s.fuelAddedLitres, s.pitStopMs, s.tireSetId]);

/**
 * Pit stops logged as they happen (POST/PATCH/DELETE …/sessions/{sessionId}/pit-stops): a race
 * session without laps takes its stops on race day, its stints come from them, and the timing file
 * after the flag fills what the pit wall left blank without replacing what it logged.
 */
describe.each(databases)('pit stops on $name', (database) => {
  // Each test has a team of its own (beforeEach): drivers Aiko and Ben, mechanic Marco signed in,
  // a car with the 6 Hours of Sonoma and its race session (no laps), and tire sets Set 2 and a
  // scrapped Set 9. The stops a test corrects or reads, it logs itself (givenThreeStops).
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let aiko: { id: number };
  let ben: { id: number };
  let mechanic: Api;
  let eventUrl: string;
  let race: RunSession;
  let stopsUrl: string;
  let set2: TireSet;
  let scrapped: TireSet;
  beforeEach(async () => {
    const { pitwall } = server;
    const team = await givenTeam(pitwall, { raceEvent: { name: '6 Hours of Sonoma', location: 'Sonoma Raceway', date: '2026-06-13' } });
    ({ api: owner, teamId } = team);
    const member = (username: string, firstName: string, role = 'driver') =>
      created(owner.post(`/api/teams/${teamId}/members`, { username: `${username}-of-${team.username}`, password: 'pit-lane-2026', firstName, lastName: 'Driver', role, memberColor: '#16a34a' }));
    aiko = await member('aiko', 'Aiko');
    ben = await member('bennett', 'Ben');
    await member('marco', 'Marco', 'mechanic');
    mechanic = client(pitwall);
    expect((await mechanic.post('/api/auth/login', { username: `marco-of-${team.username}`, password: 'pit-lane-2026', loginType: 'member' })).statusCode).toBe(200);
    eventUrl = `/api/cars/${team.car.id}/events/${team.raceEvent.id}`;
    race = await created<RunSession>(owner.post(`${eventUrl}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-06-13T10:00:00Z', driverMemberId: aiko.id, fuelLitres: 60 }));
    stopsUrl = `${eventUrl}/sessions/${race.id}/pit-stops`;
    set2 = await created<TireSet>(owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 2' }));
    scrapped = await created<TireSet>(owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 9', condition: 'scrapped' }));
  });
  /** The race's three stops as logged on race day (in on laps 30, 60 and 90; the third by the mechanic): answers their ids. */
  const givenThreeStops = async (): Promise<number[]> => {
    await created(owner.post(stopsUrl, { inLap: 30, stopMs: 65_000, fuelAddedLitres: 60, tireSetId: set2.id, driverMemberId: ben.id, at: '2026-06-13T11:02:10Z' }));
    await created(owner.post(stopsUrl, { inLap: 60, fuelAddedLitres: 55, driverMemberId: aiko.id }));
    const session = await created<RunSession>(mechanic.post(stopsUrl, { inLap: 90, stopMs: 70_000, fuelAddedLitres: 50, driverMemberId: ben.id, notes: 'Front splitter taped' }));
    return session.pitStops.map((stop) => stop.stopId);
  };
  /** The three stops, the third corrected to 52 L and no notes: answers their ids. */
  const givenCorrectedStops = async (): Promise<number[]> => {
    const stopIds = await givenThreeStops();
    expect((await owner.patch(`${stopsUrl}/${stopIds[2]}`, { fuelAddedLitres: 52, notes: null })).statusCode).toBe(200);
    return stopIds;
  };
  let ids: number[] = [];

  it('logs three stops on a race session without laps (201, the session answered) and derives its stints: drivers, fuel, stop times, tires', async () => {
    const first = await owner.post(stopsUrl, { inLap: 30, stopMs: 65_000, fuelAddedLitres: 60, tireSetId: set2.id, driverMemberId: ben.id, at: '2026-06-13T11:02:10Z' });
    expect(first.statusCode, first.body).toBe(201);
    expect(stintRows(first.json())).toEqual([[aiko.id, 1, 30, 0, 0, null], [ben.id, 31, 31, 60, 65_000, set2.id]]);
    expect((await owner.post(stopsUrl, { inLap: 60, fuelAddedLitres: 55, driverMemberId: aiko.id })).statusCode).toBe(201);
    // A mechanic logs stops as the owner does.
    const third = await mechanic.post(stopsUrl, { inLap: 90, stopMs: 70_000, fuelAddedLitres: 50, driverMemberId: ben.id, notes: 'Front splitter taped' });
    expect(third.statusCode, third.body).toBe(201);
    const session = third.json() as RunSession;
    expect(session.laps).toEqual([]);
    expect(session.pitStops.map((s) => [s.inLap, s.stopMs, s.fuelAddedLitres, s.tireSetId, s.driverMemberId])).toEqual([
      [30, 65_000, 60, set2.id, ben.id], [60, null, 55, null, aiko.id], [90, 70_000, 50, null, ben.id],
    ]);
    expect(session.pitStops[0]!.at).toBe('2026-06-13T11:02:10Z');
    expect(session.pitStops[2]!.notes).toBe('Front splitter taped');
    // The last stint is still running: without laps that far it ends on its own first lap.
    expect(stintRows(session)).toEqual([[aiko.id, 1, 30, 0, 0, null], [ben.id, 31, 60, 60, 65_000, set2.id], [aiko.id, 61, 90, 55, 0, null], [ben.id, 91, 91, 50, 70_000, null]]);
    ids = session.pitStops.map((s) => s.stopId);
    expect(new Set(ids).size).toBe(3);
    expect((await owner.get(`${eventUrl}/sessions/${race.id}`)).json()).toMatchObject({ pitStops: session.pitStops, stints: session.stints });
  });

  it('corrects a stop with PATCH (the fields given; null: not recorded) and appends nothing when nothing changes', async () => {
    ids = await givenThreeStops();
    const res = await owner.patch(`${stopsUrl}/${ids[2]}`, { fuelAddedLitres: 52, notes: null });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as RunSession;
    expect(session.pitStops[2]).toMatchObject({ stopId: ids[2], inLap: 90, stopMs: 70_000, fuelAddedLitres: 52, driverMemberId: ben.id, notes: null });
    expect(session.stints[3]).toMatchObject({ fromLap: 91, fuelAddedLitres: 52 });
    const before = await eventCount(server.pitwall);
    expect((await owner.patch(`${stopsUrl}/${ids[2]}`, { fuelAddedLitres: 52 })).statusCode).toBe(200);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('removes a stop with DELETE: the stints around it join; a stop removed answers 404 after', async () => {
    ids = await givenCorrectedStops();
    const added = (await owner.post(stopsUrl, { inLap: 100, driverMemberId: aiko.id })).json() as RunSession;
    const extra = added.pitStops.find((s) => s.inLap === 100)!.stopId;
    expect(added.stints).toHaveLength(5);
    const res = await owner.delete(`${stopsUrl}/${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RunSession).pitStops.map((s) => s.stopId)).toEqual(ids);
    expect(stintRows(res.json()).at(-1)).toEqual([ben.id, 91, 91, 52, 70_000, null]);
    expect((await owner.delete(`${stopsUrl}/${extra}`)).statusCode).toBe(404);
  });

  describe('refuses bad input, appending nothing', () => {
    let rival: Api;
    let rivalSet: TireSet;
    beforeEach(async () => {
      ids = await givenThreeStops();
      const rivalTeam = await givenTeam(server.pitwall);
      rival = rivalTeam.api;
      rivalSet = await created<TireSet>(rival.post(`/api/teams/${rivalTeam.teamId}/tire-sets`, { name: 'Rival set' }));
    });
    const refusals: [string, () => Promise<{ statusCode: number; json(): { message: string } }>, number, string | RegExp][] = [
      ['inLap 0', () => owner.post(stopsUrl, { inLap: 0 }), 400, /^inLap/],
      ['inLap missing', () => owner.post(stopsUrl, { stopMs: 60_000 }), 400, /inLap/],
      ['a second stop on the same in lap', () => owner.post(stopsUrl, { inLap: 30 }), 400, 'inLap: lap 30 already has a pit stop; edit that one'],
      ['a correction onto another stop’s in lap', () => owner.patch(`${stopsUrl}/${ids[1]}`, { inLap: 30 }), 400, 'inLap: lap 30 already has a pit stop; edit that one'],
      ['a driver who is not a member of the team', () => owner.post(stopsUrl, { inLap: 40, driverMemberId: 999_999 }), 400, "driverMemberId: the driver must be an active member of the car's team"],
      ['a driver who is not a member, on a correction', () => owner.patch(`${stopsUrl}/${ids[0]}`, { driverMemberId: 999_999 }), 400, "driverMemberId: the driver must be an active member of the car's team"],
      ['another team’s tire set', () => owner.post(stopsUrl, { inLap: 40, tireSetId: rivalSet.id }), 404, 'Tire set not found'],
      ['a scrapped tire set', () => owner.post(stopsUrl, { inLap: 40, tireSetId: scrapped.id }), 400, 'tireSetId: Set 9 is scrapped; choose a set that is not'],
      ['a negative stop time', () => owner.post(stopsUrl, { inLap: 40, stopMs: -1 }), 400, /stopMs/],
      ['a stop the session does not have', () => owner.patch(`${stopsUrl}/999999`, { stopMs: 1 }), 404, 'Pit stop not found'],
      ['another team', () => rival.post(stopsUrl, { inLap: 40 }), 404, 'Car not found'],
      ['another team, on a correction', () => rival.patch(`${stopsUrl}/${ids[0]}`, { stopMs: 1 }), 404, 'Car not found'],
      ['stints sent whole to a session whose stints are its stops', () => owner.put(`${eventUrl}/sessions/${race.id}/stints`, { stints: [] }), 409, "This session's stints come from its logged pit stops: edit or remove a pit stop instead"],
    ];
    it.each(refusals)('%s', async (_name, send, status, message) => {
      const before = await eventCount(server.pitwall);
      const res = await send();
      expect(res.statusCode).toBe(status);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('a first stop on a session whose stints were entered whole (409)', async () => {
      const entered = (await owner.post(`${eventUrl}/sessions`, { name: 'Race 2', type: 'race', startedAt: '2026-06-14T10:00:00Z' })).json() as RunSession;
      await owner.put(`${eventUrl}/sessions/${entered.id}/laps`, laps(10));
      const stint = { driverMemberId: aiko.id, fromLap: 1, toLap: 10, fuelAddedLitres: 0, pitStopMs: 0 };
      expect((await owner.put(`${eventUrl}/sessions/${entered.id}/stints`, { stints: [stint] })).statusCode).toBe(200);
      const before = await eventCount(server.pitwall);
      const res = await owner.post(`${eventUrl}/sessions/${entered.id}/pit-stops`, { inLap: 5 });
      expect([res.statusCode, res.json().message]).toEqual([409, "This session's stints were entered whole: edit them, or remove them to log its pit stops instead"]);
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('an in lap beyond the laps of a session that has laps', async () => {
      const practice = (await owner.post(`${eventUrl}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-06-12T10:00:00Z', driverMemberId: aiko.id })).json() as RunSession;
      await owner.put(`${eventUrl}/sessions/${practice.id}/laps`, laps(10));
      const before = await eventCount(server.pitwall);
      const res = await owner.post(`${eventUrl}/sessions/${practice.id}/pit-stops`, { inLap: 11 });
      expect([res.statusCode, res.json().message]).toEqual([400, 'inLap: the session has 10 laps; a pit stop comes in on one of them']);
      expect(await eventCount(server.pitwall)).toBe(before);
      expect((await owner.post(`${eventUrl}/sessions/${practice.id}/pit-stops`, { inLap: 10 })).statusCode).toBe(201);
    });
  });

  it('keeps the logged stops when the timing file’s laps come in, and fills a missing stop time from the file’s pit time', async () => {
    ids = await givenCorrectedStops();
    const driverOf = (lap: number) => (lap <= 30 || (lap > 60 && lap <= 90) ? 'Aiko Driver' : 'Ben Driver');
    const imported = await owner.put(`${eventUrl}/sessions/${race.id}/laps`, laps(120, driverOf));
    expect(imported.statusCode, imported.body).toBe(200);
    const session = imported.json() as RunSession;
    expect(session.pitStops.map((s) => s.stopId)).toEqual(ids);
    // The last stint now runs to the last lap; each driver's time comes from the laps.
    expect(stintRows(session)).toEqual([[aiko.id, 1, 30, 0, 0, null], [ben.id, 31, 60, 60, 65_000, set2.id], [aiko.id, 61, 90, 55, 0, null], [ben.id, 91, 120, 52, 70_000, null]]);
    expect(session.driverTime).toEqual([{ driverMemberId: aiko.id, ms: 7_200_000, laps: 60 }, { driverMemberId: ben.id, ms: 7_200_000, laps: 60 }]);

    // The file's stints (what the run sheet's import reads from it: drivers and pit times, no fuel or tires).
    const fileStints = [
      { driverMemberId: aiko.id, fromLap: 1, pitStopMs: 0 }, { driverMemberId: ben.id, fromLap: 31, pitStopMs: 64_000 },
      { driverMemberId: aiko.id, fromLap: 61, pitStopMs: 66_000 }, { driverMemberId: ben.id, fromLap: 91, pitStopMs: 70_000 },
    ];
    const fromFile = timingFileStops(session.pitStops, fileStints);
    expect(fromFile).toEqual({ fills: [{ stopId: ids[1], stopMs: 66_000 }], differences: [{ stopId: ids[0], inLap: 30, field: 'stopMs', logged: 65_000, file: 64_000 }], unlogged: [] });
    for (const { stopId, stopMs } of fromFile.fills) expect((await owner.patch(`${stopsUrl}/${stopId}`, { stopMs })).statusCode).toBe(200);

    const after = (await owner.get(`${eventUrl}/sessions/${race.id}`)).json() as RunSession;
    expect(after.pitStops.map((s) => [s.inLap, s.stopMs, s.fuelAddedLitres, s.tireSetId, s.driverMemberId])).toEqual([
      [30, 65_000, 60, set2.id, ben.id], [60, 66_000, 55, null, aiko.id], [90, 70_000, 52, null, ben.id],
    ]);
    expect(after.stints[2]).toMatchObject({ fromLap: 61, pitStopMs: 66_000, fuelAddedLitres: 55 });
    // Set 2, fitted at the stop in on lap 30 and not changed after, ran laps 31–120 of the race.
    expect((await owner.get(`/api/teams/${teamId}/tire-sets/${set2.id}`)).json()).toMatchObject({ laps: 90, heatCycles: 1 });
  });
});
