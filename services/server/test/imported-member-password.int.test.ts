import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Pitwall } from '../src/composition-root.ts';
import { client, eventCount, importTeamFile, sessionCookie, setupTeam, startTestPitwall } from './helpers.ts';

/**
 * A team import recreates the other members inactive with a password nobody knows; the new team's
 * owner gives such a member their first password, reactivates them, and they sign in. Nobody can
 * set the password of an account that exists elsewhere or has one already (account takeover).
 */

const MARCO = { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' };
const NEW_PASSWORD = 'grid-walk-lantern-9';
type Member = { id: number; username: string; role: string; isActive: boolean; awaitsPassword: boolean };

describe('the first password of an imported member', () => {
  // A server of its own per test (the usernames below are the assertions'), with the given state:
  // Dana's team with Marco, exported, and imported by Rosa as her copy (Marco recreated there as marco-2).
  let pitwall: Pitwall;
  let dana: ReturnType<typeof client>;
  let rosa: ReturnType<typeof client>;
  let danaTeamId: number;
  let rosaTeamId: number;
  let marcoAtDana: Member;
  let imported: LightMyRequestResponse;
  let copyId: number;
  let importedMarco: Member;
  const membersOf = async (teamId: number) => (await rosa.get(`/api/teams/${teamId}/members`)).json() as Member[];
  beforeEach(async () => {
    const started = await startTestPitwall({});
    pitwall = started.pitwall;
    const { api: danaApi, user: danaUser } = await setupTeam(pitwall);
    dana = danaApi;
    danaTeamId = danaUser.teams[0]!.teamId;
    marcoAtDana = (await dana.post(`/api/teams/${danaTeamId}/members`, MARCO)).json() as Member;
    const exported = (await dana.get(`/api/teams/${danaTeamId}/export`)).rawPayload;
    const { api: rosaApi, user: rosaUser } = await setupTeam(pitwall, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' });
    rosa = rosaApi;
    rosaTeamId = rosaUser.teams[0]!.teamId;
    imported = await importTeamFile(pitwall, await sessionCookie(pitwall, 'rosa', 'paddock-2026'), exported);
    copyId = (imported.json() as { teamId: number }).teamId;
    importedMarco = (await membersOf(copyId)).find((m) => m.role === 'mechanic')!;
    return started.close;
  });
  const setPassword = (api: ReturnType<typeof client>, teamId: number, memberId: number, password = NEW_PASSWORD) => api.post(`/api/teams/${teamId}/members/${memberId}/password`, { password });
  const signIn = (username: string, password: string) => client(pitwall).post('/api/auth/login', { username, password, loginType: 'member' });
  /** Given: the owner has set the imported member's first password and reactivated them. */
  const givenPasswordSetAndReactivated = async () => {
    expect((await setPassword(rosa, copyId, importedMarco.id)).statusCode).toBe(204);
    const listed = await rosa.get(`/api/teams/${copyId}/members`);
    const reactivated = await rosa.patch(`/api/teams/${copyId}/members/${importedMarco.id}`, { isActive: true }, { 'if-match': String(listed.headers.etag) });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
  };

  it('shows the imported member as inactive and awaiting a password; the owner does not await one', async () => {
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await membersOf(copyId)).map((m) => [m.username, m.isActive, m.awaitsPassword])).toEqual([['rosa', true, false], ['marco-2', false, true]]);
  });

  it('refuses a password containing the username with a 400 naming password, appending nothing', async () => {
    const before = await eventCount(pitwall);
    const res = await setPassword(rosa, copyId, importedMarco.id, 'marco-2-pitlane-winter');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'password: Password must not contain the username' }]);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('refuses the password of a member who was not imported (added with a password by the owner): 403, nothing appended', async () => {
    const added = (await rosa.post(`/api/teams/${rosaTeamId}/members`, { ...MARCO, username: 'luca' })).json() as Member;
    const before = await eventCount(pitwall);
    expect((await setPassword(rosa, rosaTeamId, added.id)).statusCode).toBe(403);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it("refuses the password of an account of another team: 404 (not the caller's team or member)", async () => {
    expect((await setPassword(rosa, danaTeamId, marcoAtDana.id)).statusCode).toBe(404);
    expect((await setPassword(rosa, copyId, marcoAtDana.id)).statusCode).toBe(404);
  });

  it('refuses a caller who is not the owner of the team: the source team owner gets 404, the imported team is not theirs', async () => {
    expect((await setPassword(dana, copyId, importedMarco.id)).statusCode).toBe(404);
  });

  it('lets the owner set it; reactivated, the member signs in with it', async () => {
    const listed = String((await rosa.get(`/api/teams/${copyId}/members`)).headers.etag);
    expect((await setPassword(rosa, copyId, importedMarco.id)).statusCode).toBe(204);
    // The list the owner's screen holds is no longer current: a conditional GET answers the new rows, not 304.
    const again = await rosa.get(`/api/teams/${copyId}/members`, { 'if-none-match': listed });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Member[]).find((m) => m.id === importedMarco.id)).toMatchObject({ awaitsPassword: false, isActive: false });
    // A form opened on that list answer is based on a version the server knows.
    const reactivated = await rosa.patch(`/api/teams/${copyId}/members/${importedMarco.id}`, { isActive: true }, { 'if-match': String(again.headers.etag) });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    const res = await signIn('marco-2', NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ teams: [{ teamId: copyId }] });
  });

  it('refuses a second password once the member has one (and may have signed in): 403, nothing appended', async () => {
    await givenPasswordSetAndReactivated();
    const before = await eventCount(pitwall);
    expect((await setPassword(rosa, copyId, importedMarco.id, 'another-fresh-lantern-4')).statusCode).toBe(403);
    expect(await eventCount(pitwall)).toBe(before);
    expect((await signIn('marco-2', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a member of the team who is not its owner: 403', async () => {
    await givenPasswordSetAndReactivated();
    const marco = client(pitwall);
    await marco.post('/api/auth/login', { username: 'marco-2', password: NEW_PASSWORD, loginType: 'member' });
    expect((await setPassword(marco, copyId, importedMarco.id)).statusCode).toBe(403);
  });
});
