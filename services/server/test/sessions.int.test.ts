import { beforeAll, describe, expect, it } from 'vitest';
import type { RunSession, SessionChanges, SetupComparison, SetupSnapshot, TrackRunSession } from '@pitwall/contracts';
import { client, databases, eventCount, MX5 } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

const LAGUNA = 'WeatherTech Raceway Laguna Seca';
const FP1 = { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z', airTempC: 19, trackTempC: 31, weather: 'Sunny', tireSet: 'Set 3 — used', fuelLitres: 30 };

describe.each(databases)('run sheets API on $name', (database) => {
  // Shared by every test (beforeAll): the server, a team with a driver and a mechanic, and a rival
  // team; none of them is changed by a test. Each test arranges its own car, race events and
  // sessions (raceWeekend), so none depends on another.
  const server = testServer(database);
  let owner: Api;
  let rival: Api;
  let aiko: { id: number };
  let marco: Api;
  beforeAll(async () => {
    const { pitwall } = server;
    const team = await givenTeam(pitwall);
    owner = team.api;
    rival = (await givenTeam(pitwall)).api;
    const members = `/api/teams/${team.teamId}/members`;
    aiko = await created(owner.post(members, { username: `aiko-of-${team.username}`, password: 'apex-late-brake', firstName: 'Aiko', lastName: 'Tanaka', role: 'driver', memberColor: '#16a34a' }));
    await created(owner.post(members, { username: `marco-of-${team.username}`, password: 'torque-108nm', firstName: 'Marco', lastName: 'Rossi', role: 'mechanic', memberColor: '#ff6600' }));
    marco = client(pitwall);
    expect((await marco.post('/api/auth/login', { username: `marco-of-${team.username}`, password: 'torque-108nm', loginType: 'member' })).statusCode).toBe(200);
  });

  /**
   * A new car of the team, its baseline front camber -2.5° and rear -2.0°, and a race event
   * 'Spring Sprint Round 1' at `location`: `base` is the car's path, `sessions` the race event's sessions.
   */
  async function raceWeekend(location = LAGUNA) {
    const car = (await owner.post('/api/cars', MX5)).json() as { id: number };
    const base = `/api/cars/${car.id}`;
    await owner.put(`${base}/suspension`, { frontCamber: '-2.5°', rearCamber: '-2.0°' });
    const round1 = (await owner.post(`${base}/events`, { name: 'Spring Sprint Round 1', location, date: '2026-03-21' })).json() as { id: number };
    return { carId: car.id, base, round1, sessions: `${base}/events/${round1.id}/sessions` };
  }

  /** Adds a session like FP1 with `changes` to the race event at `sessions`. */
  async function addSession(sessions: string, changes: Record<string, unknown> = {}): Promise<RunSession> {
    return (await owner.post(sessions, { ...FP1, ...changes })).json() as RunSession;
  }

  /** FP1, then the mechanic's front camber of -2.8° for Round 1 only, then FP2. */
  async function twoSessionsAroundACamberChange() {
    const weekend = await raceWeekend();
    const fp1 = await addSession(weekend.sessions);
    await marco.put(`${weekend.base}/suspension?eventId=${weekend.round1.id}`, { frontCamber: '-2.8°' });
    const fp2 = await addSession(weekend.sessions, { name: 'FP2', startedAt: '2026-03-21T13:00:00Z' });
    return { ...weekend, fp1, fp2 };
  }

  it('adds a session (201) with the details, a pinned setup position and no laps yet', async () => {
    const { carId, round1, sessions } = await raceWeekend();
    const added = await owner.post(sessions, { ...FP1, driverMemberId: aiko.id });
    expect(added.statusCode).toBe(201);
    const fp1 = added.json() as RunSession;
    expect(fp1).toMatchObject({ carId, eventId: round1.id, name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00.000Z', driverMemberId: aiko.id, driverName: 'Aiko Tanaka', airTempC: 19, fuelLitres: 30, tireSet: 'Set 3 — used', feedbackTags: [], bestLapMs: null, timedLapCount: 0, laps: [], tirePressures: { cold: null, hot: null } });
    expect(fp1.setupPosition).toMatch(/^\d+\/\d+$/);
  });

  it('stores the laps in order, read in every accepted format; best and average of three count timed laps only', async () => {
    const { sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '1:55.000', kind: 'out' }, { time: '1:43.100', kind: 'timed' }, { time: '102.9', kind: 'timed' }, { time: '1.42.318', kind: 'timed' }, { time: '1:39.000', kind: 'invalid' }, { time: '1:50.5', kind: 'in' }] });
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

  it('stores a 24-hour race: 5,000 laps with sectors and drivers, and a garage lap of 17:31:33 kept as an in lap that is never the best', async () => {
    const { sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const laps = Array.from({ length: 5000 }, (_, i) => ({ lapTimeMs: 62_000 + (i % 7), kind: 'timed', sectorsMs: [20_000, 21_000, 21_000 + (i % 7)], driverName: i < 2500 ? 'Antonio FUOCO' : 'Nicklas NIELSEN' }));
    laps[92] = { lapTimeMs: 63_093_055, kind: 'in', sectorsMs: [], driverName: 'Sheldon VAN DER LINDE' };
    const saved = await owner.put(`${sessions}/${fp1.id}/laps`, { laps });
    expect(saved.statusCode).toBe(200);
    const session = saved.json() as RunSession;
    expect(session.laps).toHaveLength(5000);
    expect(session.laps[92]).toMatchObject({ lapNumber: 93, time: '17:31:33.055', kind: 'in' });
    expect(session).toMatchObject({ bestLapMs: 62_000, timedLapCount: 4999 });
  });

  it('stores lap times sent in ms (lapTimeMs, as the web app and imports send them) and answers each as text too', async () => {
    const { sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const saved = await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ lapTimeMs: 115_000, kind: 'out' }, { lapTimeMs: 102_318, kind: 'timed' }] });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as RunSession).laps.map((l) => [l.lapNumber, l.time, l.lapTimeMs, l.kind])).toEqual([
      [1, '1:55.000', 115000, 'out'],
      [2, '1:42.318', 102318, 'timed'],
    ]);
  });

  it.each([
    ['a time that does not parse', [{ time: '1:42.1', kind: 'timed' }, { time: '1:42.2', kind: 'timed' }, { time: '1:42.3', kind: 'timed' }, { time: '1:4x.3', kind: 'timed' }], /^laps\[3\]\.time: /],
    ['a time under 10 s', [{ time: '9.999', kind: 'timed' }], /^laps\[0\]\.time: .*10 s – 24 h/],
    ['a lap time in ms outside 10 s – 24 h', [{ lapTimeMs: 86_400_001, kind: 'in' }], /^laps row 1 lapTimeMs: is outside 10 s – 24 h$/],
    ['a timed lap over 30 min, in ms', [{ lapTimeMs: 63_093_055, kind: 'timed' }], /^laps row 1 kind: a lap over 30 min is a garage or red-flag lap: make it an in, out or invalid lap$/],
    ['a timed lap over 30 min, as text', [{ time: '17:31:33.055', kind: 'timed' }], /^laps\[0\]\.kind: a lap over 30 min is a garage or red-flag lap/],
    ['a lap time in ms that is not whole ms', [{ lapTimeMs: 102_318.5, kind: 'timed' }], /^laps row 1 lapTimeMs: must be a lap time in whole ms$/],
    ['a lap sent both as text and in ms', [{ time: '1:42.318', lapTimeMs: 102_318, kind: 'timed' }], /^laps row 1 time: send either time or lapTimeMs$/],
    ['a lap with neither a time nor lapTimeMs', [{ kind: 'timed' }], /^laps row 1 time: send either time or lapTimeMs$/],
    ['no laps', [], /^laps: a session holds 1 to 5000 laps$/],
    ['more than 5000 laps', Array.from({ length: 5001 }, () => ({ lapTimeMs: 62_000, kind: 'timed' })), /^laps: a session holds 1 to 5000 laps$/],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, laps, message) => {
    const { sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const before = await eventCount(server.pitwall);
    const refused = await owner.put(`${sessions}/${fp1.id}/laps`, { laps });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it.each([
    ['an air temperature above 80 °C', { airTempC: 81 }, 'airTempC'],
    ['a track temperature above 90 °C', { trackTempC: 91 }, 'trackTempC'],
    ['an unknown type', { type: 'warmup' }, 'type'],
    ['a driver who is not a member of the team', { driverMemberId: 999999 }, 'driverMemberId'],
  ])('refuses a session with %s, naming the field, and stores nothing', async (_case, changes, field) => {
    const { sessions } = await raceWeekend();
    const before = await eventCount(server.pitwall);
    const refused = await owner.post(sessions, { ...FP1, ...changes });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.stringContaining(field) });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('refuses a tire pressure above 100 psi with 400, and stores nothing', async () => {
    const { sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const before = await eventCount(server.pitwall);
    expect((await owner.put(`${sessions}/${fp1.id}/tire-pressures`, { cold: { fl: 101, fr: 28, rl: 27, rr: 27, tempC: 18 }, hot: null })).statusCode).toBe(400);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('sets tire pressures in psi and °C, either part null (not measured)', async () => {
    const { sessions } = await raceWeekend();
    const fp2 = await addSession(sessions, { name: 'FP2' });
    const pressures = { cold: { fl: 28, fr: 28.5, rl: 27, rr: 27, tempC: 18 }, hot: null };
    expect(((await owner.put(`${sessions}/${fp2.id}/tire-pressures`, pressures)).json() as RunSession).tirePressures).toEqual(pressures);
    expect(((await owner.get(`${sessions}/${fp2.id}`)).json() as RunSession).tirePressures).toEqual(pressures);
  });

  it('records the driver feedback, tags in their listed order, keeping the other details', async () => {
    const { sessions } = await raceWeekend();
    const fp2 = await addSession(sessions, { name: 'FP2' });
    const patched = (await owner.patch(`${sessions}/${fp2.id}`, { feedbackTags: ['oversteer-exit', 'understeer-entry'], feedbackText: 'Loose out of T11' })).json() as RunSession;
    expect(patched).toMatchObject({ feedbackTags: ['understeer-entry', 'oversteer-exit'], feedbackText: 'Loose out of T11', name: 'FP2', tireSet: 'Set 3 — used' });
  });

  it('answers the setup as run at the pinned position', async () => {
    const { sessions, fp1, fp2 } = await twoSessionsAroundACamberChange();
    const setup1 = (await owner.get(`${sessions}/${fp1.id}/setup`)).json() as SetupSnapshot;
    const setup2 = (await owner.get(`${sessions}/${fp2.id}/setup`)).json() as SetupSnapshot;
    expect(setup1.raceEvent?.setup.suspension?.frontCamber).toBe('-2.5°');
    expect(setup2.raceEvent?.setup.suspension?.frontCamber).toBe('-2.8°');
    expect(setup1.position).toBe(fp1.setupPosition);
  });

  it('answers the changes since the previous session with who made them, and none for the first session', async () => {
    const { round1, sessions, fp1, fp2 } = await twoSessionsAroundACamberChange();
    const changes = (await owner.get(`${sessions}/${fp2.id}/changes`)).json() as SessionChanges;
    expect(changes.previous).toEqual({ id: fp1.id, name: 'FP1' });
    expect(changes.entries).toHaveLength(1);
    // Round 1 had no suspension of its own before: the change reads from the baseline's -2.5° it inherited.
    expect(changes.entries[0]).toMatchObject({ section: 'suspension', eventId: round1.id, actor: { displayName: 'Marco Rossi', role: 'mechanic' }, changes: [{ field: 'Front camber', before: '-2.5°', after: '-2.8°' }] });
    expect((await owner.get(`${sessions}/${fp1.id}/changes`)).json()).toEqual({ previous: null, entries: [] });
  });

  it('compares the setups of two sessions, differences listed, across race events too', async () => {
    const { base, sessions, fp1, fp2 } = await twoSessionsAroundACamberChange();
    const comparison = (await owner.get(`${sessions}/${fp1.id}/compare/${fp2.id}`)).json() as SetupComparison;
    expect(comparison.left.label).toBe('Spring Sprint Round 1 · FP1');
    expect(comparison.differences).toEqual([{ section: 'suspension', field: 'Front Camber', left: '-2.5°', right: '-2.8°' }]);
    const round5 = (await owner.post(`${base}/events`, { name: 'Autumn Round 5', location: LAGUNA, date: '2026-10-10' })).json() as { id: number };
    const later = await addSession(`${base}/events/${round5.id}/sessions`, { name: 'Qualifying', type: 'qualifying', startedAt: '2026-10-10T10:00:00Z' });
    const across = await owner.get(`${sessions}/${fp1.id}/compare/${later.id}`);
    expect(across.statusCode).toBe(200);
    expect((across.json() as SetupComparison).right.label).toBe('Autumn Round 5 · Qualifying');
  });

  it('ranks every session at the location across race events, best lap first, sessions without a timed lap last', async () => {
    const { base, sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const fp2 = await addSession(sessions, { name: 'FP2', startedAt: '2026-03-21T13:00:00Z' });
    await owner.put(`${sessions}/${fp1.id}/laps`, { laps: [{ time: '1:43.100', kind: 'timed' }, { time: '1:42.318', kind: 'timed' }] });
    await owner.put(`${sessions}/${fp2.id}/laps`, { laps: [{ time: '1:41.950', kind: 'timed' }] });
    const round5 = (await owner.post(`${base}/events`, { name: 'Autumn Round 5', location: LAGUNA, date: '2026-10-10' })).json() as { id: number };
    await addSession(`${base}/events/${round5.id}/sessions`, { name: 'Qualifying', type: 'qualifying', startedAt: '2026-10-10T10:00:00Z' });
    const sonoma = (await owner.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).json() as { id: number };
    await addSession(`${base}/events/${sonoma.id}/sessions`, { name: 'Warm-up', startedAt: '2026-06-13T08:00:00Z' });
    const ranked = (await owner.get(`${base}/tracks/sessions?location=${encodeURIComponent(LAGUNA.toLowerCase())}`)).json() as TrackRunSession[];
    expect(ranked.map((s) => [s.name, s.eventName, s.bestLapMs])).toEqual([
      ['FP2', 'Spring Sprint Round 1', 101950],
      ['FP1', 'Spring Sprint Round 1', 102318],
      ['Qualifying', 'Autumn Round 5', null],
    ]);
  });

  it('refuses the track ranking without a location with 400', async () => {
    const { base } = await raceWeekend();
    expect((await owner.get(`${base}/tracks/sessions`)).statusCode).toBe(400);
  });

  it('deletes a session (204): it leaves the race event list and answers 404', async () => {
    const { sessions } = await raceWeekend();
    await addSession(sessions);
    const extra = await addSession(sessions, { name: 'Test run', type: 'test', startedAt: '2026-03-21T16:00:00Z' });
    expect((await owner.delete(`${sessions}/${extra.id}`)).statusCode).toBe(204);
    expect((await owner.get(`${sessions}/${extra.id}`)).statusCode).toBe(404);
    expect(((await owner.get(sessions)).json() as RunSession[]).map((s) => s.name)).toEqual(['FP1']);
  });

  it("records every session change in the car's history, a deleted session's as 'recorded → deleted'", async () => {
    const { base, sessions } = await raceWeekend();
    const fp2 = await addSession(sessions, { name: 'FP2' });
    await owner.put(`${sessions}/${fp2.id}/laps`, { laps: [{ time: '1:41.950', kind: 'timed' }] });
    await owner.patch(`${sessions}/${fp2.id}`, { feedbackTags: ['oversteer-exit', 'understeer-entry'] });
    const extra = await addSession(sessions, { name: 'Test run', type: 'test', startedAt: '2026-03-21T16:00:00Z' });
    await owner.delete(`${sessions}/${extra.id}`);
    const history = (await owner.get(`${base}/history?section=sessions`)).json() as { type: string; changes: { field: string; before: string | null; after: string | null }[] }[];
    expect(history.map((h) => h.type)).toContain('SessionLapsSet');
    expect(history[0]).toMatchObject({ type: 'SessionRemoved', changes: [{ field: 'Session Test run', before: 'recorded', after: 'deleted' }] });
    const feedback = history.find((h) => h.type === 'SessionDetailsRevised');
    expect(feedback?.changes).toContainEqual({ field: 'FP2 Driver feedback', before: null, after: 'Understeer at entry, Oversteer at exit' });
  });

  it("answers 404 for another team's car, race event or session, and for a session of another race event", async () => {
    const { base, sessions } = await raceWeekend();
    const fp1 = await addSession(sessions);
    const sonoma = (await owner.post(`${base}/events`, { name: 'Summer Enduro', location: 'Sonoma Raceway', date: '2026-06-13' })).json() as { id: number };
    expect((await rival.get(sessions)).statusCode).toBe(404);
    expect((await rival.get(`${sessions}/${fp1.id}`)).statusCode).toBe(404);
    expect((await owner.get(`${base}/events/${sonoma.id}/sessions/${fp1.id}`)).statusCode).toBe(404);
    expect((await rival.get(`${base}/tracks/sessions?location=x`)).statusCode).toBe(404);
  });
});
