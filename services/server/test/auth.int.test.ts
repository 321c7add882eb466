import { beforeEach, describe, expect, it } from 'vitest';
import { client, DANA, databases, eventCount } from './helpers.ts';
import { givenTeam, testServer, type Team } from './scenario.ts';
import type { Pitwall } from '../src/composition-root.ts';

describe.each(databases)('auth API on $name', (database) => {
  describe('POST /api/auth/setup-team', () => {
    // A server of its own: the first test sets up Dana's team (username dana) on it, which no other test does.
    const server = testServer(database);
    let pitwall: Pitwall;
    beforeEach(() => {
      pitwall = server.pitwall;
    });

    it('creates the team and owner, signs in, and never answers the password or hash', async () => {
      const api = client(pitwall);
      const res = await api.post('/api/auth/setup-team', DANA);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ username: 'dana', role: 'owner', firstName: 'Dana', lastName: 'Whitfield', teams: [{ teamName: 'Apex Garage Racing', role: 'owner' }] });
      expect(res.body).not.toMatch(/paddock-2026|argon2/);
      const cookie = res.headers['set-cookie'] as string;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect((await api.get('/api/auth/user')).json()).toMatchObject({ username: 'dana', role: 'owner' });
    });

    it('refuses a taken username (any case) with 409 and appends nothing', async () => {
      const { username } = await givenTeam(pitwall);
      const before = await eventCount(pitwall);
      const res = await client(pitwall).post('/api/auth/setup-team', { ...DANA, username: username.toUpperCase(), teamName: 'Other' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Username is already taken' });
      expect(await eventCount(pitwall)).toBe(before);
    });

    it.each([
      [{ teamName: '' }, 'teamName: Team name is required'],
      [{ ownerName: ' ' }, 'ownerName: Your name is required'],
      [{ email: 'not-an-email' }, 'email: Valid email is required'],
      [{ username: 'ab' }, 'username: Username must be at least 3 characters'],
      [{ password: '12345' }, 'password: Password must be at least 6 characters'],
    ])('refuses %j with the spec message naming the field', async (override, message) => {
      const before = await eventCount(pitwall);
      const res = await client(pitwall).post('/api/auth/setup-team', { ...DANA, username: 'fresh', ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await eventCount(pitwall)).toBe(before);
    });
  });

  describe('POST /api/auth/login and /logout', () => {
    const server = testServer(database);
    // Per test: a team of its own whose owner (password DANA's) signs in.
    let pitwall: Pitwall;
    let team: Team;
    beforeEach(async () => {
      pitwall = server.pitwall;
      team = await givenTeam(pitwall);
    });

    it('admin login with the right password signs in; the session id rotates at each login', async () => {
      const api = client(pitwall);
      const first = await api.post('/api/auth/login', { username: team.username, password: DANA.password, loginType: 'admin' });
      expect(first.statusCode).toBe(200);
      const second = await api.post('/api/auth/login', { username: team.username.toUpperCase(), password: DANA.password, loginType: 'member' });
      expect(second.statusCode).toBe(200);
      expect(second.cookies[0]!.value).not.toBe(first.cookies[0]!.value);
      const stale = await pitwall.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `pitwall_session=${first.cookies[0]!.value}` } });
      expect(stale.statusCode).toBe(401);
    });

    it("a wrong password or unknown user answers 401 'Invalid credentials'", async () => {
      for (const body of [{ username: team.username, password: 'wrong-one' }, { username: 'nobody', password: 'whatever' }]) {
        const res = await client(pitwall).post('/api/auth/login', { ...body, loginType: 'admin' });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid credentials' });
      }
    });

    it('empty fields answer the spec messages', async () => {
      expect((await client(pitwall).post('/api/auth/login', { username: '', password: 'x', loginType: 'admin' })).json()).toEqual({ message: 'username: Username is required' });
      expect((await client(pitwall).post('/api/auth/login', { username: team.username, password: '', loginType: 'admin' })).json()).toEqual({ message: 'password: Password is required' });
    });

    it('logout ends the session', async () => {
      const api = client(pitwall);
      await api.post('/api/auth/login', { username: team.username, password: DANA.password, loginType: 'admin' });
      expect((await api.post('/api/auth/logout')).statusCode).toBe(204);
      expect((await api.get('/api/auth/user')).statusCode).toBe(401);
    });

    it('refuses a mutation from another site (Origin) with 403', async () => {
      const res = await pitwall.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://evil.example', host: 'localhost:3000' },
        payload: { username: team.username, password: DANA.password, loginType: 'admin' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
