import { beforeEach, describe, expect, it } from 'vitest';
import type { RunSession, SessionChanges } from '@pitwall/contracts';
import { databases } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

const SCALES = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: 15, ballastPosition: 'passenger floor', notes: null };
const FP1 = { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' };

/**
 * 'Changes since' on a run sheet with the scales: the corner weights set between two sessions of a
 * race event are listed like any setup section, the race event's first own value compared with the
 * baseline value it inherited; another race event's scales are not.
 */
describe.each(databases)("a run sheet's 'Changes since' with corner weights on $name", (database) => {
  const server = testServer(database);
  let api: Api;
  let base: string;
  let round1: { id: number };
  let sessions: string;
  let fp1: RunSession;
  let fp2: RunSession;
  /**
   * Each test has a team of its own (beforeEach) with its MX-5's baseline scales, Round 1 and Round 2,
   * and FP1 and FP2 on Round 1 with the scales of both race events changed between them.
   */
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true });
    api = team.api;
    base = `/api/cars/${team.car.id}`;
    expect((await api.put(`${base}/corner-weights`, SCALES)).statusCode).toBe(200);
    round1 = await created(api.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' }));
    const round2 = await created(api.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' }));
    sessions = `${base}/events/${round1.id}/sessions`;

    fp1 = await created<RunSession>(api.post(sessions, FP1));
    // Between FP1 and FP2: 10 kg of ballast moved to the right rear of Round 1 only, and one on Round 2.
    expect((await api.put(`${base}/corner-weights?eventId=${round1.id}`, { ...SCALES, rr: 360, ballastPosition: 'right rear' })).statusCode).toBe(200);
    expect((await api.put(`${base}/corner-weights?eventId=${round2.id}`, { ...SCALES, fl: 380 })).statusCode).toBe(200);
    fp2 = await created<RunSession>(api.post(sessions, { ...FP1, name: 'FP2', startedAt: '2026-03-21T13:00:00Z' }));
  });

  it("lists the race event's corner weight change between FP1 and FP2, before = the baseline value it inherited", async () => {
    const changes = (await api.get(`${sessions}/${fp2.id}/changes`)).json() as SessionChanges;
    expect(changes.previous).toEqual({ id: fp1.id, name: 'FP1' });
    expect(changes.entries).toHaveLength(1);
    expect(changes.entries[0]).toMatchObject({ section: 'corner-weights', eventId: round1.id });
    expect(changes.entries[0]!.changes).toEqual([
      { field: 'RR weight (kg)', before: '350', after: '360' },
      { field: 'Ballast position', before: 'passenger floor', after: 'right rear' },
    ]);
  });

  it('lists a baseline corner weight change made between the sessions too', async () => {
    await api.put(`${base}/corner-weights`, { ...SCALES, fr: 355 });
    const fp3 = (await api.post(sessions, { ...FP1, name: 'FP3', startedAt: '2026-03-22T09:00:00Z' })).json() as RunSession;
    const changes = (await api.get(`${sessions}/${fp3.id}/changes`)).json() as SessionChanges;
    expect(changes.previous).toEqual({ id: fp2.id, name: 'FP2' });
    expect(changes.entries.map((e) => [e.section, e.eventId, e.changes])).toEqual([['corner-weights', null, [{ field: 'FR weight (kg)', before: '350', after: '355' }]]]);
  });
});
