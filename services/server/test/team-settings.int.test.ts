import { beforeEach, describe, expect, it } from 'vitest';
import { client, databases } from './helpers.ts';
import { givenTeam, scenario, testServer, type Api } from './scenario.ts';

const login = (api: Api, username: string, password: string) => api.post('/api/auth/login', { username, password, loginType: 'member' });

/** Each test has a team of its own (beforeEach): the owner, a mechanic and an admin, signed in; the units as a new team has them. */
describe.each(databases)('GET|PUT /api/teams/:teamId/settings on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let mechanic: Api;
  let admin: Api;
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall);
    ({ api: owner, teamId } = team);
    const member = async (name: string, role: string) => {
      const username = `${team.username}-${name}`;
      const res = await owner.post(`/api/teams/${teamId}/members`, { username, password: 'torque-108nm', firstName: name, role, memberColor: '#ff6600' });
      expect(res.statusCode).toBe(201);
      const api = client(server.pitwall);
      expect((await login(api, username, 'torque-108nm')).statusCode).toBe(200);
      return api;
    };
    mechanic = await member('marco', 'mechanic');
    admin = await member('sam', 'admin');
  });

  it('a new team reads psi, °C and km', async () => {
    const res = await mechanic.get(`/api/teams/${teamId}/settings`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ teamId, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
  });

  it('the owner chooses bar and °F; every member then reads them', async () => {
    const res = await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'km' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ teamId, pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect((await mechanic.get(`/api/teams/${teamId}/settings`)).json()).toEqual({ teamId, pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
  });

  it('an admin may change them; choosing the same units again appends nothing', async () => {
    expect((await admin.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'km' })).json()).toEqual({ teamId, pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    await scenario(server.pitwall).when(() => admin.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'km' })).thenAnswers({ status: 200, appended: 0 });
  });

  it('the distance unit: miles when chosen, kept when a change leaves it out', async () => {
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'mi' })).json()).toEqual({ teamId, pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'mi', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' })).json()).toEqual({ teamId, pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'mi', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'furlong' })).json()).toEqual({ message: "distanceUnit: must be 'km' or 'mi'" });
  });

  it('the mass unit and the cross weight diagonal: lb and RF + LR when chosen, kept when a change leaves them out', async () => {
    await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', massUnit: 'lb', crossDiagonal: 'rf-lr' });
    const kept = (await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' })).json();
    expect(kept).toMatchObject({ massUnit: 'lb', crossDiagonal: 'rf-lr' });
  });

  it('refuses an unknown mass unit naming it', async () => {
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', massUnit: 'stone' })).json()).toEqual({ message: "massUnit: must be 'kg' or 'lb'" });
  });

  it('a mechanic may not change them (403), appending nothing', async () => {
    await scenario(server.pitwall)
      .when(() => mechanic.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'C', distanceUnit: 'km' }))
      .thenAnswers({ status: 403, body: { message: "Only the team owner or an admin can change the team's units" }, appended: 0 });
    expect((await mechanic.get(`/api/teams/${teamId}/settings`)).json()).toMatchObject({ pressureUnit: 'psi', temperatureUnit: 'C' });
  });

  it.each([
    [{ pressureUnit: 'kPa', temperatureUnit: 'C', distanceUnit: 'km' }, "pressureUnit: must be 'psi' or 'bar'"],
    [{ pressureUnit: 'psi', temperatureUnit: 'K' }, "temperatureUnit: must be 'C' or 'F'"],
    [{ pressureUnit: 'psi' }, "temperatureUnit: must be 'C' or 'F'"],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await owner.put(`/api/teams/${teamId}/settings`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it("another team's owner gets 404 for both, and a stranger's change appends nothing", async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    expect((await rival.get(`/api/teams/${teamId}/settings`)).statusCode).toBe(404);
    await scenario(server.pitwall).when(() => rival.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'C', distanceUnit: 'km' })).thenAnswers({ status: 404, appended: 0 });
  });
});
