import { beforeEach, describe, expect, it } from 'vitest';
import { databases, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/**
 * The screens' views (GET /api/cars/{carId}/view, GET …/events/{eventId}/view): each part is the
 * answer of its own GET, with that GET's ETag; tenancy as the car routes; ETag and 304 like every
 * GET, the view's changing with a save of any of its parts.
 */
describe.each(databases)('screen views on $name', (database) => {
  // Each test has a team of its own (beforeEach) whose car has every part of both views saved: three
  // race events (two at Laguna Seca), the setup sections, checklist, issues, sessions, a part and a tire set.
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let car: { id: number };
  let base: string;
  let earlier: { id: number };
  let raceEvent: { id: number };
  let eventBase: string;
  let sameTrack: { id: number };
  beforeEach(async () => {
    ({ api: owner, teamId, car } = await givenTeam(server.pitwall, { car: true }));
    base = `/api/cars/${car.id}`;
    earlier = await created(owner.post(`${base}/events`, { name: 'Round 1', location: 'Sonoma', date: '2026-03-01' }));
    raceEvent = await created(owner.post(`${base}/events`, { name: 'Round 2', location: 'Laguna Seca', date: '2026-04-01' }));
    eventBase = `${base}/events/${raceEvent.id}`;
    sameTrack = await created(owner.post(`${base}/events`, { name: 'Round 5', location: 'Laguna Seca', date: '2026-09-01' }));
    const saved = [
      await owner.put(`${base}/gear-ratios`, [{ name: '1st', ratio: '5.087' }, { name: '2nd', ratio: '2.991' }]),
      await owner.put(`${base}/suspension`, { frontCamber: '-3.1°' }),
      await owner.put(`${base}/suspension?eventId=${raceEvent.id}`, { frontCamber: '-3.4°' }),
      await owner.put(`${base}/tire-pressures`, { items: [{ condition: 'Dry (Cold)', frontLeft: '28', frontRight: '28', rearLeft: '27', rearRight: '27' }], notes: 'cold' }),
      await owner.put(`${base}/corner-weights`, { fl: 360, fr: 350, rl: 340, rr: 350 }),
      await owner.put(`${base}/setup-targets`, { crossPercent: 50 }),
      await owner.put(`${base}/tire-pressure-targets`, { front: 34, rear: 33 }),
      await owner.put(`${base}/setup-sheet`, { ballastKg: 10 }),
    ];
    expect(saved.map((res) => res.statusCode)).toEqual(saved.map(() => 200));
    await created(owner.post(`${base}/checklist`, { title: 'Check fuel' }));
    await created(owner.post(`${base}/issues`, { title: 'Brake judder', description: 'Front left', eventId: raceEvent.id }));
    await created(owner.post(`${base}/issues`, { title: 'Spare pads', description: 'One set of fronts', type: 'part', eventId: earlier.id }));
    await created(owner.post(`${eventBase}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-04-01T09:00:00Z' }));
    await created(owner.post(`/api/teams/${teamId}/parts`, { name: 'Clutch', category: 'clutch', limits: { km: 1000 }, carId: car.id }));
    await created(owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 1', carId: car.id }));
    await created(owner.post(`${base}/events/${sameTrack.id}/sessions`, { name: 'Race', type: 'race', startedAt: '2026-09-01T14:00:00Z' }));
  });

  /** The answer and ETag of each `part`'s own GET, as the view names them. */
  async function ownAnswers(parts: Record<string, string>) {
    const answers: Record<string, unknown> = {};
    const versions: Record<string, string | null> = {};
    for (const [part, url] of Object.entries(parts)) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBe(200);
      answers[part] = res.json();
      versions[part] = (res.headers.etag as string | undefined) ?? null;
    }
    return { ...answers, versions };
  }

  it("answers the car page's parts exactly as their own GETs do, with their ETags", async () => {
    const view = await owner.get(`${base}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual(
      await ownAnswers({
        car: base,
        gearRatios: `${base}/gear-ratios`,
        suspension: `${base}/suspension`,
        cornerWeights: `${base}/corner-weights`,
        setupTargets: `${base}/setup-targets`,
        tirePressures: `${base}/tire-pressures`,
        tirePressureTargets: `${base}/tire-pressure-targets`,
        setupSheet: `${base}/setup-sheet`,
        checklist: `${base}/checklist`,
        parts: `${base}/parts`,
        teamSettings: `/api/teams/${teamId}/settings`,
      }),
    );
  });

  it("answers a race event's parts exactly as their own GETs do, with their ETags", async () => {
    const view = await owner.get(`${eventBase}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual(
      await ownAnswers({
        car: base,
        raceEvent: eventBase,
        raceEvents: `${base}/events`,
        issues: `${eventBase}/issues`,
        carriedOver: `${eventBase}/carried-over`,
        gearRatios: `${base}/gear-ratios?eventId=${raceEvent.id}`,
        suspension: `${base}/suspension?eventId=${raceEvent.id}`,
        tirePressures: `${base}/tire-pressures?eventId=${raceEvent.id}`,
        sessions: `${eventBase}/sessions`,
        trackSessions: `${base}/tracks/sessions?location=Laguna%20Seca`,
        images: `${base}/images`,
        parts: `${base}/parts`,
        tireSets: `/api/teams/${teamId}/tire-sets`,
        teamSettings: `/api/teams/${teamId}/settings`,
      }),
    );
  });

  it("answers another team's car 404 'Car not found', as the car routes do", async () => {
    const { api: rival } = await givenTeam(server.pitwall);
    for (const url of [`${base}/view`, `${eventBase}/view`]) {
      const refused = await rival.get(url);
      expect([refused.statusCode, refused.json()], url).toEqual([404, { message: 'Car not found' }]);
    }
  });

  it("answers another car's or a missing race event 404 'Race event not found'", async () => {
    const other = (await owner.post('/api/cars', { ...MX5, name: 'MX-5 #28' })).json() as { id: number };
    for (const url of [`/api/cars/${other.id}/events/${raceEvent.id}/view`, `${base}/events/999999/view`]) {
      const refused = await owner.get(url);
      expect([refused.statusCode, refused.json()], url).toEqual([404, { message: 'Race event not found' }]);
    }
  });

  it('answers 401 without a session and 400 naming a bad id', async () => {
    const anonymous = await server.pitwall.app.inject({ method: 'GET', url: `${base}/view` });
    expect(anonymous.statusCode).toBe(401);
    const bad = await owner.get(`/api/cars/abc/events/${raceEvent.id}/view`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/carId/);
  });

  it('answers 304 to If-None-Match naming its ETag', async () => {
    for (const url of [`${base}/view`, `${eventBase}/view`]) {
      const first = await owner.get(url);
      expect(first.headers.etag, url).toMatch(/^"view-/);
      const again = await owner.get(url, { 'if-none-match': first.headers.etag as string });
      expect([again.statusCode, again.body], url).toEqual([304, '']);
    }
  });

  /** Whether each save changes the ETag of the view at `url` (saved one after the other). */
  async function tagChanges(url: string, saves: Record<string, () => Promise<unknown>>) {
    const changed: Record<string, boolean> = {};
    for (const [part, save] of Object.entries(saves)) {
      const before = (await owner.get(url)).headers.etag;
      await save();
      changed[part] = (await owner.get(url)).headers.etag !== before;
    }
    return changed;
  }

  it("answers the car page's view a new ETag after a save of any of its parts", async () => {
    const changed = await tagChanges(`${base}/view`, {
      car: () => owner.put(base, { ...MX5, power: '184 hp' }),
      suspension: () => owner.put(`${base}/suspension`, { frontCamber: '-3.0°' }),
      checklist: () => owner.post(`${base}/checklist`, { title: 'Torque wheel nuts' }),
      parts: () => owner.post(`/api/teams/${teamId}/parts`, { name: 'Brake pads', category: 'brakes', limits: { km: 2000 }, carId: car.id }),
      teamSettings: () => owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' }),
    });
    expect(changed).toEqual({ car: true, suspension: true, checklist: true, parts: true, teamSettings: true });
  });

  it("answers a race event's view a new ETag after a save of any of its parts", async () => {
    const changed = await tagChanges(`${eventBase}/view`, {
      raceEvent: () => owner.patch(eventBase, { finalDriveRatio: '3.9' }),
      tirePressures: () => owner.put(`${base}/tire-pressures?eventId=${raceEvent.id}`, { items: [{ condition: 'Wet', frontLeft: '26', frontRight: '26', rearLeft: '25', rearRight: '25' }], notes: null }),
      carriedOver: () => owner.post(`${base}/issues`, { title: 'Mirror', description: 'Loose', eventId: earlier.id }),
      sessions: () => owner.post(`${eventBase}/sessions`, { name: 'FP2', type: 'practice', startedAt: '2026-04-01T13:00:00Z' }),
      trackSessions: () => owner.post(`${base}/events/${sameTrack.id}/sessions`, { name: 'Warm-up', type: 'practice', startedAt: '2026-09-01T10:00:00Z' }),
      parts: () => owner.post(`/api/teams/${teamId}/parts`, { name: 'Gearbox', category: 'gearbox', limits: { km: 5000 }, carId: car.id }),
      tireSets: () => owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 2' }),
      teamSettings: () => owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'bar', temperatureUnit: 'F' }),
    });
    expect(changed).toEqual({ raceEvent: true, tirePressures: true, carriedOver: true, sessions: true, trackSessions: true, parts: true, tireSets: true, teamSettings: true });
  });
});
