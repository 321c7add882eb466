import { beforeEach, describe, expect, it } from 'vitest';
import { carDecider, carStream } from '@pitwall/domain';
import { PreconditionFailedError } from '../src/command/command-handler.ts';
import { databases, eventCount, MX5 } from './helpers.ts';
import { givenTeam, testServer, type Api } from './scenario.ts';

/**
 * ETag / If-Match: the rules around the route-table matrix (tenancy.int.test.ts sends
 * every PUT/PATCH/DELETE with a stale and a current If-Match and checks every GET's ETag).
 */
describe.each(databases)('ETag and If-Match on $name', (database) => {
  // Each test has a team and a fresh car of its own (beforeEach): its stream at revision 0.
  const server = testServer(database);
  let owner: Api;
  let car: { id: number };
  let gearRatios: string;
  beforeEach(async () => {
    ({ api: owner, car } = await givenTeam(server.pitwall, { car: true }));
    gearRatios = `/api/cars/${car.id}/gear-ratios`;
  });

  it('answers the car stream revision as the ETag of a setup section, 304 for If-None-Match, and a new ETag with the change', async () => {
    const first = await owner.get(gearRatios);
    expect(first.headers.etag).toBe(`"car-${car.id}.0"`);
    const notModified = await owner.get(gearRatios, { 'if-none-match': first.headers.etag as string });
    expect([notModified.statusCode, notModified.body]).toEqual([304, '']);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    const saved = await owner.put(gearRatios, [{ name: '1st', ratio: '5.087' }], { 'if-match': first.headers.etag as string });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe(`"car-${car.id}.1"`);
    const after = await owner.get(gearRatios, { 'if-none-match': first.headers.etag as string });
    expect([after.statusCode, after.headers.etag]).toEqual([200, saved.headers.etag]);
    expect(after.json()).toEqual(saved.json());
  });

  it('answers HEAD as its GET, without the body: status, ETag and Content-Length, 304 for If-None-Match', async () => {
    const got = await owner.get(gearRatios);
    const head = await owner.head(gearRatios);
    expect([head.statusCode, head.body, head.headers.etag, head.headers['content-length']]).toEqual([200, '', got.headers.etag, got.headers['content-length']]);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const notModified = await owner.head(gearRatios, { 'if-none-match': got.headers.etag as string });
    expect([notModified.statusCode, notModified.body]).toEqual([304, '']);
  });

  it('answers 304 with no body through the compression too (a list over the compression threshold)', async () => {
    for (let i = 0; i < 12; i++) await owner.post(`/api/cars/${car.id}/checklist`, { title: `Torque wheel nut ${i + 1} to 108 Nm and mark it` });
    const checklist = `/api/cars/${car.id}/checklist`;
    const full = await owner.get(checklist, { 'accept-encoding': 'br' });
    expect(full.headers['content-encoding']).toBe('br');
    const again = await owner.get(checklist, { 'accept-encoding': 'br', 'if-none-match': full.headers.etag as string });
    expect([again.statusCode, again.body, again.headers['content-encoding']]).toEqual([304, '', undefined]);
  });

  it('refuses a stale If-Match with 412, the current representation and its ETag, appending nothing; * and no If-Match change as before', async () => {
    // A first save, so that revision 0 is a stale version.
    expect((await owner.put(gearRatios, [{ name: '1st', ratio: '5.087' }])).statusCode).toBe(200);
    const current = await owner.get(gearRatios);
    const before = await eventCount(server.pitwall);
    for (const stale of [`"car-${car.id}.0"`, `W/${current.headers.etag}`]) {
      const refused = await owner.put(gearRatios, [{ name: '1st', ratio: '4.900' }], { 'if-match': stale });
      expect(refused.statusCode, stale).toBe(412);
      expect(refused.body).toBe(current.body);
      expect(refused.headers.etag).toBe(current.headers.etag);
    }
    expect(await eventCount(server.pitwall)).toBe(before);
    expect((await owner.put(gearRatios, [{ name: '1st', ratio: '4.900' }], { 'if-match': '*' })).statusCode).toBe(200);
    expect((await owner.put(gearRatios, [{ name: '1st', ratio: '4.800' }])).statusCode).toBe(200);
    expect((await owner.put(gearRatios, [{ name: '1st', ratio: '4.700' }], { 'if-match': `"elsewhere.1", ${(await owner.get(gearRatios)).headers.etag}` })).statusCode).toBe(200);
    expect(await eventCount(server.pitwall)).toBe(before + 3);
  });

  it('lets one of two parallel saves on the same version through and answers the other 412, so neither reverts the other', async () => {
    const suspension = `/api/cars/${car.id}/suspension`;
    const opened = { frontCamber: '-3.4°', rearToe: '1.5mm (in)' };
    expect((await owner.put(suspension, { carId: car.id, ...opened })).statusCode).toBe(200);
    const { etag } = (await owner.get(suspension)).headers;
    const before = await eventCount(server.pitwall);
    // Ana changes front camber, Sam rear toe, both from the version they opened.
    const [ana, sam] = await Promise.all([
      owner.put(suspension, { carId: car.id, ...opened, frontCamber: '-3.8°' }, { 'if-match': String(etag) }),
      owner.put(suspension, { carId: car.id, ...opened, rearToe: '2.0mm (in)' }, { 'if-match': String(etag) }),
    ]);
    expect([ana.statusCode, sam.statusCode].sort()).toEqual([200, 412]);
    const now = (await owner.get(suspension)).json() as { frontCamber: string; rearToe: string };
    expect(now).toMatchObject(ana.statusCode === 200 ? { frontCamber: '-3.8°', rearToe: '1.5mm (in)' } : { frontCamber: '-3.4°', rearToe: '2.0mm (in)' });
    expect(await eventCount(server.pitwall)).toBe(before + 1);
  });

  it("compares a list's If-Match with the whole list: a change to another issue of the car since answers 412 with the list", async () => {
    const issues = `/api/cars/${car.id}/issues`;
    const [a, b] = [
      (await owner.post(issues, { title: 'Brake pedal goes long', description: 'Pedal travel grows' })).json() as { id: number },
      (await owner.post(issues, { title: 'Loose mirror', description: 'Left mirror vibrates' })).json() as { id: number },
    ];
    const list = await owner.get(issues);
    expect(list.headers.etag).toMatch(/^"issues-car-\d+\.[\w-]{22}"$/);
    expect((await owner.patch(`${issues}/${b.id}`, { status: 'in-progress' })).statusCode).toBe(200);
    const before = await eventCount(server.pitwall);
    const refused = await owner.patch(`${issues}/${a.id}`, { status: 'resolved' }, { 'if-match': list.headers.etag as string });
    const now = await owner.get(issues);
    expect([refused.statusCode, refused.body, refused.headers.etag]).toEqual([412, now.body, now.headers.etag]);
    expect(await eventCount(server.pitwall)).toBe(before);
    expect((await owner.patch(`${issues}/${a.id}`, { status: 'resolved' }, { 'if-match': now.headers.etag as string })).statusCode).toBe(200);
  });

  it("changes a list's ETag when one of its members changes, is added or goes", async () => {
    const events = `/api/cars/${car.id}/events`;
    const cars = await owner.get('/api/cars');
    expect(cars.headers.etag).toMatch(/^"cars\.[\w-]{22}"$/);
    expect((await owner.put(`/api/cars/${car.id}`, { ...MX5, power: '184 hp' })).statusCode).toBe(200);
    expect((await owner.get('/api/cars')).headers.etag).not.toBe(cars.headers.etag);
    const empty = (await owner.get(events)).headers.etag;
    const raceEvent = (await owner.post(events, { name: 'Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json() as { id: number };
    const one = (await owner.get(events)).headers.etag;
    expect(one).not.toBe(empty);
    await owner.patch(`${events}/${raceEvent.id}`, { finalDriveRatio: '3.9' });
    expect((await owner.get(events)).headers.etag).not.toBe(one);
    const sessions = `${events}/${raceEvent.id}/sessions`;
    const session = (await owner.post(sessions, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' })).json() as { id: number };
    const withSession = (await owner.get(sessions)).headers.etag;
    await owner.delete(`${sessions}/${session.id}`);
    expect((await owner.get(sessions)).headers.etag).not.toBe(withSession);
  });

  it("accepts the session list's current ETag for a change of one session (a run-sheet form opened on the list), and 412 once the list changed", async () => {
    const events = `/api/cars/${car.id}/events`;
    const raceEvent = (await owner.post(events, { name: 'Round 2', location: 'Sonoma', date: '2026-04-18' })).json() as { id: number };
    const sessions = `${events}/${raceEvent.id}/sessions`;
    const fp2 = (await owner.post(sessions, { name: 'FP2', type: 'practice', startedAt: '2026-04-18T13:00:00Z' })).json() as { id: number };
    const list = String((await owner.get(sessions)).headers.etag);
    const hot = { cold: null, hot: { fl: 31.3, fr: 31.0, rl: 30.1, rr: 30.0 } };
    const saved = await owner.put(`${sessions}/${fp2.id}/tire-pressures`, hot, { 'if-match': list });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toMatch(new RegExp(`^"session-${fp2.id}\\.\\d+"$`));
    const before = await eventCount(server.pitwall);
    const stale = await owner.put(`${sessions}/${fp2.id}/tire-pressures`, { ...hot, hot: { ...hot.hot, fl: 31.2 } }, { 'if-match': list });
    expect([stale.statusCode, stale.body]).toEqual([412, (await owner.get(`${sessions}/${fp2.id}`)).body]);
    expect(await eventCount(server.pitwall)).toBe(before);
    // Another list's ETag is no version of this session.
    expect((await owner.patch(`${sessions}/${fp2.id}`, { notes: 'Dry' }, { 'if-match': String((await owner.get(events)).headers.etag) })).statusCode).toBe(412);
  });

  it('is race-free: a change between the check and the append answers 412 (PreconditionFailedError), not an overwrite', async () => {
    const { pitwall } = server;
    const stream = carStream(car.id);
    const { revision } = await pitwall.deps.commands.load(carDecider, stream);
    const before = await eventCount(server.pitwall);
    const context = { userId: null, teamId: null, correlationId: 'race-test', now: new Date() };
    const precondition = {
      checks: true,
      // The tag holds when checked; someone else's change lands right after the check.
      holds: async (_: string, loaded: number) => {
        expect(loaded).toBe(revision);
        await pitwall.deps.commands.handle(carDecider, stream, { type: 'AddChecklistItem', data: { itemId: 999_001, title: 'Meanwhile', description: null, priority: 'medium' } }, context);
        return true;
      },
      observed: () => undefined,
    };
    await expect(
      pitwall.deps.commands.handle(carDecider, stream, { type: 'AddChecklistItem', data: { itemId: 999_002, title: 'Mine', description: null, priority: 'medium' } }, { ...context, precondition }),
    ).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await eventCount(server.pitwall)).toBe(before + 1);
  });
});
