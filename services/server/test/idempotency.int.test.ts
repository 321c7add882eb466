import { beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../src/idempotency/idempotency-plugin.ts';
import { client, databases, eventCount, manualClock } from './helpers.ts';
import { created, givenTeam, testServer, type Api } from './scenario.ts';

let members = 0;

/**
 * Idempotency-Key: a change sent twice with the same key runs once; the repeat answers
 * the first answer. Every mutation route is covered by the tenancy matrix's "owning team" test;
 * these are the rules around it.
 *
 * Each test has a team of its own (beforeEach) with its MX-5, the clock set back to
 * 2026-03-21 09:00: keys are kept per user, so the keys below are the test's own.
 */
describe.each(databases)('Idempotency-Key on $name', (database) => {
  const clock = manualClock('2026-03-21T09:00:00.000Z');
  const server = testServer(database, { clock });
  let owner: Api;
  let teamId: number;
  let car: { id: number };
  let suspension: string;
  beforeEach(async () => {
    clock.set('2026-03-21T09:00:00.000Z');
    ({ api: owner, teamId, car } = await givenTeam(server.pitwall, { car: true }));
    suspension = `/api/cars/${car.id}/suspension`;
  });
  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms).toISOString());

  it('runs a change once: the repeat answers the first status and body, marked replayed, and appends nothing', async () => {
    const key = { 'idempotency-key': 'b7f1c6d2-5b0e-4c59-9a1e-0f3c2d4e5f60' };
    const first = await owner.put(suspension, { frontCamber: '-2.8°' }, key);
    expect(first.statusCode).toBe(200);
    const before = await eventCount(server.pitwall);
    const repeat = await owner.put(suspension, { frontCamber: '-2.8°' }, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('refuses a key reused for a different change (422) and a malformed key (400), appending nothing', async () => {
    const key = { 'idempotency-key': 'checklist-add-1' };
    expect((await owner.post(`/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts' }, key)).statusCode).toBe(201);
    const before = await eventCount(server.pitwall);
    const reused = await owner.post(`/api/cars/${car.id}/checklist`, { title: 'Bleed brakes' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: 'Idempotency-Key: this key was already used for a different request' });
    const malformed = await owner.put(suspension, { frontCamber: '-3.0°' }, { 'idempotency-key': 'has spaces in it' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Idempotency-Key: must be 1 to 255 visible ASCII characters, e.g. a UUID' });
    expect(await eventCount(server.pitwall)).toBe(before);
  });

  it('keeps keys per user: another member may use the same key for their own change', async () => {
    const username = `marco${++members}`;
    await created(owner.post(`/api/teams/${teamId}/members`, { username, password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' }));
    const marco = client(server.pitwall);
    await marco.post('/api/auth/login', { username, password: 'torque-108nm', loginType: 'member' });
    const key = { 'idempotency-key': 'same-key-two-users' };
    await owner.put(suspension, { rearCamber: '-2.0°' }, key);
    const before = await eventCount(server.pitwall);
    const res = await marco.put(suspension, { rearCamber: '-2.2°' }, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount(server.pitwall)).toBe(before + 1);
  });

  it('after a process died mid-request: 409 while the claim is fresh, then the retry runs with the same event ids and appends nothing twice', async () => {
    const key = { 'idempotency-key': 'died-after-append' };
    const added = { title: 'Check tire pressures' };
    expect((await owner.post(`/api/cars/${car.id}/checklist`, added, key)).statusCode).toBe(201);
    const before = await eventCount(server.pitwall);
    // As if the process had died after its append, before it stored the answer.
    await server.pitwall.deps.db.query(`UPDATE idempotency_keys SET status = NULL, body = NULL, content_type = NULL WHERE key = $1`, ['died-after-append']);
    expect((await owner.post(`/api/cars/${car.id}/checklist`, added, key)).statusCode).toBe(409);
    later(IDEMPOTENCY_ABANDONED_MS + 1);
    const retry = await owner.post(`/api/cars/${car.id}/checklist`, added, key);
    expect(retry.statusCode, retry.body).toBeLessThan(500);
    expect(await eventCount(server.pitwall)).toBe(before);
    const titles = ((await owner.get(`/api/cars/${car.id}/checklist`)).json() as { title: string }[]).map((i) => i.title);
    expect(titles.filter((t) => t === added.title)).toHaveLength(1);
  });

  it('forgets a key after 24 hours: the same key then runs a new change', async () => {
    const key = { 'idempotency-key': 'next-day' };
    await owner.put(suspension, { frontCamber: '-2.5°' }, key);
    later(IDEMPOTENCY_TTL_MS + 1);
    const before = await eventCount(server.pitwall);
    const res = await owner.put(suspension, { frontCamber: '-2.6°' }, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount(server.pitwall)).toBe(before + 1);
  });
});
