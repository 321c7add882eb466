import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pitwall } from '../src/composition-root.ts';
import { eventCount, importTeamFile, MX5, sessionCookie, setupTeam, startTestPitwall, type client } from './helpers.ts';

/**
 * The accounts a team import creates count against the client address's budget of new accounts,
 * as sign-ups do: an import that would go beyond it is refused whole (429 with Retry-After, no
 * account and no team written), so an import is no way around the sign-up limit.
 */
describe('the new accounts of a team import', () => {
  let exported: Buffer;
  beforeAll(async () => {
    const source = await startTestPitwall({});
    try {
      const { api: dana, user } = await setupTeam(source.pitwall);
      const teamId = user.teams[0]!.teamId;
      for (const username of ['marco', 'aiko']) {
        await dana.post(`/api/teams/${teamId}/members`, { username, password: 'torque-108nm', firstName: username, role: 'mechanic', memberColor: '#ff6600' });
      }
      await dana.post('/api/cars', MX5);
      exported = (await dana.get(`/api/teams/${teamId}/export`)).rawPayload;
    } finally {
      await source.close();
    }
  });

  // A fresh target per test (its address budget untouched): three new accounts an hour from one address, the importer's own sign-up takes one.
  let target: Pitwall;
  let rosa: ReturnType<typeof client>;
  let cookie: string;
  beforeEach(async () => {
    const started = await startTestPitwall({}, { env: { ACCOUNT_LIMIT_PER_ADDRESS: '3' } });
    target = started.pitwall;
    ({ api: rosa } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' }));
    cookie = await sessionCookie(target, 'rosa', 'paddock-2026');
    return started.close;
  });
  const usernames = async () => (await target.deps.db.query<{ username: string }>('SELECT username FROM users ORDER BY id')).rows.map((r) => r.username);

  it('imports a team whose accounts fit the budget', async () => {
    const imported = await importTeamFile(target, cookie, exported);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await usernames()).toEqual(['rosa', 'marco', 'aiko']);
  });

  it('refuses one that would go beyond it, writing nothing, and counts sign-ups alike', async () => {
    // Given: the team imported once, its two accounts spending the rest of the budget.
    expect((await importTeamFile(target, cookie, exported)).statusCode).toBe(201);
    const eventsBefore = await eventCount(target);
    const refused = await importTeamFile(target, cookie, exported);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many new accounts from this address\. Please wait \d+ minute\(s\) and try again\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(60);
    expect(await eventCount(target)).toBe(eventsBefore);
    expect(((await rosa.get('/api/teams')).json() as { name: string }[]).map((t) => t.name)).toEqual(['Rosa Racing', 'Apex Garage Racing']);
    // The budget is spent: a sign-up from the same address is refused too.
    const signUp = await target.app.inject({ method: 'POST', url: '/api/auth/setup-team', payload: { teamName: 'Late Racing', ownerName: 'Lee Late', email: 'lee@example.com', username: 'lee', password: 'paddock-2026' } });
    expect(signUp.statusCode).toBe(429);
    expect(await usernames()).toEqual(['rosa', 'marco', 'aiko']);
  });
});
