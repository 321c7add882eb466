import { describe, expect, it } from 'vitest';
import type { RunSession, SessionChanges, SetupComparison, SetupSnapshot, TrackRunSession } from '@pitwall/contracts';
import { buildTestPitwall, client, databases, eventCount, MX5, setupTeam } from './helpers.ts';

const LAGUNA = 'WeatherTech Raceway Laguna Seca';
const FP1 = { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z', airTempC: 19, trackTempC: 31, weather: 'Sunny', tireSet: 'Set 3 — used', fuelLitres: 30 };

describe.each(databases)('run sheets API on $name', async (database) => {
  const pitwall = await buildTestPitwall(database);
  const { api: owner, user } = await setupTeam(pitwall);
  const teamId = user.teams[0]!.teamId;
  const { api: rival } = await setupTeam(pitwall, { username: 'rival', teamName: 'Rival Motorsport' });
  const aiko = (await owner.post(`/api/teams/${teamId}/members`, { username: 'aiko', password: 'apex-late-brake', firstName: 'Aiko', lastName: 'Tanaka', role: 'driver', memberColor: '#16a34a' })).json() as { id: number };
  await owner.post(`/api/teams/${teamId}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' });
  const marco = client(pitwall);
  await marco.post('/api/auth/login', { username: 'marco', password: 'torque-108nm', loginType: 'member' });
  const car = (await owner.post('/api/cars', MX5)).json() as { id: number };
  const base = `/api/cars/${car.id}`;
  await owner.put(`${base}/suspension`, { frontCamber: '-2.5°', rearCamber: '-2.0°' });
  const round1 = (await owner.post(`${base}/events`, { name: 'Spring Sprint Round 1', location: LAGUNA, date: '2026-03-21' })).json() as { id: number };
  const round5 = (await owner.post(`${base}/events`, { name: 'Autumn Round 5', location: LAGUNA, date: '2026-10-10' })).json() as { id: number };
  const sonoma = (await owner.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).json() as { id: number };
  const sessions = `${base}/events/${round1.id}/sessions`;

  const fp1 = (await owner.post(sessions, { ...FP1, driverMemberId: aiko.id })).json() as RunSession;
  // Between FP1 and FP2 the mechanic changes the front camber of Round 1 only.
  await marco.put(`${base}/suspension?eventId=${round1.id}`, { frontCamber: '-2.8°' });
  const fp2 = (await owner.post(sessions, { ...FP1, name: 'FP2', startedAt: '2026-03-21T13:00:00Z' })).json() as RunSession;
  await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '1:55.000', kind: 'out' }, { time: '1:43.100', kind: 'timed' }, { time: '102.9', kind: 'timed' }, { time: '1.42.318', kind: 'timed' }, { time: '1:39.000', kind: 'invalid' }, { time: '1:50.5', kind: 'in' }] });
  await owner.put(`${sessions}/${fp2.id}/laps`, { laps: [{ time: '1:41.950', kind: 'timed' }] });
  const later = (await owner.post(`${base}/events/${round5.id}/sessions`, { ...FP1, name: 'Qualifying', type: 'qualifying', startedAt: '2026-10-10T10:00:00Z' })).json() as RunSession;
  await owner.post(`${base}/events/${sonoma.id}/sessions`, { ...FP1, name: 'Warm-up', startedAt: '2026-06-13T08:00:00Z' });

  it('adds a session (201) with the details, a pinned setup position and no laps yet', () => {
    expect(fp1).toMatchObject({ carId: car.id, eventId: round1.id, name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00.000Z', driverMemberId: aiko.id, driverName: 'Aiko Tanaka', airTempC: 19, fuelLitres: 30, tireSet: 'Set 3 — used', feedbackTags: [], bestLapMs: null, timedLapCount: 0, laps: [], tirePressures: { cold: null, hot: null } });
    expect(fp1.setupPosition).toMatch(/^\d+\/\d+$/);
  });

  it('stores the laps in order, read in every accepted format; best and average of three count timed laps only', async () => {
    const session = (await owner.get(`${sessions}/${fp1.id}`)).json() as RunSession;
    expect(session.laps.map((l) => [l.lapNumber, l.time, l.lapTimeMs, l.kind])).toEqual([
      [1, '1:55.000', 115000, 'out'],
      [2, '1:43.100', 103100, 'timed'],
      [3, '1:42.900', 102900, 'timed'],
      [4, '1:42.318', 102318, 'timed'],
      [5, '1:39.000', 99000, 'invalid'],
      [6, '1:50.500', 110500, 'in'],
    ]);
    expect(session).toMatchObject({ bestLapMs: 102318, timedLapCount: 3, averageBestThreeMs: Math.round((103100 + 102900 + 102318) / 3) });
  });

  it('refuses a lap time that does not parse with 400 naming the lap, and stores nothing', async () => {
    const before = await eventCount(pitwall);
    const bad = await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '1:42.1', kind: 'timed' }, { time: '1:42.2', kind: 'timed' }, { time: '1:42.3', kind: 'timed' }, { time: '1:4x.3', kind: 'timed' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringMatching(/^laps\[3\]\.time: /) });
    const tooFast = await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '9.999', kind: 'timed' }] });
    expect(tooFast.json()).toEqual({ message: expect.stringMatching(/^laps\[0\]\.time: .*10 s – 30 min/) });
    expect((await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [] })).statusCode).toBe(400);
    expect((await owner.put(`${sessions}/${fp1.id}/laps`, { laps: Array.from({ length: 301 }, () => ({ time: '1:42.0', kind: 'timed' })) })).statusCode).toBe(400);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('validates the details: limits of temperatures, a driver of the team, the type', async () => {
    const before = await eventCount(pitwall);
    expect((await owner.post(sessions, { ...FP1, airTempC: 81 })).json()).toEqual({ message: expect.stringContaining('airTempC') });
    expect((await owner.post(sessions, { ...FP1, trackTempC: 91 })).json()).toEqual({ message: expect.stringContaining('trackTempC') });
    expect((await owner.post(sessions, { ...FP1, type: 'warmup' })).json()).toEqual({ message: expect.stringContaining('type') });
    expect((await owner.post(sessions, { ...FP1, driverMemberId: 999999 })).json()).toEqual({ message: expect.stringContaining('driverMemberId') });
    expect((await owner.put(`${sessions}/${fp1.id}/tire-pressures`, { cold: { fl: 101, fr: 28, rl: 27, rr: 27, tempC: 18 }, hot: null })).statusCode).toBe(400);
    expect(await eventCount(pitwall)).toBe(before);
  });

  it('sets tire pressures in psi and °C (either part null) and the driver feedback', async () => {
    const pressures = { cold: { fl: 28, fr: 28.5, rl: 27, rr: 27, tempC: 18 }, hot: null };
    expect(((await owner.put(`${sessions}/${fp2.id}/tire-pressures`, pressures)).json() as RunSession).tirePressures).toEqual(pressures);
    const patched = (await owner.patch(`${sessions}/${fp2.id}`, { feedbackTags: ['oversteer-exit', 'understeer-entry'], feedbackText: 'Loose out of T11' })).json() as RunSession;
    expect(patched).toMatchObject({ feedbackTags: ['understeer-entry', 'oversteer-exit'], feedbackText: 'Loose out of T11', name: 'FP2', tirePressures: pressures });
  });

  it('answers the setup as run at the pinned position, and the changes since the previous session with who made them', async () => {
    const setup1 = (await owner.get(`${sessions}/${fp1.id}/setup`)).json() as SetupSnapshot;
    const setup2 = (await owner.get(`${sessions}/${fp2.id}/setup`)).json() as SetupSnapshot;
    expect(setup1.raceEvent?.setup.suspension?.frontCamber).toBe('-2.5°');
    expect(setup2.raceEvent?.setup.suspension?.frontCamber).toBe('-2.8°');
    expect(setup1.position).toBe(fp1.setupPosition);
    const changes = (await owner.get(`${sessions}/${fp2.id}/changes`)).json() as SessionChanges;
    expect(changes.previous).toEqual({ id: fp1.id, name: 'FP1' });
    expect(changes.entries).toHaveLength(1);
    // Round 1 had no suspension of its own before: the change reads from the baseline's -2.5° it inherited.
    expect(changes.entries[0]).toMatchObject({ section: 'suspension', eventId: round1.id, actor: { displayName: 'Marco Rossi', role: 'mechanic' }, changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }] });
    expect((await owner.get(`${sessions}/${fp1.id}/changes`)).json()).toEqual({ previous: null, entries: [] });
  });

  it('compares the setups of two sessions, across race events, differences listed', async () => {
    const comparison = (await owner.get(`${sessions}/${fp1.id}/compare/${fp2.id}`)).json() as SetupComparison;
    expect(comparison.left.label).toBe('Spring Sprint Round 1 · FP1');
    expect(comparison.differences).toEqual([{ section: 'suspension', field: 'Front Camber', left: '-2.5°', right: '-2.8°' }]);
    expect((await owner.get(`${sessions}/${fp1.id}/compare/${later.id}`)).statusCode).toBe(200);
  });

  it('ranks every session at the location across race events, best lap first, sessions without a timed lap last', async () => {
    const ranked = (await owner.get(`${base}/tracks/sessions?location=${encodeURIComponent(LAGUNA.toLowerCase())}`)).json() as TrackRunSession[];
    expect(ranked.map((s) => [s.name, s.eventName, s.bestLapMs])).toEqual([
      ['FP2', 'Spring Sprint Round 1', 101950],
      ['FP1', 'Spring Sprint Round 1', 102318],
      ['Qualifying', 'Autumn Round 5', null],
    ]);
    expect((await owner.get(`${base}/tracks/sessions`)).statusCode).toBe(400);
  });

  it("records every change in the car's history, and a deleted session leaves the list but not the history", async () => {
    const extra = (await owner.post(sessions, { ...FP1, name: 'Test run', type: 'test', startedAt: '2026-03-21T16:00:00Z' })).json() as RunSession;
    expect((await owner.delete(`${sessions}/${extra.id}`)).statusCode).toBe(204);
    expect((await owner.get(`${sessions}/${extra.id}`)).statusCode).toBe(404);
    expect(((await owner.get(sessions)).json() as RunSession[]).map((s) => s.name)).toEqual(['FP1', 'FP2']);
    const history = (await owner.get(`${base}/history?section=sessions`)).json() as { type: string; changes: { field: string; before: string | null; after: string | null }[] }[];
    expect(history.map((h) => h.type)).toContain('SessionLapsSet');
    expect(history[0]).toMatchObject({ type: 'SessionRemoved', changes: [{ field: 'Session Test run', before: 'recorded', after: 'deleted' }] });
    const feedback = history.find((h) => h.type === 'SessionDetailsRevised');
    expect(feedback?.changes).toContainEqual({ field: 'FP2 Driver feedback', before: null, after: 'Understeer at entry, Oversteer at exit' });
  });

  it("answers 404 for another team's car, race event or session, and for a session of another race event", async () => {
    expect((await rival.get(sessions)).statusCode).toBe(404);
    expect((await rival.get(`${sessions}/${fp1.id}`)).statusCode).toBe(404);
    expect((await owner.get(`${base}/events/${sonoma.id}/sessions/${fp1.id}`)).statusCode).toBe(404);
    expect((await rival.get(`${base}/tracks/sessions?location=x`)).statusCode).toBe(404);
  });
});
