import { beforeEach, describe, expect, it } from 'vitest';
import { client, databases, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

const SUSPENSION = { frontCamber: '-2.5°', rearCamber: '-2.0°', frontRideHeight: '120mm' };
const GEARS = [
  { name: '1st', ratio: '5.087' },
  { name: '2nd', ratio: '2.991' },
  { name: 'Final Drive', ratio: '2.866' },
];

/**
 * Each test has a team of its own (beforeEach) with mechanic Marco signed in and a car whose
 * record tells one story: the baseline suspension and gears, Laguna Seca (its final drive and own
 * tire row), then Marco's camber and gear changes and a maintenance date.
 */
describe.each(databases)('audit trail API on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let marco: Api;
  let base: string;
  let laguna: { id: number };
  beforeEach(async () => {
    const { pitwall } = server;
    const team = await givenTeam(pitwall, { car: true });
    owner = team.api;
    const marcoName = `marco-of-${team.username}`;
    await created(owner.post(`/api/teams/${team.teamId}/members`, { username: marcoName, password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' }));
    marco = client(pitwall);
    expect((await marco.post('/api/auth/login', { username: marcoName, password: 'torque-108nm', loginType: 'member' })).statusCode).toBe(200);
    base = `/api/cars/${team.car.id}`;
    const ok = (res: { statusCode: number }) => expect(res.statusCode).toBe(200);
    ok(await owner.put(`${base}/suspension`, SUSPENSION));
    ok(await owner.put(`${base}/gear-ratios`, GEARS));
    laguna = await created(owner.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21' }));
    ok(await owner.patch(`${base}/events/${laguna.id}`, { finalDriveRatio: '2.866' }));
    ok(await owner.put(`${base}/tire-pressures?eventId=${laguna.id}`, { items: [{ condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' }], notes: null }));
    // After Laguna Seca: the mechanic changes the camber and a gear; a maintenance date is recorded.
    ok(await marco.put(`${base}/suspension`, { ...SUSPENSION, frontCamber: '-2.8°' }));
    ok(await marco.put(`${base}/gear-ratios`, [GEARS[0], { name: '2nd', ratio: '3.010' }, GEARS[2], { name: '3rd', ratio: '2.035' }]));
    ok(await owner.put(base, { ...MX5, lastEngineOilChange: '2026-10-30' }));
  });

  describe('GET /api/cars/:carId/history', () => {
    it("shows the mechanic's change with name, role and colour, field by field, newest first", async () => {
      const history = (await owner.get(`${base}/history?section=suspension`)).json() as { actor: unknown; changes: unknown[] }[];
      expect(history[0]).toMatchObject({
        type: 'SuspensionSet',
        section: 'suspension',
        actor: { displayName: 'Marco Rossi', role: 'mechanic', memberColor: '#ff6600' },
        changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }],
      });
      expect(history[1]).toMatchObject({ actor: { displayName: 'Dana Whitfield', role: 'owner' } });
      expect(history[1]!.changes).toContainEqual({ field: 'Front camber', before: null, after: '-2.5°' });
    });

    it('lists gear rows added and changed', async () => {
      const [latest] = (await owner.get(`${base}/history?section=gear-ratios&limit=1`)).json() as { changes: unknown[] }[];
      expect(latest!.changes).toEqual([
        { field: '2nd ratio', before: '2.991', after: '3.010' },
        { field: '3rd', before: null, after: '2.035' },
      ]);
    });

    it('filters by race event and pages with before', async () => {
      const forLaguna = (await owner.get(`${base}/history?eventId=${laguna.id}`)).json() as { section: string; eventId: number }[];
      expect(forLaguna.map((e) => e.section)).toEqual(['tire-pressures']);
      const all = (await owner.get(`${base}/history`)).json() as { position: string }[];
      const page = (await owner.get(`${base}/history?before=${all[1]!.position}&limit=2`)).json() as { position: string }[];
      expect(page.map((e) => e.position)).toEqual([all[2]!.position, all[3]!.position]);
    });

    it('a refused save leaves no history entry', async () => {
      const before = (await owner.get(`${base}/history`)).json() as unknown[];
      const events = await eventCount(server.pitwall);
      expect((await marco.put(`${base}/gear-ratios`, [{ name: '1st', ratio: '' }])).statusCode).toBe(400);
      expect(await eventCount(server.pitwall)).toBe(events);
      expect((await owner.get(`${base}/history`)).json()).toEqual(before);
    });

    it("another team's history is not found", async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await rival.get(`${base}/history`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/cars/:carId/setup', () => {
    it('as it was at Laguna Seca differs from today exactly in what changed after it', async () => {
      const atLaguna = (await owner.get(`${base}/setup?eventId=${laguna.id}`)).json();
      const today = (await owner.get(`${base}/setup?asOf=${new Date(Date.now() + 60_000).toISOString()}`)).json();
      expect(atLaguna.baseline.suspension.frontCamber).toBe('-2.5°');
      expect(today.baseline.suspension.frontCamber).toBe('-2.8°');
      expect(atLaguna.raceEvent).toMatchObject({ name: 'Spring Sprint Round 1', finalDriveRatio: '2.866', setup: { tirePressures: { items: [{ condition: 'Dry (Cold)' }] } } });
      expect({ ...atLaguna.baseline, suspension: { ...atLaguna.baseline.suspension, frontCamber: '-2.8°' }, gearRatios: today.baseline.gearRatios }).toEqual(today.baseline);
      expect(atLaguna.baseline.gearRatios.map((g: { ratio: string }) => g.ratio)).toEqual(['5.087', '2.991', '2.866']);
      expect(atLaguna.maintenance.lastEngineOilChange ?? null).toBeNull();
      expect(today.maintenance.lastEngineOilChange).toBe('2026-10-30');
      expect({ ...atLaguna.basic }).toEqual(today.basic);
    });

    it('the setup rebuilt at the end equals the live read models', async () => {
      const now = (await owner.get(`${base}/setup?asOf=${new Date(Date.now() + 60_000).toISOString()}`)).json();
      const gears = (await owner.get(`${base}/gear-ratios`)).json() as { name: string; ratio: string; speedAtMaxRpm: string | null; notes: string | null; own: boolean }[];
      const { id: _id, carId: _c, eventId: _e, ...suspension } = (await owner.get(`${base}/suspension`)).json();
      const car = (await owner.get(base)).json();
      expect(now.baseline.gearRatios).toEqual(gears.map(({ name, ratio, speedAtMaxRpm, notes, own }) => ({ name, ratio, speedAtMaxRpm, notes, own })));
      expect(now.baseline.suspension).toEqual(suspension);
      expect(now.basic.power).toBe(car.power);
      expect(now.maintenance.lastEngineOilChange).toBe(car.lastEngineOilChange);
    });

    it('before the car existed there is no setup; a bad query names the problem', async () => {
      expect((await owner.get(`${base}/setup?asOf=2020-01-01`)).statusCode).toBe(404);
      expect((await owner.get(`${base}/setup`)).json()).toEqual({ message: 'send exactly one of asOf or eventId' });
    });
  });

  describe('GET /api/cars/:carId/events/:eventId/compare/:other', () => {
    it('compares a race event with the baseline and with another race event', async () => {
      const vsBaseline = (await owner.get(`${base}/events/${laguna.id}/compare/baseline`)).json();
      expect(vsBaseline.left.label).toBe('Spring Sprint Round 1');
      expect(vsBaseline.right.label).toBe('Baseline');
      // Setup inheritance: the race final drive 2.866 IS the effective 'Final Drive' ratio (equal to the baseline's), so it is no difference;
      // only the race event's own tire row differs from the baseline (which has none).
      expect(vsBaseline.differences.map((d: { field: string }) => d.field)).toEqual(['Dry (Cold) pressures']);
      const sonoma = (await owner.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).json() as { id: number };
      await owner.put(`${base}/suspension?eventId=${sonoma.id}`, { ...SUSPENSION, frontCamber: '-3.2°' });
      const vsSonoma = (await owner.get(`${base}/events/${laguna.id}/compare/${sonoma.id}`)).json();
      expect(vsSonoma.differences).toContainEqual({ section: 'suspension', field: 'Front Camber', left: '-2.8°', right: '-3.2°' });
      expect((await owner.get(`${base}/events/${laguna.id}/compare/abc`)).statusCode).toBe(400);
    });
  });
});
