import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { databases } from './helpers.ts';
import { created, givenTeam, testServer, type Api, type Team } from './scenario.ts';

const GEARS = [
  { name: '1st', ratio: '5.087', speedAtMaxRpm: '59.8', notes: null },
  { name: '2nd', ratio: '2.991', speedAtMaxRpm: '101.6', notes: null },
  { name: 'Final Drive', ratio: '2.866', speedAtMaxRpm: null, notes: null },
];
const SUSPENSION = {
  frontRideHeight: '120mm', frontSpringRate: '78 N/mm', frontDamperSetting: '8/6', frontCamber: '-2.8°', frontToe: '0.0mm', frontAntiRollBar: 'Medium',
  rearRideHeight: '125mm', rearSpringRate: '59 N/mm', rearDamperSetting: '6/5', rearCamber: '-2.0°', rearToe: '1.5mm (in)', rearAntiRollBar: 'Soft', notes: 'Corner-weighted',
};
const PRESSURES = {
  items: [
    { condition: 'Dry (Cold)', frontLeft: '28 psi', frontRight: '28 psi', rearLeft: '27 psi', rearRight: '27 psi' },
    { condition: 'Wet (Cold)', frontLeft: '30 psi', frontRight: '30 psi', rearLeft: '29 psi', rearRight: '29 psi' },
  ],
  notes: 'Toyo R888R',
};
const FIELDS = Object.keys(SUSPENSION);

/**
 * A race event's setup is the car's baseline overridden by what was changed for it. Each test has a
 * team and car of its own with the baseline's gears, suspension and pressures (beforeEach), and a
 * race event of its own from the beforeEach of its describe; what it changes there, it changes itself.
 */
