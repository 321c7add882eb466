import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { importSeason } from '../src/seed/import-season.ts';
import { loadSeasonFile } from '../src/seed/season-file.ts';
import { unzipped, withEvents } from './export-files.ts';
import { buildTestPitwall, client, eventCount, importTeamFile, sessionCookie, setupTeam, uploadImage } from './helpers.ts';
import { teamResources } from './team-resources.ts';

/**
 * Team export and import: the demo season's team exported from one Pitwall and imported into a
 * fresh one answers every GET of the team's resources as the source does, but for the ids; a
 * damaged or foreign file is refused whole and changes nothing.
 */

type Api = ReturnType<typeof client>;
const DEMO_FILE = path.join(REPO_ROOT, 'data', 'demo-season.json');

let source: Pitwall;
let sourceApi: Api;
let sourceTeamId: number;
let exported: Buffer;

beforeAll(async () => {
  source = await createPitwall(ConfigSchema.parse({ LOG_LEVEL: 'silent', READ_YOUR_WRITES_TIMEOUT_MS: 15_000 }), { kind: 'memory' });
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  const season = await loadSeasonFile(DEMO_FILE);
  const report = await importSeason(season, { baseUrl: `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}` });
  sourceTeamId = report.team.id;
  sourceApi = client(source);
  await sourceApi.post('/api/auth/login', { username: season.setup.username, password: season.setup.password, loginType: 'admin' });
  // A gallery image, so the export carries images and their references.
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8102e' } }).jpeg().toBuffer();
  const cookie = await sessionCookie(source, season.setup.username, season.setup.password);
  const { url } = (await uploadImage(source, cookie, photo)).json() as { url: string };
  const [car] = (await sourceApi.get('/api/cars')).json() as { id: number }[];
  expect((await sourceApi.post(`/api/cars/${car!.id}/images`, { url, caption: 'Corkscrew' })).statusCode).toBe(201);
  const res = await sourceApi.get(`/api/teams/${sourceTeamId}/export`);
  expect(res.statusCode, res.body).toBe(200);
  exported = res.rawPayload;
}, 300_000);
afterAll(() => source?.close());


/**
 * The export as a Pitwall before the race event reference was renamed would have written it: the
 * setup and issue events in schema version 1 (`eventId`).
 */
async function asVersionOneExport(zip: Buffer): Promise<{ file: Buffer; downgraded: number }> {
  let downgraded = 0;
  const file = await withEvents(zip, (lines) =>
    lines.map((line) => {
      const e = JSON.parse(line) as { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> };
      if (!['GearRatiosSet', 'SuspensionSet', 'TirePressuresSet', 'ImageAdded', 'IssueRaised'].includes(e.type)) return line;
      downgraded++;
      const { raceEventId, ...rest } = e.data;
      return JSON.stringify({ ...e, data: raceEventId === null ? rest : { ...rest, eventId: raceEventId }, metadata: { ...e.metadata, schemaVersion: 1 } });
    }),
  );
  return { file, downgraded };
}

