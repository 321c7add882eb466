import { beforeEach, describe, expect, it } from 'vitest';
import type { RunSession } from '@pitwall/contracts';
import { databases, eventCount } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

/** The worked example's tires (inner, middle, outer °C): FL too much camber, FR too little and too much pressure, RR too little of both; RL as aimed. */
const READING = {
  corners: {
    fl: { innerC: 92, middleC: 86, outerC: 80 },
    fr: { innerC: 85, middleC: 90, outerC: 82 },
    rl: { innerC: 88, middleC: 84, outerC: 81 },
    rr: { innerC: 84, middleC: 80, outerC: 82 },
  },
};

/**
 * Tire temperatures of a session and the car's targets they are read against. Each test has a
 * team, car, race event and FP1 session of its own (beforeEach) and records the readings it reads.
 */
describe.each(databases)('tire temperatures over the API on $name', (database) => {
  const server = testServer(database);
  let api: Api;
  let base: string;
  let raceEvent: { id: number };
  let session: RunSession;
  let temperatures: string;
  beforeEach(async () => {
    const team = await givenTeam(server.pitwall, { raceEvent: { name: 'Spring Sprint Round 1', location: 'Sonoma Raceway', date: '2026-03-21' } });
    ({ api, raceEvent } = team);
    base = `/api/cars/${team.car.id}`;
    session = await created<RunSession>(api.post(`${base}/events/${raceEvent.id}/sessions`, { name: 'FP1', type: 'practice', startedAt: '2026-03-20T09:00:00Z' }));
    temperatures = `${base}/events/${raceEvent.id}/sessions/${session.id}/tire-temperatures`;
  });

  it('a car that set none answers the defaults, 5–10 °C and ±2 °C', async () => {
    const res = await api.get(`${base}/tire-temperature-targets`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ spreadMinC: 5, spreadMaxC: 10, middleToleranceC: 2 });
    expect(session.tireTemperatures).toEqual([]);
  });

  it('a reading after the run answers each tire with the worked example\'s advice', async () => {
    const res = await api.put(temperatures, { ...READING, measuredAt: '2026-03-20T09:40:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    const [reading] = (res.json() as RunSession).tireTemperatures;
    expect(reading).toMatchObject({ stint: null, measuredAt: '2026-03-20T09:40:00Z' });
    expect(reading!.corners.fl).toEqual({ innerC: 92, middleC: 86, outerC: 80, reading: { spreadC: 12, middleVsEdgesC: 0, camber: 'less negative', pressure: 'ok' } });
    expect(reading!.corners.fr.reading).toEqual({ spreadC: 3, middleVsEdgesC: 6.5, camber: 'more negative', pressure: 'lower' });
    expect(reading!.corners.rl.reading).toEqual({ spreadC: 7, middleVsEdgesC: -0.5, camber: 'ok', pressure: 'ok' });
    expect(reading!.corners.rr.reading).toEqual({ spreadC: 2, middleVsEdgesC: -3, camber: 'more negative', pressure: 'raise' });
  });

  it('holds one reading per stint in stint order, the one after the run last; the same stint again replaces it', async () => {
    expect((await api.put(temperatures, { ...READING, measuredAt: '2026-03-20T09:40:00Z' })).statusCode).toBe(200);
    await api.put(temperatures, { ...READING, stint: 2 });
    await api.put(temperatures, { ...READING, stint: 1 });
    const hotter = { ...READING, corners: { ...READING.corners, fl: { innerC: 95, middleC: 88, outerC: 84 } } };
    const res = await api.put(temperatures, { ...hotter, stint: 1 });
    const readings = (res.json() as RunSession).tireTemperatures;
    expect(readings.map((r) => r.stint)).toEqual([1, 2, null]);
    expect(readings[0]!.corners.fl.reading).toMatchObject({ spreadC: 11, middleVsEdgesC: -1.5 });
    const before = await eventCount(server.pitwall);
    await api.put(temperatures, { ...hotter, stint: 1 });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it.each([
    [{ ...READING, corners: { ...READING.corners, rr: { innerC: 84, middleC: 250, outerC: 82 } } }, /^corners rr middleC\b.*200 °C/],
    [{ ...READING, corners: { ...READING.corners, fl: { innerC: 92, outerC: 80 } } }, /^corners fl middleC\b/],
    [{ ...READING, stint: 0 }, /^stint\b/],
    [{ ...READING, measuredAt: 'after FP1' }, /^measuredAt\b/],
  ])('refuses a bad reading with a 400 naming the field, appending nothing', async (body, message) => {
    const before = await eventCount(server.pitwall);
    const res = await api.put(temperatures, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it("the car's own targets change every reading, and are in the car's history", async () => {
    expect((await api.put(temperatures, { ...READING, measuredAt: '2026-03-20T09:40:00Z' })).statusCode).toBe(200);
    const put = await api.put(`${base}/tire-temperature-targets`, { spreadMinC: 8, spreadMaxC: 14, middleToleranceC: 1 });
    expect(put.json()).toEqual({ spreadMinC: 8, spreadMaxC: 14, middleToleranceC: 1 });
    const after = (await api.get(`${base}/events/${raceEvent.id}/sessions/${session.id}`)).json() as RunSession;
    const afterRun = after.tireTemperatures.at(-1)!;
    expect(afterRun.corners.fl.reading.camber).toBe('ok');
    expect(afterRun.corners.rl.reading.camber).toBe('more negative');
    const history = (await api.get(`${base}/history`)).json() as unknown[];
    expect(history[0]).toMatchObject({ type: 'TireTemperatureTargetsSet', section: 'setup-targets', changes: [{ field: 'Target tire temperature spread, least (°C)', before: '5', after: '8' }, { field: 'Target tire temperature spread, most (°C)', before: '10', after: '14' }, { field: 'Tire middle temperature tolerance (°C)', before: '2', after: '1' }] });
  });

  it('refuses targets whose spread range is upside down, naming spreadMaxC', async () => {
    const res = await api.put(`${base}/tire-temperature-targets`, { spreadMinC: 10, spreadMaxC: 5, middleToleranceC: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^spreadMaxC\b/);
  });
});
