import { beforeEach, describe, expect, it } from 'vitest';
import type { RaceNow, RunSession } from '@pitwall/contracts';
import { databases, manualClock } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/** `count` laps of 2:22.000 (142 s), all timed. */
const laps = (count: number) => ({ laps: Array.from({ length: count }, () => ({ time: '2:22.000', kind: 'timed' })) });

/**
 * GET …/race-now on the server's clock: the worked example of services/contracts/test/race-now.unit.test.ts
 * (the 6 Hours of Spa, started 12:00:00 UTC; three stints logged, two stops) answered by the API.
 */
describe.each(databases)('race now on $name', (database) => {
  // Each test has a team of its own (beforeEach), the clock back at 11:00: drivers Aiko, Ben and
  // Chloé, a car, the 6 Hours of Spa with FP1 and the race (60 laps, three stints logged). The race
  // plan a test reads, it saves itself (givenPlan).
  const clock = manualClock('2026-05-09T11:00:00.000Z');
  const server = testServer(database, { clock });
  let owner: Api;
  let car: { id: number };
  let aiko: { id: number };
  let ben: { id: number };
  let chloe: { id: number };
  let eventUrl: string;
  let race: RunSession;
  let practice: RunSession;
  let raceNowUrl: string;
  beforeEach(async () => {
    clock.set('2026-05-09T11:00:00.000Z');
    const team = await givenTeam(server.pitwall, { raceEvent: { name: '6 Hours of Spa', location: 'Spa-Francorchamps', date: '2026-05-09' } });
    ({ api: owner, car } = team);
    const member = (username: string, firstName: string) =>
      created(owner.post(`/api/teams/${team.teamId}/members`, { username: `${username}-of-${team.username}`, password: 'pit-lane-2026', firstName, lastName: 'Driver', role: 'driver', memberColor: '#16a34a' }));
    [aiko, ben, chloe] = [await member('aiko', 'Aiko'), await member('bennett', 'Ben'), await member('chloe', 'Chloé')];
    eventUrl = `/api/cars/${car.id}/events/${team.raceEvent.id}`;
    race = await created<RunSession>(owner.post(`${eventUrl}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-05-09T12:00:00Z', driverMemberId: aiko.id }));
    practice = await created<RunSession>(owner.post(`${eventUrl}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-05-08T10:00:00Z' }));
    raceNowUrl = `${eventUrl}/sessions/${race.id}/race-now`;
    expect((await owner.put(`${eventUrl}/sessions/${race.id}/laps`, laps(60))).statusCode).toBe(200);
    const stints = await owner.put(`${eventUrl}/sessions/${race.id}/stints`, {
      stints: [
        { driverMemberId: aiko.id, fromLap: 1, toLap: 27, fuelAddedLitres: 0, pitStopMs: 0 },
        { driverMemberId: ben.id, fromLap: 28, toLap: 54, fuelAddedLitres: 80, pitStopMs: 70_000 },
        { driverMemberId: chloe.id, fromLap: 55, toLap: 60, fuelAddedLitres: 85, pitStopMs: 75_000 },
      ],
    });
    expect(stints.statusCode).toBe(200);
  });
  /** The race plan: 6 hours, 2:22 laps, 3.1 L a lap, a 100 L tank, the three drivers and their rules. */
  const givenPlan = async () =>
    expect((await owner.put(`${eventUrl}/race-plan`, {
      raceMinutes: 360, lapTimeMs: 142_000, fuelPerLapLitres: 3.1, tankLitres: 100, marginPercent: 5, driverMemberIds: [aiko.id, ben.id, chloe.id], rules: { minDriverMinutes: 90, maxDriverMinutes: 150, maxStintMinutes: 65 },
    })).statusCode).toBe(200);

  it('answers 409 naming what is missing while the race plan has no lap time', async () => {
    const res = await owner.get(raceNowUrl);
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'The race plan has no lap time: set the expected lap time on the Race Plan tab' }]);
  });

  it('answers the race at the server’s instant: lap 58, Chloé 10 min into her stint, 85.2 L, stop window laps 63–83', async () => {
    await givenPlan();
    clock.set('2026-05-09T14:20:13.000Z');
    const res = await owner.get(raceNowUrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      at: '2026-05-09T14:20:13.000Z',
      estimatedLap: 58,
      stint: { driverMemberId: chloe.id, fromLap: 55, minutes: 10 },
      fuelRemainingLitres: 85.2,
      nextStop: { fromLap: 63, toLap: 83 },
      drivers: [
        { driverMemberId: aiko.id, minutes: 63.9, minutesToMinimum: 26.1, minutesToMaximum: 86.1 },
        { driverMemberId: ben.id, minutes: 63.9, minutesToMinimum: 26.1, minutesToMaximum: 86.1 },
        { driverMemberId: chloe.id, minutes: 10, minutesToMinimum: 80, minutesToMaximum: 140 },
      ],
      warnings: [],
    } satisfies RaceNow);
    // Valid for its instant only: no ETag, not stored by a cache.
    expect([res.headers.etag, res.headers['cache-control']]).toEqual([undefined, 'no-store']);
  });

  it('runs on as the clock does: at 15:11:13 lap 79 and the warnings a race engineer reads', async () => {
    await givenPlan();
    clock.set('2026-05-09T15:11:13.000Z');
    const answer = (await owner.get(raceNowUrl)).json() as RaceNow;
    expect([answer.estimatedLap, answer.fuelRemainingLitres, answer.nextStop]).toEqual([79, 20.1, { fromLap: 80, toLap: 83 }]);
    expect(answer.warnings).toEqual([
      { message: 'Fuel runs below the reserve on lap 84: stop by the end of lap 83' },
      { driverMemberId: chloe.id, message: 'reaches the maximum stint of 65 min in 4 min' },
    ]);
  });

  it('takes the pit wall’s lap count: 60 laps at 14:20:13 is lap 61 one lap time (142 s) later', async () => {
    await givenPlan();
    clock.set('2026-05-09T14:22:35.000Z');
    const res = await owner.get(`${raceNowUrl}?lapCorrection=60&correctedAt=2026-05-09T14:20:13Z`);
    expect([res.statusCode, (res.json() as RaceNow).estimatedLap]).toEqual([200, 61]);
  });

  it('refuses bad query values with 400 naming the field', async () => {
    const message = async (query: string) => {
      const res = await owner.get(`${raceNowUrl}?${query}`);
      return [res.statusCode, res.json().message];
    };
    expect(await message('lapCorrection=sixty&correctedAt=2026-05-09T14:20:13Z')).toEqual([400, 'lapCorrection: lapCorrection must be the laps completed, a whole number from 0 to 5000']);
    expect(await message('lapCorrection=60')).toEqual([400, 'correctedAt: correctedAt is required with lapCorrection: when the laps were counted (ISO date-time)']);
    expect(await message('lapCorrection=60&correctedAt=yesterday')).toEqual([400, expect.stringMatching(/^correctedAt: correctedAt /)]);
    expect(await message('correctedAt=2026-05-09T14:20:13Z')).toEqual([400, 'lapCorrection: lapCorrection is required with correctedAt: the laps completed then']);
  });

  it('answers 409 for a session that is not a race', async () => {
    const res = await owner.get(`${eventUrl}/sessions/${practice.id}/race-now`);
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'FP1 is a practice session: race now follows a race' }]);
  });

  it('answers 404 for another team’s car and for a session of another race event', async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    expect((await rival.get(raceNowUrl)).statusCode).toBe(404);
    const other = (await owner.post(`/api/cars/${car.id}/events`, { name: 'Round 2', location: 'Zolder', date: '2026-06-01' })).json() as { id: number };
    expect((await owner.get(`/api/cars/${car.id}/events/${other.id}/sessions/${race.id}/race-now`)).statusCode).toBe(404);
  });
});