describe('team export and import', () => {
  it('exports a zip with the history, the members without passwords, the images, CSV tables, a README and a manifest', async () => {
    const files = await unzipped(exported);
    expect([...files.keys()].filter((n) => !n.startsWith('images/') && !n.startsWith('csv/')).sort()).toEqual(['README.txt', 'events.ndjson', 'manifest.json', 'members.json']);
    expect([...files.keys()].filter((n) => n.startsWith('images/'))).toHaveLength(2);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['csv/cars.csv', 'csv/run_sessions.csv', 'csv/issues.csv', 'csv/parts.csv']));
    expect(files.get('csv/cars.csv')!.toString()).toContain('MX-5 #27');
    // Every run sheet's laps for a spreadsheet: one row per lap of the demo season's sessions.
    const lapSheet = files.get('csv/run_sheet_laps.csv')!.toString().trim().split('\n');
    expect(lapSheet[0]).toBe('session_id,session,lap,time,lap_time_ms,s1_ms,s2_ms,s3_ms,s4_ms,s5_ms,s6_ms,driver,kind,stint');
    expect(lapSheet.length).toBeGreaterThan(1);
    expect(lapSheet[1]).toMatch(/^\d+,[^,]+,1,\d+:\d\d\.\d{3},\d+,/);
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { format: string; formatVersion: number; counts: { events: number } };
    expect(manifest).toMatchObject({ format: 'pitwall-team-export', formatVersion: 1 });
    const lines = files.get('events.ndjson')!.toString().trim().split('\n').map((l) => JSON.parse(l) as { stream: string; metadata: { userId: number | null; at: string } });
    expect(lines).toHaveLength(manifest.counts.events);
    expect(lines.every((l) => typeof l.metadata.at === 'string')).toBe(true);
    // Accounts are the instance's: no user streams, no password hashes, no series of the organiser.
    expect(lines.some((l) => /^(user|username|series)-/.test(l.stream))).toBe(false);
    expect(files.get('members.json')!.toString()).not.toMatch(/password|argon2/i);
  });

  it('imports into a fresh Pitwall as a new team of the importer whose every GET equals the source but for ids', async () => {
    const target = await buildTestPitwall({});
    const { api } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' });
    const res = await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), exported);
    expect(res.statusCode, res.body).toBe(201);
    const { teamId } = res.json() as { teamId: number };
    expect(await teamResources(api, teamId)).toEqual(await teamResources(sourceApi, sourceTeamId));
    // The demo's Set 2 came used: its earlier heat cycles and laps come along.
    const sets = (await api.get(`/api/teams/${teamId}/tire-sets`)).json() as { name: string; earlierHeatCycles: number; earlierLaps: number }[];
    expect(sets.find((s) => s.name === 'Set 2')).toMatchObject({ earlierHeatCycles: 3, earlierLaps: 36 });
  }, 120_000);

  it('imports an export of an older version through its upcasters: the same answers as the source', async () => {
    const { file, downgraded } = await asVersionOneExport(exported);
    expect(downgraded).toBeGreaterThan(5);
    const target = await buildTestPitwall({});
    const { api } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' });
    const res = await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), file);
    expect(res.statusCode, res.body).toBe(201);
    expect(await teamResources(api, (res.json() as { teamId: number }).teamId)).toEqual(await teamResources(sourceApi, sourceTeamId));
  }, 120_000);

  it('recreates the other members as inactive accounts with their usernames; the importer owns the team', async () => {
    const target = await buildTestPitwall({});
    const { api } = await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com' });
    const { teamId } = (await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), exported)).json() as { teamId: number };
    const members = (await api.get(`/api/teams/${teamId}/members`)).json() as { username: string; role: string; isActive: boolean }[];
    const sourceMembers = (await sourceApi.get(`/api/teams/${sourceTeamId}/members`)).json() as { username: string; role: string }[];
    expect(members.map((m) => [m.username, m.role, m.isActive])).toEqual(sourceMembers.map((m) => (m.role === 'owner' ? ['rosa', 'owner', true] : [m.username, m.role, false])));
  }, 120_000);

  it('imports its own export on the same instance as a copy of the team, named as imported', async () => {
    const res = await importTeamFile(source, await sessionCookie(source, 'dana', 'paddock-2026'), exported);
    expect(res.statusCode, res.body).toBe(201);
    const { teamId } = res.json() as { teamId: number };
    expect(teamId).not.toBe(sourceTeamId);
    // The copy's name says it is one (the team's own name is taken here); everything else is the same.
    const copy = JSON.stringify(await teamResources(sourceApi, teamId));
    expect(copy).toContain(' (imported)');
    expect(JSON.parse(copy.replaceAll(' (imported)', ''))).toEqual(await teamResources(sourceApi, sourceTeamId));
  }, 120_000);

  it('refuses a damaged file whole with one sentence naming the file, appending nothing', async () => {
    const target = await buildTestPitwall({});
    await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing' });
    const before = await eventCount(target);
    const damaged = Buffer.from(exported);
    // One byte of events.ndjson's compressed data flipped (its data follows its name in the zip's first header).
    damaged[damaged.indexOf('events.ndjson') + 'events.ndjson'.length + 64]! ^= 0xff;
    const res = await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), damaged);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/^file: This (export is damaged|is not a Pitwall team export)[^.]*\.$/);
    expect(await eventCount(target)).toBe(before);
  }, 120_000);

  it('refuses a file that is no team export (a zip of something else, or no zip) appending nothing', async () => {
    const target = await buildTestPitwall({});
    await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing' });
    const before = await eventCount(target);
    const cookie = await sessionCookie(target, 'rosa', 'paddock-2026');
    const notZip = await importTeamFile(target, cookie, Buffer.from('name,lap\nAiko,1:42.3\n'));
    expect([notZip.statusCode, notZip.json()]).toEqual([400, { message: 'file: This is not a Pitwall team export (it is not a readable zip file).' }]);
    expect(await eventCount(target)).toBe(before);
  }, 120_000);

  it('refuses a well-formed file whose events name a user outside the team (a series of someone else), appending nothing', async () => {
    const target = await buildTestPitwall({});
    await setupTeam(target, { username: 'rosa', teamName: 'Rosa Racing' });
    const before = await eventCount(target);
    const series = { stream: 'series-9', streamPosition: 0, id: '8d1c0a52-3c8a-4f4e-9d0e-2f1a7c3b9d10', type: 'SeriesCreated', data: { seriesId: 9, name: 'Cup', season: '2026', classes: [], organiserId: '999', createdAt: '2026-01-01T00:00:00.000Z' }, metadata: { userId: 999, teamId: null, correlationId: 'x', causationId: null, at: '2026-01-01T00:00:00.000Z' }, recordedAt: '2026-01-01T00:00:00.000Z' };
    const crafted = await withEvents(exported, (lines) => [...lines, JSON.stringify(series)]);
    const res = await importTeamFile(target, await sessionCookie(target, 'rosa', 'paddock-2026'), crafted);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'file: This export is damaged: SeriesCreated names a user who is not in the team.' }]);
    expect(await eventCount(target)).toBe(before);
  }, 120_000);

  it('lets only the owner export (403 for another member of the team)', async () => {
    const member = client(source);
    await member.post('/api/auth/login', { username: 'aiko', password: 'apex-late-brake', loginType: 'member' });
    expect((await member.get(`/api/teams/${sourceTeamId}/export`)).statusCode).toBe(403);
  });
});
