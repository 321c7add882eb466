import { beforeEach, describe, expect, it } from 'vitest';
import { databases, MX5 } from './helpers.ts';
import { givenTeam, scenario, testServer, type Api } from './scenario.ts';

const SCALES = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: 15, ballastPosition: 'passenger floor', notes: 'Flat-patch pads' };

const ROUND_1 = { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' };

/**
 * Corner weights: a setup section per baseline and race event, with what follows from the four
 * weights. Each test has a team, car and race event of its own (beforeEach) and weighs what it reads.
 */
describe.each(databases)('corner weights and setup targets over the API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let teamId: number;
  let car: { id: number };
  let base: string;
  let raceEvent: { id: number };
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { raceEvent: ROUND_1 });
    ({ api, teamId, car, raceEvent } = team);
    base = `/api/cars/${car.id}`;
  });
  /** Weighs the baseline (SCALES with `changes`). */
  const givenBaseline = async (changes: Partial<typeof SCALES> = {}) => expect((await api.put(`${base}/corner-weights`, { ...SCALES, ...changes })).statusCode).toBe(200);

  it('a car never weighed answers every field null and nothing derived', async () => {
    const res = await api.get(`${base}/corner-weights`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ carId: car.id, eventId: null, fl: null, rr: null, derived: null, ownFields: [] });
  });

  it('PUT of the baseline answers the weights with total, front, left, cross weight and wedge', async () => {
    const res = await api.put(`${base}/corner-weights`, SCALES);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ...SCALES, eventId: null });
    expect(body.derived).toEqual({ totalKg: 1400, frontPercent: expect.closeTo(50.714, 3), leftPercent: 50, crossPercent: expect.closeTo(50.714, 3), wedgeKg: 20, diagonal: 'lf-rr' });
  });

  it.each(['fl', 'fr', 'rl', 'rr', 'driverKg', 'ballastKg'])('refuses %s above 2,000 kg with a 400 naming it, appending nothing', async (field) => {
    const { res } = await scenario(server.pitwall).when(() => api.put(`${base}/corner-weights`, { ...SCALES, [field]: 2000.5 })).thenAnswers({ status: 400, appended: 0 });
    expect(res.json().message).toMatch(new RegExp(`^${field}\\b.*2,000 kg`));
  });

  it('refuses a negative corner weight naming the corner', async () => {
    const res = await api.put(`${base}/corner-weights`, { ...SCALES, rl: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rl\b/);
  });

  it('refuses a weight sent as text', async () => {
    const res = await api.put(`${base}/corner-weights`, { ...SCALES, fr: '350 kg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^fr\b/);
  });

  it('a race event with none of its own answers the baseline, nothing own', async () => {
    await givenBaseline();
    const res = await api.get(`${base}/corner-weights?eventId=${raceEvent.id}`);
    expect(res.json()).toMatchObject({ ...SCALES, eventId: raceEvent.id, ownFields: [] });
  });

  it("saving a race event's form with one corner changed stores that corner as its own", async () => {
    await givenBaseline();
    const res = await api.put(`${base}/corner-weights?eventId=${raceEvent.id}`, { ...SCALES, rr: 370 });
    expect(res.json()).toMatchObject({ ...SCALES, rr: 370, ownFields: ['rr'] });
    expect(res.json().derived.wedgeKg).toBe(40);
  });

  it('a later baseline change shows through the inherited corners of the race event, not its own', async () => {
    await givenBaseline();
    expect((await api.put(`${base}/corner-weights?eventId=${raceEvent.id}`, { ...SCALES, rr: 370 })).json()).toMatchObject({ ownFields: ['rr'] });
    await api.put(`${base}/corner-weights`, { ...SCALES, fl: 365 });
    expect((await api.get(`${base}/corner-weights?eventId=${raceEvent.id}`)).json()).toMatchObject({ fl: 365, rr: 370 });
  });

  it("takes the cross weight on the team's oval diagonal (RF + LR) once chosen", async () => {
    await givenBaseline({ fl: 365 });
    expect((await api.get(`${base}/corner-weights`)).json().derived).toMatchObject({ diagonal: 'lf-rr' });
    await api.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', crossDiagonal: 'rf-lr' });
    const derived = (await api.get(`${base}/corner-weights`)).json().derived;
    expect(derived).toMatchObject({ diagonal: 'rf-lr', crossPercent: expect.closeTo((690 / 1405) * 100, 6) });
  });

  it('answers the car ETag and refuses a stale If-Match with 412', async () => {
    await givenBaseline();
    const etag = (await api.get(`${base}/corner-weights`)).headers.etag as string;
    await api.put(`${base}/corner-weights`, { ...SCALES, fl: 361 });
    const stale = await api.put(`${base}/corner-weights`, { ...SCALES, fl: 362 }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().fl).toBe(361);
  });

  it("another team's car answers 404", async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    expect((await rival.get(`${base}/corner-weights`)).statusCode).toBe(404);
    expect((await rival.put(`${base}/corner-weights`, SCALES)).statusCode).toBe(404);
  });

  it('setup targets start empty and PUT replaces them', async () => {
    expect((await api.get(`${base}/setup-targets`)).json()).toEqual({ crossPercent: null, frontPercent: null });
    const res = await api.put(`${base}/setup-targets`, { crossPercent: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ crossPercent: 50, frontPercent: null });
  });

  it('refuses a target above 100 % naming it', async () => {
    const res = await api.put(`${base}/setup-targets`, { frontPercent: 101 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^frontPercent\b/);
  });
});

const SUSPENSION = { frontRideHeight: '65mm', frontSpringRate: '50 N/mm', rearRideHeight: '85 mm', rearSpringRate: 'soft' };

/**
 * The scales and the geometry in the car's record: basic information, history, the whole setup,
 * compare. Each test has a car of its own (beforeEach) with the baseline's suspension and scales;
 * the geometry and the race event's own corner are given by the tests that read them.
 */
describe.each(databases)('corner weights in the audit trail and the whole setup on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let base: string;
  let raceEvent: { id: number };
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { raceEvent: ROUND_1 });
    ({ api, raceEvent } = team);
    base = `/api/cars/${team.car.id}`;
    expect((await api.put(`${base}/suspension`, SUSPENSION)).statusCode).toBe(200);
    expect((await api.put(`${base}/corner-weights`, { fl: 350, fr: 350, rl: 340, rr: 350 })).statusCode).toBe(200);
  });
  /** Gives the car its wheelbase (2,500 mm) and motion ratios (0.75 front, 0.8 rear). */
  const givenGeometry = async () => expect((await api.put(base, { ...MX5, wheelbaseMm: 2500, motionRatio: { front: 0.75, rear: 0.8 } })).statusCode).toBe(200);
  /** The race event's own RR corner: 360 kg against the baseline's 350. */
  const givenOwnCorner = async () => expect((await api.put(`${base}/corner-weights?eventId=${raceEvent.id}`, { fl: 350, fr: 350, rl: 340, rr: 360 })).statusCode).toBe(200);

  it('the car answers no geometry until given', async () => {
    expect((await api.get(base)).json()).toMatchObject({ wheelbaseMm: null, motionRatio: { front: null, rear: null }, unsprungKg: { fl: null, fr: null, rl: null, rr: null } });
  });

  it('PUT of the car keeps its geometry when left out and takes it when sent', async () => {
    const withGeometry = await api.put(base, { ...MX5, wheelbaseMm: 2500, motionRatio: { front: 0.75, rear: 0.8 } });
    expect(withGeometry.statusCode).toBe(200);
    const kept = (await api.put(base, { ...MX5, power: '184 hp' })).json();
    expect(kept).toMatchObject({ power: '184 hp', wheelbaseMm: 2500, motionRatio: { front: 0.75, rear: 0.8 }, unsprungKg: { fl: null } });
  });

  it('refuses a motion ratio of 0 naming it', async () => {
    const res = await api.put(base, { ...MX5, motionRatio: { front: 0, rear: 0.8 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^motionRatio front:/);
  });

  it('the whole setup answers the scales with their figures and the geometry, null where inputs are missing', async () => {
    await givenGeometry();
    const snapshot = (await api.get(`${base}/setup?asOf=9999-12-31`)).json();
    expect(snapshot.basic).toMatchObject({ wheelbaseMm: 2500 });
    expect(snapshot.baseline.cornerWeights).toMatchObject({ fl: 350, derived: { totalKg: 1390, wedgeKg: 10, diagonal: 'lf-rr' } });
    const g = snapshot.baseline.geometry;
    expect(g.rakeMm).toBe(20);
    expect(g.rakeDeg).toBeCloseTo(0.4584, 4);
    expect(g.wheelRate).toEqual({ front: { value: 28.125, unit: 'N/mm' }, rear: null });
    expect(g.rideFrequencyHz.front).toBeCloseTo(1.427, 3);
    expect(g.rideFrequencyHz.rear).toBeNull();
  });

  it("a race event's own corner weights are in its setup as it was there, marked own", async () => {
    await givenOwnCorner();
    const snapshot = (await api.get(`${base}/setup?eventId=${raceEvent.id}`)).json();
    expect(snapshot.raceEvent.setup.cornerWeights).toMatchObject({ rr: 360, ownFields: ['rr'] });
  });

  it('compare with the baseline lists the changed corner and the cross weight', async () => {
    await givenOwnCorner();
    const compare = (await api.get(`${base}/events/${raceEvent.id}/compare/baseline`)).json();
    expect(compare.differences.filter((d: { section: string }) => d.section === 'corner-weights')).toEqual([
      { section: 'corner-weights', field: 'RR weight', left: '360 kg', right: '350 kg' },
      { section: 'corner-weights', field: 'Cross weight', left: '50.7 % (FL + RR)', right: '50.4 % (FL + RR)' },
    ]);
  });

  it("the history lists the change of a corner weight with who made it, a race event's first own corner against the baseline's it inherited", async () => {
    await givenOwnCorner();
    const history = (await api.get(`${base}/history?section=corner-weights`)).json();
    expect(history[0]).toMatchObject({ section: 'corner-weights', eventId: raceEvent.id, changes: [{ field: 'RR weight (kg)', before: '350', after: '360' }] });
    expect(history[0].actor.displayName).toBe('Dana Whitfield');
  });

  it("the history lists the car's geometry in the basic information", async () => {
    await givenGeometry();
    const history = (await api.get(`${base}/history?section=basic`)).json();
    const geometry = history.find((h: { type: string }) => h.type === 'CarGeometrySet');
    expect(geometry.changes).toEqual([
      { field: 'Wheelbase (mm)', before: null, after: '2500' },
      { field: 'Motion ratio front', before: null, after: '0.75' },
      { field: 'Motion ratio rear', before: null, after: '0.8' },
    ]);
  });
});
