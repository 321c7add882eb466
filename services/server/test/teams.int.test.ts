import { beforeEach, describe, expect, it } from 'vitest';
import { client, DANA, databases, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api, type Team } from './scenario.ts';

const MARCO = { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' };
const login = (api: ReturnType<typeof client>, username: string, password: string, loginType: 'member' | 'admin') => api.post('/api/auth/login', { username, password, loginType });

/**
 * Each test has a team of its own with a car (beforeEach); members' usernames are the team's own
 * (`marco-of-owner7`), as usernames are one namespace on the server. The member a test reads, it adds.
 */
describe.each(databases)('teams and members API on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let team: Team;
  /** MARCO with this team's username for him. */
  let marco: typeof MARCO;
  beforeEach(async () => {
    team = await givenTeam(server.pitwall, { car: true });
    ({ api: owner, teamId } = team);
    marco = { ...MARCO, username: `marco-of-${team.username}` };
  });
  /** Marco added to the team as a mechanic. */
  const givenMarco = () => created(owner.post(`/api/teams/${teamId}/members`, marco));

  describe('POST /api/teams/:teamId/members', () => {
    it('the owner adds a mechanic, who logs in through Team Member and sees the team’s cars', async () => {
      const res = await owner.post(`/api/teams/${teamId}/members`, marco);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ username: marco.username, role: 'mechanic', memberColor: '#ff6600', displayName: 'Marco Rossi', isActive: true });
      const mechanic = client(server.pitwall);
      expect((await login(mechanic, marco.username, MARCO.password, 'member')).json()).toMatchObject({ role: 'mechanic', teams: [{ teamId }] });
      expect((await mechanic.get('/api/cars')).json()).toMatchObject([{ name: MX5.name }]);
    });

    it("Admin Login is for owners and admins only", async () => {
      await givenMarco();
      const res = await login(client(server.pitwall), marco.username, MARCO.password, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Admin Login is for team owners and admins/);
    });

    it.each([
      [{ username: 'ab' }, 'username: Username must be at least 3 characters'],
      [{ password: '12345' }, 'password: Password must be at least 6 characters'],
      [{ firstName: '' }, 'firstName: First name is required'],
      [{ memberColor: '#f' }, 'memberColor: Please select a color'],
      [{ role: 'owner' }, 'role: Invalid option: expected one of "admin"|"engineer"|"mechanic"|"driver"|"member"'],
    ])('refuses %j, appending nothing', async (override, message) => {
      const before = await eventCount(server.pitwall);
      const res = await owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: `newbie-of-${team.username}`, ...override });
      expect(res.json()).toEqual({ message });
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('refuses a taken username with 409', async () => {
      await givenMarco();
      expect((await owner.post(`/api/teams/${teamId}/members`, marco)).json()).toEqual({ message: 'Username is already taken' });
    });

    it('a mechanic may not add members (403)', async () => {
      await givenMarco();
      const mechanic = client(server.pitwall);
      expect((await login(mechanic, marco.username, MARCO.password, 'member')).statusCode).toBe(200);
      const before = await eventCount(server.pitwall);
      expect((await mechanic.post(`/api/teams/${teamId}/members`, { ...MARCO, username: `sneaky-of-${team.username}` })).statusCode).toBe(403);
      expect(await eventCount(server.pitwall)).toBe(before);
    });
  });

  describe('PATCH and DELETE members', () => {
    let ownerRow: { id: number; role: string; username: string };
    beforeEach(async () => {
      const members = (await owner.get(`/api/teams/${teamId}/members`)).json() as { id: number; role: string; username: string }[];
      ownerRow = members.find((m) => m.role === 'owner')!;
    });

    it("protects the owner's role, activity and own row", async () => {
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { role: 'admin' })).json()).toEqual({ message: 'role: The owner role cannot be changed' });
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { isActive: false })).statusCode).toBe(400);
      expect((await owner.delete(`/api/teams/${teamId}/members/${ownerRow.id}`)).json()).toEqual({ message: 'The team owner cannot remove their own membership' });
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { displayName: 'Dana W.', memberColor: '#0066cc' })).json()).toMatchObject({ displayName: 'Dana W.', role: 'owner' });
    });

    it('deactivating a member ends their sessions at once and keeps them out; reactivating lets them back', async () => {
      const aikoName = `aiko-of-${team.username}`;
      const aiko = await created(owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: aikoName, password: 'apex-late-brake', firstName: 'Aiko', role: 'driver' }));
      const driver = client(server.pitwall);
      await login(driver, aikoName, 'apex-late-brake', 'member');
      expect((await driver.get('/api/cars')).statusCode).toBe(200);
      expect((await owner.patch(`/api/teams/${teamId}/members/${aiko.id}`, { isActive: false })).json()).toMatchObject({ isActive: false });
      expect((await driver.get('/api/cars')).statusCode).toBe(401);
      expect((await driver.get('/api/auth/user')).statusCode).toBe(401);
      expect((await login(driver, aikoName, 'apex-late-brake', 'member')).statusCode).toBe(403);
      await owner.patch(`/api/teams/${teamId}/members/${aiko.id}`, { isActive: true });
      expect((await login(driver, aikoName, 'apex-late-brake', 'member')).statusCode).toBe(200);
    });

    it('removing a member ends their sessions; the member list no longer has them', async () => {
      const samName = `sam-of-${team.username}`;
      const sam = await created(owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: samName, password: 'pitboard-42', firstName: 'Sam', role: 'admin' }));
      const admin = client(server.pitwall);
      expect((await login(admin, samName, 'pitboard-42', 'admin')).statusCode).toBe(200);
      expect((await owner.delete(`/api/teams/${teamId}/members/${sam.id}`)).statusCode).toBe(204);
      expect((await admin.get('/api/cars')).statusCode).toBe(401);
      expect(((await owner.get(`/api/teams/${teamId}/members`)).json() as { id: number }[]).map((m) => m.id)).not.toContain(sam.id);
    });
  });

  describe('teams of a series organiser', () => {
    it('a user who creates a second team owns both and sees each team’s cars labelled', async () => {
      const second = await owner.post('/api/teams', { name: 'Apex Endurance', description: 'Enduro programme' });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({ name: 'Apex Endurance', myRole: 'owner' });
      const secondId = (second.json() as { id: number }).id;
      expect((await owner.post('/api/cars', MX5)).json()).toEqual({ message: 'teamId: choose the team this car belongs to' });
      const car = (await owner.post('/api/cars', { ...MX5, name: 'Enduro MX-5', teamId: secondId })).json();
      expect(car).toMatchObject({ teamName: 'Apex Endurance' });
      expect(((await owner.get('/api/teams')).json() as unknown[]).length).toBe(2);
      expect((await owner.post('/api/teams', { name: 'A' })).json()).toEqual({ message: 'name: Team name must be at least 2 characters' });
    });
  });

  describe('login rate limit', () => {
    it('answers 429 with a clear message after too many attempts for one username', async () => {
      const api = client(server.pitwall);
      let last = await login(api, 'ratelimited', 'wrong-password', 'admin');
      for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await login(api, 'ratelimited', 'wrong-password', 'admin');
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toMatch(/^Too many login attempts\. Please wait \d+ minute\(s\) and try again\.$/);
      expect((await login(api, team.username, DANA.password, 'admin')).statusCode).toBe(200);
    });
  });
});
