import { describe, expect, it } from 'vitest';
import { buildTestPitwall, databases, eventCount, MX5, setupTeam } from './helpers.ts';

const SCALES = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: 15, ballastPosition: 'passenger floor', notes: 'Flat-patch pads' };

/** Corner weights: a setup section per baseline and race event, with what follows from the four weights. */
describe.each(databases)('corner weights and setup targets over the API on $name', async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api, user } = await setupTeam(pitwall);
  const { api: rival } = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
  const teamId = user.teams[0]!.teamId;
  const car = (await api.post('/api/cars', MX5)).json() as { id: number };
  const base = `/api/cars/${car.id}`;
  const raceEvent = (await api.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' })).json() as { id: number };

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
    const before = await eventCount(pitwall);
    const res = await api.put(`${base}/corner-weights`, { ...SCALES, [field]: 2000.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}\\b.*2,000 kg`));
    expect(await eventCount(pitwall)).toBe(before);
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
    const res = await api.get(`${base}/corner-weights?eventId=${raceEvent.id}`);
    expect(res.json()).toMatchObject({ ...SCALES, eventId: raceEvent.id, ownFields: [] });
  });

  it("saving a race event's form with one corner changed stores that corner as its own", async () => {
    const res = await api.put(`${base}/corner-weights?eventId=${raceEvent.id}`, { ...SCALES, rr: 370 });
    expect(res.json()).toMatchObject({ ...SCALES, rr: 370, ownFields: ['rr'] });
    expect(res.json().derived.wedgeKg).toBe(40);
  });

  it('a later baseline change shows through the inherited corners of the race event, not its own', async () => {
    await api.put(`${base}/corner-weights`, { ...SCALES, fl: 365 });
    expect((await api.get(`${base}/corner-weights?eventId=${raceEvent.id}`)).json()).toMatchObject({ fl: 365, rr: 370 });
  });

  it("takes the cross weight on the team's oval diagonal (RF + LR) once chosen", async () => {
    await api.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', crossDiagonal: 'rf-lr' });
    const derived = (await api.get(`${base}/corner-weights`)).json().derived;
    await api.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', crossDiagonal: 'lf-rr' });
    expect(derived).toMatchObject({ diagonal: 'rf-lr', crossPercent: expect.closeTo((690 / 1405) * 100, 6) });
  });

  it('answers the car ETag and refuses a stale If-Match with 412', async () => {
    const etag = (await api.get(`${base}/corner-weights`)).headers.etag as string;
    await api.put(`${base}/corner-weights`, { ...SCALES, fl: 361 });
    const stale = await api.put(`${base}/corner-weights`, { ...SCALES, fl: 362 }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().fl).toBe(361);
  });

  it("another team's car answers 404", async () => {
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
