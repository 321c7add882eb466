import { describe, expect, it } from 'vitest';
import type { RunSession, SessionChanges } from '@pitwall/contracts';
import { buildTestPitwall, databases, MX5, setupTeam } from './helpers.ts';

const SCALES = { fl: 360, fr: 350, rl: 340, rr: 350, driverIn: true, driverKg: 78, fuelLitres: 20, ballastKg: 15, ballastPosition: 'passenger floor', notes: null };
const FP1 = { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' };

/**
 * 'Changes since' on a run sheet with the scales: the corner weights set between two sessions of a
 * race event are listed like any setup section, the race event's first own value compared with the
 * baseline value it inherited; another race event's scales are not.
 */
describe.each(databases)("a run sheet's 'Changes since' with corner weights on $name", async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api } = await setupTeam(pitwall);
  const car = (await api.post('/api/cars', MX5)).json() as { id: number };
  const base = `/api/cars/${car.id}`;
  await api.put(`${base}/corner-weights`, SCALES);
  const round1 = (await api.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' })).json() as { id: number };
  const round2 = (await api.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).json() as { id: number };
  const sessions = `${base}/events/${round1.id}/sessions`;

  const fp1 = (await api.post(sessions, FP1)).json() as RunSession;
  // Between FP1 and FP2: 10 kg of ballast moved to the right rear of Round 1 only, and one on Round 2.
  await api.put(`${base}/corner-weights?eventId=${round1.id}`, { ...SCALES, rr: 360, ballastPosition: 'right rear' });
  await api.put(`${base}/corner-weights?eventId=${round2.id}`, { ...SCALES, fl: 380 });
  const fp2 = (await api.post(sessions, { ...FP1, name: 'FP2', startedAt: '2026-03-21T13:00:00Z' })).json() as RunSession;

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
