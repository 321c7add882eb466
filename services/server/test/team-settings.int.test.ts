import { describe, expect, it } from 'vitest';
import { buildTestPitwall, client, databases, eventCount, setupTeam } from './helpers.ts';

const login = (api: ReturnType<typeof client>, username: string, password: string) => api.post('/api/auth/login', { username, password, loginType: 'member' });

describe.each(databases)('GET|PUT /api/teams/:teamId/settings on $name', async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api: owner, user } = await setupTeam(pitwall);
  const teamId = user.teams[0]!.teamId;
  const member = async (username: string, role: string) => {
    const res = await owner.post(`/api/teams/${teamId}/members`, { username, password: 'torque-108nm', firstName: username, role, memberColor: '#ff6600' });
    expect(res.statusCode).toBe(201);
    const api = client(pitwall);
    await login(api, username, 'torque-108nm');
    return api;
  };
  const mechanic = await member('marco', 'mechanic');
  const admin = await member('sam', 'admin');

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
    const before = await eventCount(pitwall);
    expect((await admin.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'km' })).statusCode).toBe(200);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('the distance unit: miles when chosen, kept when a change leaves it out', async () => {
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'mi' })).json()).toEqual({ teamId, pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'mi', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' })).json()).toEqual({ teamId, pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'mi', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F', distanceUnit: 'furlong' })).json()).toEqual({ message: "distanceUnit: must be 'km' or 'mi'" });
    await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', distanceUnit: 'km' });
  });
  it('the mass unit and the cross weight diagonal: lb and RF + LR when chosen, kept when a change leaves them out', async () => {
    await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', massUnit: 'lb', crossDiagonal: 'rf-lr' });
    const kept = (await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' })).json();
    await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } });
    expect(kept).toMatchObject({ massUnit: 'lb', crossDiagonal: 'rf-lr' });
  });

  it('refuses an unknown mass unit naming it', async () => {
    expect((await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'F', massUnit: 'stone' })).json()).toEqual({ message: "massUnit: must be 'kg' or 'lb'" });
  });


  it('a mechanic may not change them (403), appending nothing', async () => {
    const before = await eventCount(pitwall);
    const res = await mechanic.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'C', distanceUnit: 'km' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Only the team owner or an admin can change the team's units" });
    expect(await eventCount(pitwall)).toBe(before);
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
    const { api: rival } = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
    expect((await rival.get(`/api/teams/${teamId}/settings`)).statusCode).toBe(404);
    const before = await eventCount(pitwall);
    expect((await rival.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'C', distanceUnit: 'km' })).statusCode).toBe(404);
    expect(await eventCount(pitwall)).toBe(before);
  });
});