describe.each(databases)('setup inheritance over the API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let team: Team;
  let base: string;
  beforeEach(async () => {
    team = await givenTeam(server.pitwall, { car: true });
    api = team.api;
    base = `/api/cars/${team.car.id}`;
    expect((await api.put(`${base}/gear-ratios`, GEARS)).statusCode).toBe(200);
    expect((await api.put(`${base}/suspension`, SUSPENSION)).statusCode).toBe(200);
    expect((await api.put(`${base}/tire-pressures`, PRESSURES)).statusCode).toBe(200);
  });
  const newRaceEvent = (name: string, date: string) => created(api.post(`${base}/events`, { name, location: 'Sonoma Raceway', date }));

  describe('a race event with no setup of its own', () => {
    let raceEvent: { id: number };
    beforeEach(async () => (raceEvent = await newRaceEvent('Spring Sprint Round 1', '2026-03-21')));
    it('answers the baseline values, nothing own', async () => {
      const suspension = (await api.get(`${base}/suspension?eventId=${raceEvent.id}`)).json();
      expect(suspension).toMatchObject({ ...SUSPENSION, eventId: raceEvent.id, ownFields: [] });
      const gears = (await api.get(`${base}/gear-ratios?eventId=${raceEvent.id}`)).json() as { ratio: string; own: boolean }[];
      expect(gears.map((g) => [g.ratio, g.own])).toEqual([['5.087', false], ['2.991', false], ['2.866', false]]);
      const tires = (await api.get(`${base}/tire-pressures?eventId=${raceEvent.id}`)).json();
      expect(tires).toMatchObject({ items: [{ condition: 'Dry (Cold)', own: false }, { condition: 'Wet (Cold)', own: false }], notes: 'Toyo R888R' });
    });
    it('the baseline answers mark everything with a value own', async () => {
      const suspension = (await api.get(`${base}/suspension`)).json();
      expect(suspension.ownFields).toEqual(FIELDS);
      expect(((await api.get(`${base}/tire-pressures`)).json().items as { own: boolean }[]).every((r) => r.own)).toBe(true);
    });
  });

  describe('PUT one field on a race event', () => {
    let raceEvent: { id: number };
    beforeEach(async () => (raceEvent = await newRaceEvent('Summer Enduro', '2026-06-13')));
    /** The race event's own front camber (-3.2°) and rear toe (1.0 mm in), saved one after the other. */
    const givenOwnCamberAndToe = async () => {
      expect((await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.2°' })).statusCode).toBe(200);
      expect((await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.2°', rearToe: '1.0mm (in)' })).statusCode).toBe(200);
    };
    it('keeps every other field effective, and only front camber is own', async () => {
      const res = await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.2°' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...SUSPENSION, frontCamber: '-3.2°', ownFields: ['frontCamber'] });
      expect((await api.get(`${base}/suspension?eventId=${raceEvent.id}`)).json()).toEqual(res.json());
      // A second save of another field keeps front camber.
      const again = await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.2°', rearToe: '1.0mm (in)' });
      expect(again.json()).toMatchObject({ ...SUSPENSION, frontCamber: '-3.2°', rearToe: '1.0mm (in)', ownFields: ['frontCamber', 'rearToe'] });
    });
    it('compare with the baseline lists exactly the real differences', async () => {
      await givenOwnCamberAndToe();
      const compare = (await api.get(`${base}/events/${raceEvent.id}/compare/baseline`)).json();
      expect(compare.differences).toEqual([
        { section: 'suspension', field: 'Front Camber', left: '-3.2°', right: '-2.8°' },
        { section: 'suspension', field: 'Rear Toe', left: '1.0mm (in)', right: '1.5mm (in)' },
      ]);
    });
    it('a later baseline change shows through the inherited fields, not the own ones', async () => {
      await givenOwnCamberAndToe();
      await api.put(`${base}/suspension`, { ...SUSPENSION, frontRideHeight: '118mm', frontCamber: '-2.6°' });
      expect((await api.get(`${base}/suspension?eventId=${raceEvent.id}`)).json()).toMatchObject({ frontRideHeight: '118mm', frontCamber: '-3.2°' });
    });
  });

  describe('compare after changing only front camber', () => {
    let raceEvent: { id: number };
    beforeEach(async () => (raceEvent = await newRaceEvent('Autumn Sprint', '2026-09-05')));
    it('lists exactly 1 difference, also with the race final drive set to the baseline ratio', async () => {
      await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.0°' });
      await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '2.866' });
      const compare = (await api.get(`${base}/events/${raceEvent.id}/compare/baseline`)).json();
      expect(compare.differences).toEqual([{ section: 'suspension', field: 'Front Camber', left: '-3.0°', right: '-2.8°' }]);
    });
    it("a different race final drive is ONE 'Final Drive ratio' line and the effective Final Drive row", async () => {
      await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '3.100' });
      const compare = (await api.get(`${base}/events/${raceEvent.id}/compare/baseline`)).json();
      expect(compare.differences.filter((d: { section: string }) => d.section === 'gear-ratios')).toEqual([{ section: 'gear-ratios', field: 'Final Drive ratio', left: '3.100', right: '2.866' }]);
      const gears = (await api.get(`${base}/gear-ratios?eventId=${raceEvent.id}`)).json();
      expect(gears.at(-1)).toMatchObject({ name: 'Final Drive', ratio: '3.100', own: true });
    });
    it('as-of the race event answers its effective setup, marked', async () => {
      await api.put(`${base}/suspension?eventId=${raceEvent.id}`, { ...SUSPENSION, frontCamber: '-3.0°' });
      await api.patch(`${base}/events/${raceEvent.id}`, { finalDriveRatio: '3.100' });
      const snapshot = (await api.get(`${base}/setup?eventId=${raceEvent.id}`)).json();
      expect(snapshot.raceEvent.setup.suspension).toMatchObject({ ...SUSPENSION, frontCamber: '-3.0°', ownFields: ['frontCamber'] });
      expect(snapshot.raceEvent.setup.tirePressures.items).toHaveLength(2);
      expect(snapshot.raceEvent.setup.gearRatios.map((g: { ratio: string; own: boolean }) => [g.ratio, g.own])).toEqual([['5.087', false], ['2.991', false], ['3.100', true]]);
    });
  });

  describe('tire pressures and gear ratios per row', () => {
    let raceEvent: { id: number };
    beforeEach(async () => (raceEvent = await newRaceEvent('Night Race', '2026-07-18')));
    it('a changed row is own, the others and the note stay the baseline', async () => {
      const items = PRESSURES.items.map((r, i) => (i === 0 ? { ...r, frontLeft: '26.5 psi' } : r));
      const res = await api.put(`${base}/tire-pressures?eventId=${raceEvent.id}`, { items, notes: PRESSURES.notes });
      expect(res.json()).toMatchObject({ items: [{ frontLeft: '26.5 psi', own: true }, { frontLeft: '30 psi', own: false }], notes: 'Toyo R888R' });
      // Leaving a baseline row out does not delete it: the race event cannot delete baseline rows.
      const fewer = await api.put(`${base}/tire-pressures?eventId=${raceEvent.id}`, { items: [items[0]], notes: PRESSURES.notes });
      expect(fewer.json().items.map((r: { condition: string }) => r.condition)).toEqual(['Dry (Cold)', 'Wet (Cold)']);
    });
    it('a gear row of its own replaces the baseline row of that name', async () => {
      const res = await api.put(`${base}/gear-ratios?eventId=${raceEvent.id}`, GEARS.map((g) => (g.name === '2nd' ? { ...g, ratio: '3.010' } : g)));
      expect(res.json().map((g: { ratio: string; own: boolean }) => [g.ratio, g.own])).toEqual([['5.087', false], ['3.010', true], ['2.866', false]]);
    });
  });

  describe('a race-event suspension stored by the previous version (before inheritance)', () => {
    let partial: { id: number };
    let complete: { id: number };
    beforeEach(async () => {
      const { pitwall } = server;
      partial = await newRaceEvent('Old partial', '2026-04-11');
      complete = await newRaceEvent('Old complete', '2026-04-25');
      // What the old form stored: the partial one of the bug (only front camber typed) and a complete copy.
      const blank = Object.fromEntries(FIELDS.map((f) => [f, null]));
      const carId = team.car.id;
      const metadata = { userId: team.user.id, teamId: team.teamId, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
      const stream = `car-${carId}`;
      const revision = (await pitwall.deps.store.readStream(stream)).at(-1)!.streamPosition;
      await pitwall.deps.store.appendToStream(stream, [
        { id: randomUUID(), type: 'SuspensionSet', data: { carId, raceEventId: partial.id, suspensionId: 9001, values: { ...blank, frontCamber: '-3.5°' } }, metadata },
        { id: randomUUID(), type: 'SuspensionSet', data: { carId, raceEventId: complete.id, suspensionId: 9002, values: { ...SUSPENSION, rearCamber: '-2.4°' } }, metadata },
      ], { expectedRevision: revision });
      // Any write waits for the read models to pass it, and with it the appended events.
      await api.post(`${base}/checklist`, { title: 'Torque wheel nuts' });
    });

    it('the partial one shows the baseline values in its blank fields', async () => {
      expect((await api.get(`${base}/suspension?eventId=${partial.id}`)).json()).toMatchObject({ ...SUSPENSION, frontCamber: '-3.5°', ownFields: ['frontCamber'] });
      expect((await api.get(`${base}/events/${partial.id}/compare/baseline`)).json().differences).toHaveLength(1);
    });
    it('the complete one keeps its values, every field own', async () => {
      expect((await api.get(`${base}/suspension?eventId=${complete.id}`)).json()).toMatchObject({ ...SUSPENSION, rearCamber: '-2.4°', ownFields: FIELDS });
    });
  });

  describe('tenancy is unchanged', () => {
    it("another team's effective setup is not found", async () => {
      const raceEvent = await newRaceEvent('Private test', '2026-05-02');
      const { api: rival } = await givenTeam(server.pitwall);
      for (const section of ['gear-ratios', 'suspension', 'tire-pressures']) {
        expect((await rival.get(`${base}/${section}?eventId=${raceEvent.id}`)).statusCode).toBe(404);
        expect((await rival.put(`${base}/${section}?eventId=${raceEvent.id}`, section === 'gear-ratios' ? GEARS : section === 'suspension' ? SUSPENSION : PRESSURES)).statusCode).toBe(404);
      }
    });
  });
});
