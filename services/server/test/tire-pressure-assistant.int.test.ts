import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, RunSession, SessionChanges, SetupSnapshot, TirePressureSuggestion, TirePressureTargets } from '@pitwall/contracts';
import { databases, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, scenario, testServer, type Api } from './scenario.ts';

const LAGUNA = 'WeatherTech Raceway Laguna Seca';
const SESSION = { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z', airTempC: 18 };
/** The example: 26.0 psi set at 18 °C came in at 31.2 psi (front left). */
const COLD = { fl: 26, fr: 26, rl: 25, rr: 25, tempC: 18 };
const HOT = { fl: 31.2, fr: 31.6, rl: 30, rr: 30.4 };
/** The engineer's target hot pressures the suggestions work towards. */
const TARGETS = { front: 30, rear: 29, rr: 29.5 };

/**
 * Each test has a team of its own (beforeEach): a car with Spring Sprint Round 1 (FP1 with cold
 * and hot pressures) and Autumn Round 5 at Laguna Seca, and a Summer Enduro at Sonoma whose
 * practice has cold pressures only. The suggestion tests add the engineer's targets.
 */
describe.each(databases)('tire pressure assistant API on $name', (database) => {
  const server = testServer(database);
  let owner: Api;
  let base: string;
  let round1: { id: number };
  let round5: { id: number };
  let sonoma: { id: number };
  let fp1: RunSession;
  let sonomaPractice: RunSession;
  let targetsPath: string;
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { car: true });
    owner = team.api;
    base = `/api/cars/${team.car.id}`;
    round1 = await created(owner.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: LAGUNA, date: '2026-03-21' }));
    round5 = await created(owner.post(`${base}/events`, { name: 'Autumn Round 5', location: LAGUNA, date: '2026-10-10' }));
    sonoma = await created(owner.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' }));
    fp1 = await created<RunSession>(owner.post(`${base}/events/${round1.id}/sessions`, SESSION));
    await owner.put(`${base}/events/${round1.id}/sessions/${fp1.id}/tire-pressures`, { cold: COLD, hot: HOT });
    // Sonoma: cold pressures only (no hot reading), so it cannot be a reference.
    sonomaPractice = await created<RunSession>(owner.post(`${base}/events/${sonoma.id}/sessions`, { ...SESSION, name: 'Practice', startedAt: '2026-06-13T15:00:00Z', cold: COLD }));
    targetsPath = `${base}/tire-pressure-targets`;
  });
  const suggestion = (eventId: number, query: string) => owner.get(`${base}/events/${eventId}/tire-pressure-suggestion${query}`);
  /** Sets the engineer's targets (TARGETS). */
  const givenTargets = async () => expect((await owner.put(targetsPath, TARGETS)).statusCode).toBe(200);

  describe('GET|PUT /api/cars/:carId/tire-pressure-targets', () => {
    it('answers all null before any targets are set', async () => {
      expect((await owner.get(targetsPath)).json()).toEqual({ front: null, rear: null, fl: null, fr: null, rl: null, rr: null });
    });

    it('sets the targets (psi) and records the change in the car history, with who made it', async () => {
      const saved = await owner.put(targetsPath, { front: 30, rear: 29 });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ front: 30, rear: 29, fl: null, fr: null, rl: null, rr: null });
      const changed = (await owner.put(targetsPath, { front: 30, rear: 29, rr: 29.5 })).json() as TirePressureTargets;
      expect(changed.rr).toBe(29.5);
      expect((await owner.get(targetsPath)).json()).toEqual(changed);
      const history = (await owner.get(`${base}/history?section=tire-pressure-targets`)).json() as HistoryEntry[];
      expect(history.map((h) => [h.type, h.actor.displayName, h.changes])).toEqual([
        ['TirePressureTargetsSet', 'Dana Whitfield', [{ field: 'Rear right target hot pressure', before: null, after: '29.5 psi' }]],
        ['TirePressureTargetsSet', 'Dana Whitfield', [{ field: 'Front target hot pressure', before: null, after: '30 psi' }, { field: 'Rear target hot pressure', before: null, after: '29 psi' }]],
      ]);
    });

    it('the same targets again append nothing; a bad value is refused naming the field, appending nothing', async () => {
      await givenTargets();
      const before = await eventCount(server.pitwall);
      expect((await owner.put(targetsPath, { front: 30, rear: 29, rr: 29.5 })).statusCode).toBe(200);
      const tooHigh = await owner.put(targetsPath, { front: 130, rear: 29 });
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json()).toEqual({ message: 'front: must be from 0 to 100 psi' });
      expect((await owner.put(targetsPath, { front: '30', rear: 29 })).json()).toEqual({ message: expect.stringMatching(/^front: /) });
      expect((await owner.put(targetsPath, { front: 30 })).json()).toEqual({ message: expect.stringMatching(/^rear: /) });
      expect(await eventCount(server.pitwall)).toBe(before);
    });

    it("is another team's car: 404 to read and to change, appending nothing", async () => {
      await givenTargets();
      const { api: rival } = await givenTeam(server.pitwall);
      await scenario(server.pitwall).when(() => rival.get(targetsPath)).thenAnswers({ status: 404, appended: 0 });
      await scenario(server.pitwall).when(() => rival.put(targetsPath, { front: 20, rear: 20 })).thenAnswers({ status: 404, appended: 0 });
      expect((await owner.get(targetsPath)).json()).toMatchObject({ front: 30, rear: 29 });
    });

    it('is part of the setup as it stood (as-of) and of the changes between two sessions', async () => {
      await givenTargets();
      const asOf = (await owner.get(`${base}/setup?asOf=2999-01-01`)).json() as SetupSnapshot;
      expect(asOf.tirePressureTargets).toEqual({ front: 30, rear: 29, fl: null, fr: null, rl: null, rr: 29.5 });
      const fp2 = (await owner.post(`${base}/events/${round1.id}/sessions`, { ...SESSION, name: 'FP2', startedAt: '2026-03-21T13:00:00Z' })).json() as RunSession;
      await owner.put(targetsPath, { front: 30.5, rear: 29, rr: 29.5 });
      const fp3 = (await owner.post(`${base}/events/${round1.id}/sessions`, { ...SESSION, name: 'FP3', startedAt: '2026-03-21T15:00:00Z' })).json() as RunSession;
      const changes = (await owner.get(`${base}/events/${round1.id}/sessions/${fp3.id}/changes`)).json() as SessionChanges;
      expect(changes.previous?.id).toBe(fp2.id);
      expect(changes.entries.map((e) => [e.section, e.changes])).toEqual([['tire-pressure-targets', [{ field: 'Front target hot pressure', before: '30 psi', after: '30.5 psi' }]]]);
    });
  });

  describe('GET /api/cars/:carId/events/:eventId/tire-pressure-suggestion', () => {
    beforeEach(givenTargets);

    it('proposes the cold pressures per corner from the latest session at this track, with the basis in words', async () => {
      const res = await suggestion(round5.id, '?ambientC=24');
      expect(res.statusCode).toBe(200);
      const answer = res.json() as TirePressureSuggestion;
      expect(answer.corners.fl).toEqual({ coldPsi: 25.75, targetHotPsi: 30, reference: { sessionId: fp1.id, coldPsi: 26, coldTempC: 18, hotPsi: 31.2 } });
      expect(answer.corners.rr).toMatchObject({ targetHotPsi: 29.5, reference: { hotPsi: 30.4 } });
      expect(answer.explanation[0]).toBe(`Working from FP1 of Spring Sprint Round 1 (2026-03-21), the latest session at ${LAGUNA} with cold and hot pressures.`);
      expect(answer.explanation).toContain('FL: last run here set 26.0 psi at 18 °C, came in at 31.2 psi; target 30.0 psi; now 24 °C → set 25.8 psi');
      expect(answer.references).toEqual([{ sessionId: fp1.id, sessionName: 'FP1', raceEventId: round1.id, raceEventName: 'Spring Sprint Round 1', location: LAGUNA, startedAt: '2026-03-21T09:00:00.000Z', atThisTrack: true }]);
    });

    it("works from the car's latest session elsewhere when this track has none with hot pressures, and says so", async () => {
      const answer = (await suggestion(sonoma.id, '?ambientC=27')).json() as TirePressureSuggestion;
      expect(answer.corners.fl?.reference.sessionId).toBe(fp1.id);
      expect(answer.explanation[0]).toBe(`No session at Sonoma Raceway has both cold and hot pressures: working from FP1 of Spring Sprint Round 1 (2026-03-21) at ${LAGUNA}, the car's latest elsewhere.`);
    });

    it('takes the reference the engineer picks: 400 naming sessionId for one without hot pressures, 404 for a session not of this car', async () => {
      expect(((await suggestion(round5.id, `?ambientC=24&sessionId=${fp1.id}`)).json() as TirePressureSuggestion).corners.fl?.coldPsi).toBe(25.75);
      const noHot = await suggestion(round5.id, `?ambientC=24&sessionId=${sonomaPractice.id}`);
      expect(noHot.statusCode).toBe(400);
      expect(noHot.json()).toEqual({ message: expect.stringMatching(/^sessionId: /) });
      expect((await suggestion(round5.id, '?ambientC=24&sessionId=999999')).statusCode).toBe(404);
    });

    it.each([
      ['missing', ''],
      ['empty', '?ambientC='],
      ['not a number', '?ambientC=warm'],
      ['above 80 °C', '?ambientC=81'],
      ['below −30 °C', '?ambientC=-31'],
    ])('answers 400 naming ambientC when it is %s, appending nothing', async (_, query) => {
      const { res } = await scenario(server.pitwall).when(() => suggestion(round5.id, query)).thenAnswers({ status: 400, appended: 0 });
      expect(res.json()).toEqual({ message: expect.stringMatching(/^ambientC: /) });
    });

    it("answers 404 for another team's car, and for a race event of another car", async () => {
      const { api: rival } = await givenTeam(server.pitwall);
      expect((await rival.get(`${base}/events/${round5.id}/tire-pressure-suggestion?ambientC=24`)).statusCode).toBe(404);
      const other = (await owner.post('/api/cars', { ...MX5, name: 'Spare MX-5' })).json() as { id: number };
      expect((await owner.get(`/api/cars/${other.id}/events/${round5.id}/tire-pressure-suggestion?ambientC=24`)).statusCode).toBe(404);
    });

    it('proposes nothing for a car without any cold and hot pair, and says so', async () => {
      const other = (await owner.post('/api/cars', { ...MX5, name: 'Fresh MX-5' })).json() as { id: number };
      const event = (await owner.post(`/api/cars/${other.id}/events`, { name: 'Test Day', location: LAGUNA, date: '2026-04-01' })).json() as { id: number };
      const answer = (await owner.get(`/api/cars/${other.id}/events/${event.id}/tire-pressure-suggestion?ambientC=20`)).json() as TirePressureSuggestion;
      expect(answer.corners).toEqual({ fl: null, fr: null, rl: null, rr: null });
      expect(answer.explanation[0]).toMatch(/^No session of this car has both cold and hot pressures yet, so nothing is proposed/);
    });
  });

  describe('POST …/sessions with cold pressures', () => {
    it("stores the session's cold pressures with it (hot not yet measured)", () => {
      expect(sonomaPractice.tirePressures).toEqual({ cold: COLD, hot: null });
    });
  });
});
