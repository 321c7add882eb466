import { beforeEach, describe, expect, it } from 'vitest';
import { client, databases, eventCount } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

const GEARS = [
  { name: '1st', ratio: '5.087', speedAtMaxRpm: '59.8', notes: '7500 rpm, 205/45R17' },
  { name: '2nd', ratio: '2.991', speedAtMaxRpm: '101.6', notes: '' },
  { name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: '', notes: '' },
];
const SUSPENSION = {
  frontRideHeight: '120mm', frontSpringRate: '78 N/mm', frontDamperSetting: '8/6', frontCamber: '-2.8°', frontToe: '0.0mm', frontAntiRollBar: 'Medium',
  rearRideHeight: '125mm', rearSpringRate: '59 N/mm', rearDamperSetting: '6/5', rearCamber: '-2.0°', rearToe: '1.5mm (in)', rearAntiRollBar: 'Soft', notes: 'Corner-weighted with driver, 50.4% front',
};
const PRESSURES = {
  items: [
    { condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' },
    { condition: 'Wet (Cold)', frontLeft: '30 psi', frontRight: '30 psi', rearLeft: '29 psi', rearRight: '29 psi' },
  ],
  notes: 'Toyo R888R; bleed to hot target after first out-lap',
};

/** Each test has a team, car and race event of its own (beforeEach) and saves the rows it reads. */
describe.each(databases)('car setup API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let car: { id: number };
  let raceEvent: { id: number };
  let teamId: number;
  beforeEach(async () => {
    ({ api, car, raceEvent, teamId } = await givenTeam(server.pitwall, { raceEvent: { name: 'Spring Sprint Round 1', location: 'WeatherTech Raceway Laguna Seca', date: '2026-03-21' } }));
  });
  /** The baseline's three gear rows (GEARS). */
  const givenGears = async () => expect((await api.put(`/api/cars/${car.id}/gear-ratios`, GEARS)).statusCode).toBe(200);
  /** The baseline's two pressure rows and note (PRESSURES). */
  const givenPressures = async () => expect((await api.put(`/api/cars/${car.id}/tire-pressures`, PRESSURES)).statusCode).toBe(200);

  describe('PUT /api/cars/:carId/gear-ratios', () => {
    it('stores the rows in order, empty texts as null, and answers them', async () => {
      expect((await api.get(`/api/cars/${car.id}/gear-ratios`)).json()).toEqual([]);
      const res = await api.put(`/api/cars/${car.id}/gear-ratios`, GEARS);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { name: string }) => r.name)).toEqual(['1st', '2nd', 'Final Drive']);
      expect(res.json()[2]).toMatchObject({ ratio: '2.866', speedAtMaxRpm: null, notes: null, eventId: null });
    });

    it('answers the list as a GET then shows it, also when the rows were already so (nothing changed)', async () => {
      const changed = await api.put(`/api/cars/${car.id}/gear-ratios`, [...GEARS, { name: '6th', ratio: '0.794', speedAtMaxRpm: '212 km/h', notes: 'tall' }]);
      expect(changed.json()).toEqual((await api.get(`/api/cars/${car.id}/gear-ratios`)).json());
      const before = await eventCount(server.pitwall);
      const same = await api.put(`/api/cars/${car.id}/gear-ratios`, [...GEARS, { name: '6th', ratio: '0.794', speedAtMaxRpm: '212 km/h', notes: 'tall' }]);
      expect(await eventCount(server.pitwall)).toBe(before);
      expect(same.json()).toEqual(changed.json());
    });

    it('refuses a row without a ratio, names the row, and keeps the previous rows', async () => {
      await givenGears();
      const before = await eventCount(server.pitwall);
      const res = await api.put(`/api/cars/${car.id}/gear-ratios`, [{ name: '1st', ratio: '4.1' }, { name: '2nd', ratio: ' ' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'row 2 ratio: Ratio is required' });
      expect((await api.put(`/api/cars/${car.id}/gear-ratios`, [{ name: '', ratio: '4.1' }])).json()).toEqual({ message: 'row 1 name: Name is required' });
      expect(await eventCount(server.pitwall)).toBe(before);
      expect((await api.get(`/api/cars/${car.id}/gear-ratios`)).json()).toHaveLength(3);
    });

    // Setup inheritance: a race event's list is its EFFECTIVE list (baseline rows it does not override, marked own: false).
    it("keeps a race event's own rows apart from the baseline and answers the effective list", async () => {
      await givenGears();
      await api.put(`/api/cars/${car.id}/gear-ratios?eventId=${raceEvent.id}`, [{ name: 'Final Drive', ratio: '3.100' }]);
      const effective = (await api.get(`/api/cars/${car.id}/gear-ratios?eventId=${raceEvent.id}`)).json() as { name: string; ratio: string; eventId: number | null; own: boolean }[];
      expect(effective.map((r) => [r.name, r.own])).toEqual([['1st', false], ['2nd', false], ['Final Drive', true]]);
      expect(effective.at(-1)).toMatchObject({ ratio: '3.100', eventId: raceEvent.id });
      const baseline = (await api.get(`/api/cars/${car.id}/gear-ratios`)).json() as { ratio: string; own: boolean }[];
      expect(baseline.map((r) => [r.ratio, r.own])).toEqual([['5.087', true], ['2.991', true], ['2.866', true]]);
      const viaBody = await api.put(`/api/cars/${car.id}/gear-ratios`, [{ name: 'Final Drive', ratio: '3.200', eventId: raceEvent.id }]);
      expect(viaBody.json().at(-1)).toMatchObject({ name: 'Final Drive', ratio: '3.200', eventId: raceEvent.id, own: true });
    });

    it('refuses an unknown race event and another team', async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await api.put(`/api/cars/${car.id}/gear-ratios?eventId=9999`, GEARS)).json()).toEqual({ message: 'Race event not found' });
      expect((await rival.get(`/api/cars/${car.id}/gear-ratios`)).statusCode).toBe(404);
      expect((await rival.put(`/api/cars/${car.id}/gear-ratios`, GEARS)).statusCode).toBe(404);
    });
  });

  // The embedded process keeps the baseline list between commits of its projector (answer-cache.ts): every change shows at once.
  describe('GET /api/cars/:carId/gear-ratios, read again and again', () => {
    it("shows a teammate's save and its new ETag on the next read, and nothing once the team is deleted", async () => {
      await givenGears();
      const first = await api.get(`/api/cars/${car.id}/gear-ratios`);
      expect((await api.get(`/api/cars/${car.id}/gear-ratios`)).json()).toEqual(first.json());
      await created(api.post(`/api/teams/${teamId}/members`, { username: `marco-${teamId}`, password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' }));
      const marco = client(server.pitwall);
      expect((await marco.post('/api/auth/login', { username: `marco-${teamId}`, password: 'torque-108nm', loginType: 'member' })).statusCode).toBe(200);
      expect((await marco.get(`/api/cars/${car.id}/gear-ratios`)).json()).toEqual(first.json());

      expect((await marco.put(`/api/cars/${car.id}/gear-ratios`, [{ name: '1st', ratio: '4.900' }])).statusCode).toBe(200);
      const after = await api.get(`/api/cars/${car.id}/gear-ratios`);
      expect(after.json().map((r: { name: string; ratio: string }) => [r.name, r.ratio])).toEqual([['1st', '4.900']]);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect((await api.get(`/api/cars/${car.id}/gear-ratios`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);

      expect((await api.delete(`/api/teams/${teamId}`)).statusCode).toBe(204);
      expect((await marco.get(`/api/cars/${car.id}/gear-ratios`)).json()).toEqual({ message: 'Car not found' });
    });
  });

  describe('PUT /api/cars/:carId/suspension', () => {
    it('answers null before any save, then the saved object', async () => {
      expect((await api.get(`/api/cars/${car.id}/suspension`)).json()).toBeNull();
      const res = await api.put(`/api/cars/${car.id}/suspension`, { carId: car.id, ...SUSPENSION });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(SUSPENSION);
      const edited = await api.put(`/api/cars/${car.id}/suspension`, { ...SUSPENSION, frontCamber: '-3.0°', rearToe: '' });
      expect(edited.json()).toMatchObject({ id: res.json().id, frontCamber: '-3.0°', rearToe: null });
    });
  });

  describe('PUT /api/cars/:carId/tire-pressures', () => {
    it("appends nothing, so the history logs nothing, for a save of the values it holds (a conflict choice keeping a teammate's values)", async () => {
      await givenPressures();
      const before = await eventCount(server.pitwall);
      const held = (await api.get(`/api/cars/${car.id}/tire-pressures`)).json() as { items: Record<string, unknown>[]; notes: string | null };
      const res = await api.put(`/api/cars/${car.id}/tire-pressures`, { items: held.items.map(({ condition, frontLeft, frontRight, rearLeft, rearRight }) => ({ condition, frontLeft, frontRight, rearLeft, rearRight })), notes: held.notes });
      expect(res.statusCode).toBe(200);
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it('stores rows and the shared note', async () => {
      const res = await api.put(`/api/cars/${car.id}/tire-pressures`, PRESSURES);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ items: PRESSURES.items, notes: PRESSURES.notes });
    });

    it.each([
      ['condition', 'Condition is required'],
      ['frontLeft', 'Front left pressure is required'],
      ['frontRight', 'Front right pressure is required'],
      ['rearLeft', 'Rear left pressure is required'],
      ['rearRight', 'Rear right pressure is required'],
    ])('refuses a row without %s', async (field, message) => {
      await givenPressures();
      const items = [PRESSURES.items[0], { ...PRESSURES.items[1], [field]: '' }];
      const res = await api.put(`/api/cars/${car.id}/tire-pressures`, { items, notes: null });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `items row 2 ${field}: ${message}` });
      expect((await api.get(`/api/cars/${car.id}/tire-pressures`)).json().items).toHaveLength(2);
    });
  });

  describe('checklist', () => {
    it('adds, completes, reopens and removes an item', async () => {
      const added = await api.post(`/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts', description: '108 Nm', priority: 'high' });
      expect(added.statusCode).toBe(201);
      const item = added.json() as { id: number };
      expect(added.json()).toMatchObject({ title: 'Torque wheel nuts', isCompleted: false, priority: 'high' });
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true })).json()).toMatchObject({ isCompleted: true });
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ isCompleted: false });
      expect((await api.delete(`/api/cars/${car.id}/checklist/${item.id}`)).statusCode).toBe(204);
      expect((await api.get(`/api/cars/${car.id}/checklist`)).json()).toEqual([]);
      expect((await api.delete(`/api/cars/${car.id}/checklist/${item.id}`)).json()).toEqual({ message: 'Checklist item not found' });
    });

    it('answers who ticked an item and when, from the tick; reopening clears both', async () => {
      const item = (await api.post(`/api/cars/${car.id}/checklist`, { title: 'Bleed brakes' })).json() as { id: number; completedBy: string | null };
      expect(item).toMatchObject({ completedBy: null, completedAt: null });
      const ticked = (await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: true })).json() as { completedAt: string; updatedAt: string };
      expect(ticked).toMatchObject({ completedBy: 'Dana Whitfield', completedAt: ticked.updatedAt });
      expect((await api.get(`/api/cars/${car.id}/checklist`)).json()).toContainEqual(expect.objectContaining({ id: item.id, completedBy: 'Dana Whitfield', completedAt: ticked.completedAt }));
      expect((await api.patch(`/api/cars/${car.id}/checklist/${item.id}`, { isCompleted: false })).json()).toMatchObject({ completedBy: null, completedAt: null });
    });

    it('refuses a blank title with the spec message; defaults priority to medium', async () => {
      const res = await api.post(`/api/cars/${car.id}/checklist`, { title: '   ' });
      expect(res.json()).toEqual({ message: 'title: Missing information: Please provide a title for the checklist item' });
      expect((await api.post(`/api/cars/${car.id}/checklist`, { title: 'Transponder charged' })).json()).toMatchObject({ priority: 'medium' });
    });
  });
});
