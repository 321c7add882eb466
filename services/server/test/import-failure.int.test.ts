import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pitwall } from '../src/composition-root.ts';
import { importTeamFile, MX5, sessionCookie, setupTeam, startTestPitwall, type client } from './helpers.ts';

/**
 * A team import that the store breaks off part-way leaves nothing behind: no team, and none of
 * the accounts it had created for the members (their usernames free again).
 */
describe('a team import that fails part-way', () => {
  const closes: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closes.reverse()) await close();
  });
  let exported: Buffer;
  let target: Pitwall;
  let rosa: ReturnType<typeof client>;
  let cookie: string;
  beforeAll(async () => {
    const source = await startTestPitwall({});
    closes.push(source.close);
    const { api: dana, user } = await setupTeam(source.pitwall);
    const teamId = user.teams[0]!.teamId;
    await dana.post(`/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' });
    await dana.post('/api/cars', MX5);
    exported = (await dana.get(`/api/teams/${teamId}/export`)).rawPayload;

    const started = await startTestPitwall({});
    closes.push(started.close);
    target = started.pitwall;
    ({ api: rosa } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' }));
    cookie = await sessionCookie(target, 'rosa', 'paddock-2026');
  });
  const usernames = async () => (await target.deps.db.query<{ username: string }>('SELECT username FROM users ORDER BY id')).rows.map((r) => r.username);

  it('leaves no account behind, and a later import takes the same usernames', async () => {
    // The store refuses the car's creation: the import breaks off after the accounts and the team's stream.
    await target.deps.db.exec(`
      CREATE FUNCTION refuse_car() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.type = 'CarCreated' THEN RAISE EXCEPTION 'append refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_car BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_car();`);
    const failed = await importTeamFile(target, cookie, exported);
    expect(failed.statusCode).toBe(500);
    expect(await usernames()).toEqual(['rosa']);
    expect(((await rosa.get('/api/teams')).json() as { name: string }[]).map((t) => t.name)).toEqual(['Rosa Racing']);

    await target.deps.db.exec('DROP TRIGGER refuse_car ON events;');
    const imported = await importTeamFile(target, cookie, exported);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await usernames()).toEqual(['rosa', 'marco']);
  });
});
