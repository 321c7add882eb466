import sharp from 'sharp';
import { imageKeyFromUrl } from '@pitwall/media';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unzipped, withEvents, zipOf } from './export-files.ts';
import { eventCount, importTeamFile, MX5, sessionCookie, setupTeam, uploadImage } from './helpers.ts';
import { testServer } from './scenario.ts';

/**
 * What a stranger's export cannot do: name another team's image (an ImageUploaded outside its own
 * upload stream), carry usernames sign-up refuses (too long, NUL, zero-width), or put another kind
 * of change into the team's history; each is refused whole (400 naming it) and leaves nothing.
 * And an export carries only the team's own images, not one its data merely names by URL; an import
 * on the server its team came from answers the members it renamed and names the copy as imported.
 */
describe('team import refusals', () => {
  const server = testServer({});
  // Shared and only read by the tests: Dana's team (with Marco and a car) and its export, and a victim.
  let dana: Awaited<ReturnType<typeof setupTeam>>['api'];
  let user: Awaited<ReturnType<typeof setupTeam>>['user'];
  let teamId: number;
  let car: { id: number };
  let exported: Buffer;
  let victimUrl: string;
  let victimKey: string;
  beforeAll(async () => {
    const pitwall = server.pitwall;
    ({ api: dana, user } = await setupTeam(pitwall));
    teamId = user.teams[0]!.teamId;
    await dana.post(`/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' });
    car = (await dana.post('/api/cars', MX5)).json<{ id: number }>();
    exported = (await dana.get(`/api/teams/${teamId}/export`)).rawPayload;

    // A victim: another team with an image of its own.
    await setupTeam(pitwall, { username: 'vera', teamName: 'Victim Racing', ownerName: 'Vera Victim', email: 'vera@example.com' });
    const veraCookie = await sessionCookie(pitwall, 'vera', 'paddock-2026');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0033a0' } }).jpeg().toBuffer();
    victimUrl = (await uploadImage(pitwall, veraCookie, photo)).json<{ url: string }>().url;
    victimKey = imageKeyFromUrl(victimUrl)!;
  });

  // The importer: a stranger's team of its own per test.
  let strangers = 0;
  let stranger: Awaited<ReturnType<typeof setupTeam>>;
  let samCookie: string;
  beforeEach(async () => {
    const username = `sam${++strangers}`;
    stranger = await setupTeam(server.pitwall, { username, teamName: 'Stranger Racing', ownerName: 'Sam Stranger', email: `${username}@example.com` });
    samCookie = await sessionCookie(server.pitwall, username, 'paddock-2026');
  });
  const teamNames = async () => (await stranger.api.get('/api/teams')).json<{ name: string }[]>().map((t) => t.name);

  /** Imports `file` as sam and expects a refusal with `message` that leaves no event behind. */
  async function refused(file: Buffer, message: string) {
    const pitwall = server.pitwall;
    const before = await eventCount(pitwall);
    const res = await importTeamFile(pitwall, samCookie, file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect(await eventCount(pitwall)).toBe(before);
    expect(await teamNames()).toEqual(['Stranger Racing']);
  }

  it("refuses an ImageUploaded in a car's stream naming another team's image", async () => {
    const file = await withEvents(exported, (lines) => [
      ...lines,
      JSON.stringify({ stream: `car-${car.id}`, streamPosition: 1, id: crypto.randomUUID(), type: 'ImageUploaded', data: { key: victimKey, url: victimUrl, thumbnailUrl: victimUrl, contentType: 'image/jpeg', width: 64, height: 48, size: 1000, teamIds: [teamId] }, metadata: { userId: user.id, teamId, correlationId: 'x', causationId: null, at: '2026-11-28T10:00:00.000Z' }, recordedAt: '2026-11-28T10:00:00.000Z' }),
    ]);
    await refused(file, `file: This export is damaged: ImageUploaded in car-${car.id} names an image it does not hold.`);
  });

  it("refuses a change of another kind in the team's history, naming it", async () => {
    const file = await withEvents(exported, (lines) => {
      const carCreated = JSON.parse(lines.find((l) => l.includes('"type":"CarCreated"'))!) as { stream: string; streamPosition: number };
      const teamLines = lines.filter((l) => l.startsWith(`{"stream":"team-${teamId}"`)).length;
      return [...lines, JSON.stringify({ ...carCreated, stream: `team-${teamId}`, streamPosition: teamLines })];
    });
    await refused(file, "file: This export is damaged: its team's history holds a change of another kind (CarCreated).");
  });

  for (const [what, username, message] of [
    ['NUL', 'mar\u0000co', 'Username must not hold control or invisible characters'],
    ['a zero-width space', 'da\u200bna', 'Username must not hold control or invisible characters'],
    ['5,000 characters', 'x'.repeat(5000), 'Username must be at most 50 characters'],
  ] as const) {
    it(`refuses a member username holding ${what}`, async () => {
      const files = await unzipped(exported);
      const members = JSON.parse(files.get('members.json')!.toString()) as { username: string }[];
      const marco = members.findIndex((m) => m.username === 'marco');
      members[marco]!.username = username;
      const bytes = Buffer.from(JSON.stringify(members));
      const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { sha256: Record<string, string> };
      manifest.sha256['members.json'] = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
      const file = await zipOf(new Map([...files, ['members.json', bytes], ['manifest.json', Buffer.from(JSON.stringify(manifest))]]));
      await refused(file, `file: members.json: member ${marco + 1}: ${message}.`);
    });
  }

  it('exports only the images the team uploaded, not one its data names by URL', async () => {
    // Notes are free text: anyone can paste any image's address into them.
    const res = await dana.post(`/api/cars/${car.id}/events`, { name: 'Snetterton 300', location: 'Snetterton', date: '2026-06-01', notes: victimUrl });
    expect(res.statusCode, res.body).toBe(201);
    const files = await unzipped((await dana.get(`/api/teams/${teamId}/export`)).rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('images/'))).toEqual([]);
  });

  it('says what an import on the same server changed: the team named as imported, the members renamed', async () => {
    const res = await importTeamFile(server.pitwall, samCookie, exported);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ renamedMembers: unknown }>().renamedMembers).toEqual([{ from: 'marco', to: 'marco-2' }]);
    expect(await teamNames()).toEqual(expect.arrayContaining(['Stranger Racing', 'Apex Garage Racing (imported)']));
  }, 120_000);
});
