import { describe, expect, it } from 'vitest';
import { buildTestPitwall, client, DANA, databases, eventCount, MX5, setupTeam } from './helpers.ts';

const MARCO = { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' };
const login = (api: ReturnType<typeof client>, username: string, password: string, loginType: 'member' | 'admin') => api.post('/api/auth/login', { username, password, loginType });

describe.each(databases)('teams and members API on $name', async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api: owner, user } = await setupTeam(pitwall);
  const teamId = user.teams[0]!.teamId;
  await owner.post('/api/cars', MX5);

  describe('POST /api/teams/:teamId/members', () => {
    it('the owner adds a mechanic, who logs in through Team Member and sees the team’s cars', async () => {
      const res = await owner.post(`/api/teams/${teamId}/members`, MARCO);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ username: 'marco', role: 'mechanic', memberColor: '#ff6600', displayName: 'Marco Rossi', isActive: true });
      const marco = client(pitwall);
      expect((await login(marco, 'marco', MARCO.password, 'member')).json()).toMatchObject({ role: 'mechanic', teams: [{ teamId }] });
      expect((await marco.get('/api/cars')).json()).toMatchObject([{ name: MX5.name }]);
    });

    it("Admin Login is for owners and admins only", async () => {
      const res = await login(client(pitwall), 'marco', MARCO.password, 'admin');
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
      const before = await eventCount(pitwall);
      const res = await owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: 'newbie', ...override });
      expect(res.json()).toEqual({ message });
      expect(await eventCount(pitwall)).toBe(before);
    });

    it('refuses a taken username with 409', async () => {
      expect((await owner.post(`/api/teams/${teamId}/members`, MARCO)).json()).toEqual({ message: 'Username is already taken' });
    });

    it('a mechanic may not add members (403)', async () => {
      const marco = client(pitwall);
      await login(marco, 'marco', MARCO.password, 'member');
      const before = await eventCount(pitwall);
      expect((await marco.post(`/api/teams/${teamId}/members`, { ...MARCO, username: 'sneaky' })).statusCode).toBe(403);
      expect(await eventCount(pitwall)).toBe(before);
    });
  });

  describe('PATCH and DELETE members', async () => {
    const members = (await owner.get(`/api/teams/${teamId}/members`)).json() as { id: number; role: string; username: string }[];
    const ownerRow = members.find((m) => m.role === 'owner')!;

    it("protects the owner's role, activity and own row", async () => {
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { role: 'admin' })).json()).toEqual({ message: 'role: The owner role cannot be changed' });
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { isActive: false })).statusCode).toBe(400);
      expect((await owner.delete(`/api/teams/${teamId}/members/${ownerRow.id}`)).json()).toEqual({ message: 'The team owner cannot remove their own membership' });
      expect((await owner.patch(`/api/teams/${teamId}/members/${ownerRow.id}`, { displayName: 'Dana W.', memberColor: '#0066cc' })).json()).toMatchObject({ displayName: 'Dana W.', role: 'owner' });
    });

    it('deactivating a member ends their sessions at once and keeps them out; reactivating lets them back', async () => {
      const aiko = (await owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: 'aiko', password: 'apex-late-brake', firstName: 'Aiko', role: 'driver' })).json() as { id: number };
      const driver = client(pitwall);
      await login(driver, 'aiko', 'apex-late-brake', 'member');
      expect((await driver.get('/api/cars')).statusCode).toBe(200);
      expect((await owner.patch(`/api/teams/${teamId}/members/${aiko.id}`, { isActive: false })).json()).toMatchObject({ isActive: false });
      expect((await driver.get('/api/cars')).statusCode).toBe(401);
      expect((await driver.get('/api/auth/user')).statusCode).toBe(401);
      expect((await login(driver, 'aiko', 'apex-late-brake', 'member')).statusCode).toBe(403);
      await owner.patch(`/api/teams/${teamId}/members/${aiko.id}`, { isActive: true });
      expect((await login(driver, 'aiko', 'apex-late-brake', 'member')).statusCode).toBe(200);
    });

    it('removing a member ends their sessions; the member list no longer has them', async () => {
      const sam = (await owner.post(`/api/teams/${teamId}/members`, { ...MARCO, username: 'sam', password: 'pitboard-42', firstName: 'Sam', role: 'admin' })).json() as { id: number };
      const admin = client(pitwall);
      await login(admin, 'sam', 'pitboard-42', 'admin');
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
      const api = client(pitwall);
      let last = await login(api, 'ratelimited', 'wrong-password', 'admin');
      for (let i = 0; i < 12 && last.statusCode !== 429; i++) last = await login(api, 'ratelimited', 'wrong-password', 'admin');
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toMatch(/^Too many login attempts\. Please wait \d+ minute\(s\) and try again\.$/);
      expect((await login(api, 'dana', DANA.password, 'admin')).statusCode).toBe(200);
    });
  });
});
