import { beforeEach, describe, expect, it } from 'vitest';
import type { RunSession, TireSet } from '@pitwall/contracts';
import { databases } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/**
 * A 6-hour race at Spa-Francorchamps (7.004 km) of 130 laps: an out lap of 2:40, 128 timed laps of
 * 2:20 (the fastest, 2:18.500, is lap 30) and an in lap of 2:40. The car starts on Set 1; Set 2 is
 * fitted at the stop after lap 22 and goes on at the stop after lap 45 (tires not changed).
 */
const LAP_COUNT = 130;
const raceLaps = () => ({
  laps: Array.from({ length: LAP_COUNT }, (_, i) => {
    if (i === 0 || i === LAP_COUNT - 1) return { time: '2:40.000', kind: i === 0 ? 'out' : 'in' };
    return { time: i === 29 ? '2:18.500' : '2:20.000', kind: 'timed' };
  }),
});

/** Each test has a team of its own (beforeEach): drivers Aiko and Ben, the car, Sets 1 and 2, and the race run on Set 1. */
describe.each(databases)('tire sets counted by stint on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let aiko: { id: number };
  let ben: { id: number };
  let carId: number;
  let eventUrl: string;
  let set1: TireSet;
  let set2: TireSet;
  let race: RunSession;
  let raceUrl: string;
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true, raceEvent: { name: '6 Hours of Spa', location: 'Spa-Francorchamps', date: '2026-05-09', trackLength: '7.004 km' } });
    ({ api: owner, teamId } = team);
    carId = team.car.id;
    const driver = (username: string, firstName: string) =>
      created(owner.post(`/api/teams/${teamId}/members`, { username: `${team.username}-${username}`, password: 'pit-lane-2026', firstName, lastName: 'Driver', role: 'driver', memberColor: '#16a34a' }));
    [aiko, ben] = [await driver('aiko', 'Aiko'), await driver('bennett', 'Ben')];
    eventUrl = `/api/cars/${carId}/events/${team.raceEvent.id}`;
    [set1, set2] = [await set('Set 1'), await set('Set 2')];
    race = await created<RunSession>(owner.post(`${eventUrl}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-05-09T13:00:00Z', tireSetId: set1.id }));
    raceUrl = `${eventUrl}/sessions/${race.id}`;
    await owner.put(`${raceUrl}/laps`, raceLaps());
  });
  const set = (name: string) => created<TireSet>(owner.post(`/api/teams/${teamId}/tire-sets`, { name, carId }));
  const life = async (id: number) => (await owner.get(`/api/teams/${teamId}/tire-sets/${id}`)).json() as TireSet;
  const stint = (driverMemberId: number, fromLap: number, toLap: number, tireSetId: number | null) => ({ driverMemberId, fromLap, toLap, fuelAddedLitres: fromLap === 1 ? 0 : null, pitStopMs: fromLap === 1 ? 0 : 65_000, tireSetId, notes: null });

  it('counts a set fitted at a stop from its out lap, and a stop that changes no tires on the set before it', async () => {
    const res = await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 22, null), stint(ben.id, 23, 45, set2.id), stint(aiko.id, 46, LAP_COUNT, null)] });
    expect(res.statusCode).toBe(200);
    // Set 1: laps 1–22 = the out lap of 160 s and 21 laps of 140 s = 3,100 s; 22 × 7.004 km = 154.088 km.
    expect(await life(set1.id)).toMatchObject({ heatCycles: 1, laps: 22, km: 154.1, hours: 0.86, sessions: [{ sessionId: race.id, laps: 22, km: 154.1, bestLapMs: 140_000 }] });
    // Set 2: laps 23–130 = 107 laps of 140 s less 1.5 s on lap 30, and the in lap of 160 s = 15,138.5 s = 4.205 h; 108 × 7.004 = 756.432 km.
    expect(await life(set2.id)).toMatchObject({ condition: 'scrubbed', heatCycles: 1, laps: 108, km: 756.4, hours: 4.21, sessions: [{ sessionId: race.id, laps: 108, bestLapMs: 138_500 }] });
  });

  it('follows a stint whose tires are corrected: every lap goes back to the set the car started on', async () => {
    await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 22, null), stint(ben.id, 23, 45, set2.id), stint(aiko.id, 46, LAP_COUNT, null)] });
    expect(await life(set2.id)).toMatchObject({ laps: 108 });
    expect((await owner.put(`${raceUrl}/stints`, { stints: [stint(aiko.id, 1, 22, null), stint(ben.id, 23, 45, null), stint(aiko.id, 46, LAP_COUNT, null)] })).statusCode).toBe(200);
    expect(await life(set1.id)).toMatchObject({ heatCycles: 1, laps: LAP_COUNT });
    expect(await life(set2.id)).toMatchObject({ condition: 'new', heatCycles: 0, laps: 0, sessions: [] });
  });

  it('counts a set fitted at a stop of a session that started on no known set', async () => {
    const set3 = await set('Set 3');
    const test = (await owner.post(`${eventUrl}/sessions`, { name: 'Warm-up', type: 'practice', startedAt: '2026-05-09T09:00:00Z' })).json() as RunSession;
    await owner.put(`${eventUrl}/sessions/${test.id}/laps`, { laps: Array.from({ length: 10 }, () => ({ time: '2:20.000', kind: 'timed' })) });
    await owner.put(`${eventUrl}/sessions/${test.id}/stints`, { stints: [stint(aiko.id, 1, 4, null), stint(ben.id, 5, 10, set3.id)] });
    expect(await life(set3.id)).toMatchObject({ heatCycles: 1, laps: 6, sessions: [{ sessionId: test.id, laps: 6 }] });
  });
});
