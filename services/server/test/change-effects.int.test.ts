import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeEffect, FieldChangeEffect, RunSession } from '@pitwall/contracts';
import { databases } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

const SPA = 'Circuit de Spa-Francorchamps';
const run = (name: string, startedAt: string, extra: Record<string, unknown> = {}) => ({ name, type: 'practice', startedAt, trackTempC: 28, fuelLitres: 40, ...extra });
/** Laps around 2:20 at Spa: an out lap, then `times` as timed laps. */
const laps = (...times: string[]) => ({ laps: [{ time: '2:31.000', kind: 'out' }, ...times.map((time) => ({ time, kind: 'timed' }))] });

type Weekend = { raceEvent: { id: number }; fp1: RunSession; fp2: RunSession; fp3: RunSession; path: string };

/**
 * Each test has a team of its own (beforeEach) with drivers Aiko and Lena and a car that ran three
 * weekends (Spa 2025, Monza, Spa 2026), each with a front camber change between FP1 and FP2.
 */
describe.each(databases)('change effects API on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let teamId: number;
  let driver: { id: number };
  let other: { id: number };
  let base: string;
  let spa2025: Weekend;
  let monza: Weekend;
  let spa2026: Weekend;

  /** A race event at `location` with FP1, a front camber change for it, FP2 0.4 s quicker on tight laps, then FP3 with another driver. */
  async function weekend(name: string, location: string, date: string): Promise<Weekend> {
    const raceEvent = await created(owner.post(`${base}/events`, { name, location, date }));
    const sessions = `${base}/events/${raceEvent.id}/sessions`;
    const fp1 = await created<RunSession>(owner.post(sessions, run('FP1', `${date}T09:00:00Z`, { driverMemberId: driver.id })));
    await owner.put(`${sessions}/${fp1.id}/laps`, laps('2:20.000', '2:20.100', '2:20.200', '2:22.000'));
    await owner.put(`${base}/suspension?eventId=${raceEvent.id}`, { frontCamber: '-3.8°' });
    const fp2 = await created<RunSession>(owner.post(sessions, run('FP2', `${date}T13:00:00Z`, { driverMemberId: driver.id, trackTempC: 33 })));
    await owner.put(`${sessions}/${fp2.id}/laps`, laps('2:19.600', '2:19.700', '2:19.800'));
    const fp3 = await created<RunSession>(owner.post(sessions, run('FP3', `${date}T16:00:00Z`, { driverMemberId: other.id })));
    await owner.put(`${sessions}/${fp3.id}/laps`, laps('2:19.000', '2:19.100', '2:19.200'));
    return { raceEvent, fp1, fp2, fp3, path: `${base}/events/${raceEvent.id}/change-effects` };
  }

  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true });
    ({ api: owner, teamId } = team);
    const members = `/api/teams/${teamId}/members`;
    driver = await created(owner.post(members, { username: `aiko-of-${team.username}`, password: 'apex-late-brake', firstName: 'Aiko', lastName: 'Tanaka', role: 'driver', memberColor: '#16a34a' }));
    other = await created(owner.post(members, { username: `lena-of-${team.username}`, password: 'eau-rouge-flat', firstName: 'Lena', lastName: 'Vogt', role: 'driver', memberColor: '#2563eb' }));
    base = `/api/cars/${team.car.id}`;
    expect((await owner.put(`${base}/suspension`, { frontCamber: '-3.5°', rearCamber: '-2.0°' })).statusCode).toBe(200);
    spa2025 = await weekend('Spa 6 Hours 2025', SPA, '2025-09-20');
    monza = await weekend('Monza Sprint', 'Autodromo Nazionale Monza', '2026-04-18');
    spa2026 = await weekend('Spa 6 Hours', ` ${SPA.toUpperCase()} `, '2026-09-19');
  });

  describe('GET /api/cars/:carId/events/:eventId/change-effects', () => {
    it('answers each session after the first with the changes, conditions, deltas and an honest verdict', async () => {
      const answer = await owner.get(spa2026.path);
      expect(answer.statusCode).toBe(200);
      const [second, third] = answer.json() as ChangeEffect[];
      expect(second).toEqual({
        sessionId: spa2026.fp2.id,
        previousSessionId: spa2026.fp1.id,
        changes: [{ section: 'suspension', field: 'frontCamber', from: '-3.5°', to: '-3.8°' }],
        conditions: { sameDriver: true, tireSetLapsBefore: null, tireSetLapsAfter: null, trackTempC: [28, 33], fuelLitres: [40, 40] },
        lapTimes: { bestDeltaMs: -400, averageBestThreeDeltaMs: -400, theoreticalBestDeltaMs: null, sectorDeltasMs: [] },
        verdict: 'faster',
        because: 'The average of the best three is 0.400 s quicker; a repeat of the same run would differ by up to 0.115 s',
      });
      // No setup change before FP3: its conditions still show, and a new driver makes it not comparable.
      expect(third).toMatchObject({ sessionId: spa2026.fp3.id, changes: [], conditions: { sameDriver: false }, verdict: 'not comparable', because: 'The driver changed' });
    });

    it("counts the tire set's laps before each run and keeps to the team's thresholds", async () => {
      const raceEvent = (await owner.post(`${base}/events`, { name: 'Tire test', location: SPA, date: '2026-10-01' })).json() as { id: number };
      const sessions = `${base}/events/${raceEvent.id}/sessions`;
      const set = (await owner.post(`/api/teams/${teamId}/tire-sets`, { name: 'Set 1', condition: 'new' })).json() as { id: number };
      const first = (await owner.post(sessions, run('Run 1', '2026-10-01T09:00:00Z', { tireSetId: set.id }))).json() as RunSession;
      await owner.put(`${sessions}/${first.id}/laps`, laps('2:20.000', '2:20.100', '2:20.200', '2:20.300', '2:20.400', '2:20.500', '2:20.600', '2:20.700', '2:20.800'));
      const second = (await owner.post(sessions, run('Run 2', '2026-10-01T11:00:00Z', { tireSetId: set.id }))).json() as RunSession;
      await owner.put(`${sessions}/${second.id}/laps`, laps('2:19.600', '2:19.700', '2:19.800'));
      const path = `${base}/events/${raceEvent.id}/change-effects`;
      const [effect] = (await owner.get(path)).json() as ChangeEffect[];
      // Run 1 put 10 laps on the new set (out lap included): 10 apart, more than 8.
      expect(effect!.conditions).toMatchObject({ tireSetLapsBefore: 0, tireSetLapsAfter: 10 });
      expect(effect!.verdict).toBe('not comparable');
      expect(effect!.because).toBe('The tires had 0 laps before Run 1 and 10 before Run 2 (more than 8 laps apart)');

      const settings = await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', changeEffects: { tireLaps: 12, trackTempC: 8 } });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toMatchObject({ changeEffects: { tireLaps: 12, trackTempC: 8 } });
      expect(((await owner.get(path)).json() as ChangeEffect[])[0]!.verdict).toBe('faster');
      const bad = await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', changeEffects: { tireLaps: -1, trackTempC: 8 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('changeEffects.tireLaps');
      await owner.put(`/api/teams/${teamId}/settings`, { pressureUnit: 'psi', temperatureUnit: 'C', changeEffects: { tireLaps: 8, trackTempC: 8 } });
      // The set was bought scrubbed after all: its earlier laps are on the tires before each run.
      await owner.patch(`/api/teams/${teamId}/tire-sets/${set.id}`, { condition: 'scrubbed', earlierHeatCycles: 1, earlierLaps: 6 });
      expect(((await owner.get(path)).json() as ChangeEffect[])[0]!.conditions).toMatchObject({ tireSetLapsBefore: 6, tireSetLapsAfter: 16 });
    });

    it("answers 404 for another team's car or race event", async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await rival.get(spa2026.path)).statusCode).toBe(404);
      expect((await owner.get(`${base}/events/999999/change-effects`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/cars/:carId/change-effects', () => {
    it('lists every change of the field at this track, newest race event first, with what it did', async () => {
      const answer = await owner.get(`${base}/change-effects?field=frontCamber&location=${encodeURIComponent(SPA)}`);
      expect(answer.statusCode).toBe(200);
      const found = answer.json() as FieldChangeEffect[];
      expect(found.map((f) => [f.raceEvent.name, f.previousSessionName, f.sessionName, f.change.from, f.change.to, f.effect.verdict])).toEqual([
        ['Spa 6 Hours', 'FP1', 'FP2', '-3.5°', '-3.8°', 'faster'],
        ['Spa 6 Hours 2025', 'FP1', 'FP2', '-3.5°', '-3.8°', 'faster'],
      ]);
      expect(found[1]!.raceEvent).toEqual({ id: spa2025.raceEvent.id, name: 'Spa 6 Hours 2025', location: SPA, date: '2025-09-20T00:00:00.000Z' });
    });

    it('lists every track without a location, and nothing for a field never changed', async () => {
      const anywhere = (await owner.get(`${base}/change-effects?field=frontCamber`)).json() as FieldChangeEffect[];
      expect(anywhere.map((f) => f.raceEvent.id)).toEqual([spa2026.raceEvent.id, monza.raceEvent.id, spa2025.raceEvent.id]);
      expect((await owner.get(`${base}/change-effects?field=rearCamber`)).json()).toEqual([]);
    });

    it('answers 400 naming field without one, 404 for another team', async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      const missing = await owner.get(`${base}/change-effects`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('field is required');
      expect((await rival.get(`${base}/change-effects?field=frontCamber`)).statusCode).toBe(404);
    });
  });
});
