import { beforeEach, describe, expect, it } from 'vitest';
import { client, databases, eventCount } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

let members = 0;

/**
 * The role matrix: what each role of a team may change. Every active member changes the car
 * record, race events, issues and run sheets; the race plan and the tire pressure assistant's
 * targets take the owner, an admin or a race engineer; members and team settings the owner or an
 * admin (editing and removing members, the owner only).
 *
 * Each test has a team of its own (beforeEach) with its MX-5, the Spa 6 Hours race event on it,
 * a race engineer and a mechanic (usernames unique per test).
 */
describe.each(databases)('roles on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let base: string;
  let raceEvent: { id: number };
  let engineer: { api: Api; id: number };
  let mechanic: { api: Api; id: number };

  /** A member of the team with `role`, signed in. */
  async function member(name: string, role: string) {
    const username = `${name}${++members}`;
    const added = await owner.post(`/api/teams/${teamId}/members`, { username, password: 'pit-wall-2026', firstName: name, lastName: 'Crew', role, memberColor: '#16a34a' });
    expect(added.statusCode, added.body).toBe(201);
    const api = client(server.pitwall);
    await api.post('/api/auth/login', { username, password: 'pit-wall-2026', loginType: 'member' });
    return { api, id: (added.json() as { id: number }).id };
  }

  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true });
    ({ api: owner, teamId } = team);
    base = `/api/cars/${team.car.id}`;
    raceEvent = await created(owner.post(`${base}/events`, { name: 'Spa 6 Hours', location: 'Circuit de Spa-Francorchamps', date: '2026-09-19' }));
    engineer = await member('rosa', 'engineer');
    mechanic = await member('marco', 'mechanic');
  });
  const plan = { raceMinutes: 360, lapTimeMs: 140_000, fuelPerLapLitres: 3.1, tankLitres: 100, marginPercent: 5, driverMemberIds: [], rules: {} };

  it('a race engineer is a role of its own: listed with the members, assignable in the members form', async () => {
    const members = (await owner.get(`/api/teams/${teamId}/members`)).json() as { id: number; role: string }[];
    expect(members.find((m) => m.id === engineer.id)?.role).toBe('engineer');
    expect((await engineer.api.get('/api/auth/user')).json()).toMatchObject({ teams: [{ teamId, role: 'engineer' }] });
  });

  it('a race engineer does what a mechanic does, plus the race plan and the targets', async () => {
    expect((await engineer.api.put(`${base}/suspension?eventId=${raceEvent.id}`, { frontCamber: '-3.8°' })).statusCode).toBe(200);
    expect((await engineer.api.put(`${base}/events/${raceEvent.id}/race-plan`, plan)).statusCode).toBe(200);
    expect((await engineer.api.put(`${base}/tire-pressure-targets`, { front: 30, rear: 29 })).statusCode).toBe(200);
  });

  it('a mechanic changes the setup but not the race plan nor the targets (403, nothing appended)', async () => {
    expect((await mechanic.api.put(`${base}/suspension?eventId=${raceEvent.id}`, { rearCamber: '-2.2°' })).statusCode).toBe(200);
    const before = await eventCount(server.pitwall);
    const planned = await mechanic.api.put(`${base}/events/${raceEvent.id}/race-plan`, plan);
    expect([planned.statusCode, planned.json().message]).toEqual([403, 'Only the team owner, an admin or a race engineer can save the race plan']);
    const targets = await mechanic.api.put(`${base}/tire-pressure-targets`, { front: 31, rear: 30 });
    expect([targets.statusCode, targets.json().message]).toEqual([403, "Only the team owner, an admin or a race engineer can set the tire pressure assistant's targets"]);
    expect(await eventCount(server.pitwall)).toBe(before);
    expect((await mechanic.api.get(`${base}/events/${raceEvent.id}/race-plan`)).statusCode).toBe(200);
  });

  it('a mechanic logs, corrects and removes pit stops as they enter stints (every active member changes run sheets)', async () => {
    const race = await created(owner.post(`${base}/events/${raceEvent.id}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-09-19T12:00:00Z' }));
    const stops = `${base}/events/${raceEvent.id}/sessions/${race.id}/pit-stops`;
    const logged = await mechanic.api.post(stops, { inLap: 24, fuelAddedLitres: 70 });
    expect(logged.statusCode, logged.body).toBe(201);
    const { stopId } = (logged.json() as { pitStops: { stopId: number }[] }).pitStops[0]!;
    expect((await mechanic.api.patch(`${stops}/${stopId}`, { stopMs: 71_000 })).statusCode).toBe(200);
    expect((await mechanic.api.delete(`${stops}/${stopId}`)).statusCode).toBe(200);
  });

  it('a race engineer adds no members and changes no team settings (403, nothing appended)', async () => {
    const before = await eventCount(server.pitwall);
    expect((await engineer.api.post(`/api/teams/${teamId}/members`, { username: `newbie${++members}`, password: 'pit-wall-2026', firstName: 'New', lastName: 'Bie', role: 'member', memberColor: '#16a34a' })).statusCode).toBe(403);
    expect((await engineer.api.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'C' })).statusCode).toBe(403);
    expect(await eventCount(server.pitwall)).toBe(before);
  });
});
