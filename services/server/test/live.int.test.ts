import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_POSITION_HEADER, type LiveChange } from '@pitwall/contracts';
import { DEFAULT_BATCH_SIZE } from '@pitwall/read-models';
import { client, databases, MX5, sessionCookie, setupTeam } from './helpers.ts';
import { givenTeam, testServer, type Api } from './scenario.ts';
import { changeOf, openLiveStream } from './live-stream.ts';
import type { Pitwall } from '../src/composition-root.ts';

describe.each(databases)('GET /api/live on $name', (database) => {
  const server = testServer(database);
  let base: string;
  beforeAll(async () => {
    await server.pitwall.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.pitwall.app.server.address() as AddressInfo).port}`;
  });

  // Per test: the owner's team (with the mechanic aiko, a car, its round and FP1) and a rival team with a car of its own.
  let pitwall: Pitwall;
  let owner: Api;
  let teamId: number;
  let rival: Api;
  let aiko: string;
  let car: { id: number };
  let rivalCar: { id: number };
  let round: { id: number };
  let sessions: string;
  let fp1: { id: number };
  let danaCookie: string;
  let rivalCookie: string;
  beforeEach(async () => {
    pitwall = server.pitwall;
    const team = await givenTeam(pitwall, { car: true });
    owner = team.api;
    teamId = team.teamId;
    car = team.car;
    const rivalTeam = await givenTeam(pitwall, { team: { teamName: 'Rival Motorsport' } });
    rival = rivalTeam.api;
    aiko = `aiko-${team.username}`;
    await owner.post(`/api/teams/${teamId}/members`, { username: aiko, password: 'apex-late-brake', firstName: 'Aiko', lastName: 'Tanaka', role: 'mechanic', memberColor: '#16a34a' });
    rivalCar = (await rival.post('/api/cars', { ...MX5, name: 'Rival Car' })).json() as { id: number };
    round = (await owner.post(`/api/cars/${car.id}/events`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json() as { id: number };
    sessions = `/api/cars/${car.id}/events/${round.id}/sessions`;
    fp1 = (await owner.post(sessions, { name: 'FP1', type: 'practice', startedAt: '2026-03-21T09:00:00Z' })).json() as { id: number };
    danaCookie = await sessionCookie(pitwall, team.username, 'paddock-2026');
    rivalCookie = await sessionCookie(pitwall, rivalTeam.username, 'paddock-2026');
  });
  const memberLogin = async (username: string, password: string) => {
    const res = await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, loginType: 'member' } });
    return `pitwall_session=${res.cookies[0]!.value}`;
  };
  const hot = (fl: number) => ({ cold: null, hot: { fl, fr: 31, rl: 30, rr: 30 } });

  it('sends a change to every open stream of the team, naming what changed and who changed it, and nothing to another team', async () => {
    const [dana, mechanic, other] = await Promise.all([openLiveStream(base, danaCookie), openLiveStream(base, await memberLogin(aiko, 'apex-late-brake')), openLiveStream(base, rivalCookie)]);
    expect(dana.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await owner.put(`${sessions}/${fp1.id}/tire-pressures`, hot(31.5))).statusCode).toBe(200);
    // The rival's own change reaches its stream: anything of team A would have come before it.
    expect((await rival.put(`/api/cars/${rivalCar.id}/suspension`, { frontCamber: '-2.5°' })).statusCode).toBe(200);
    const seen = await Promise.all([dana, mechanic].map((s) => s.next(changeOf('SessionTirePressuresSet'))));
    await other.next(changeOf('SuspensionSet'));
    for (const message of seen) {
      const change = JSON.parse(message.data) as LiveChange;
      expect(change).toMatchObject({ stream: `session-${fp1.id}`, teamId, carId: car.id, raceEventId: round.id, sessionId: fp1.id, by: { displayName: 'Dana Whitfield' } });
      expect(message.id).toBe(change.position);
    }
    expect(other.changes().filter((c) => c.teamId === teamId)).toEqual([]);
    for (const s of [dana, mechanic, other]) s.close();
  });

  it('sends a change the projector of its process committed without reading it back from the event store', async () => {
    const stream = await openLiveStream(base, danaCookie);
    const readAll = vi.spyOn(pitwall.deps.store, 'readAll');
    try {
      await owner.put(`/api/cars/${car.id}/suspension`, { frontCamber: '-2.9°' });
      await stream.next(changeOf('SuspensionSet'));
      // The projector reads DEFAULT_BATCH_SIZE events at a time; any other read is the live feed's.
      expect(readAll.mock.calls.filter(([options]) => options.limit !== DEFAULT_BATCH_SIZE)).toEqual([]);
    } finally {
      readAll.mockRestore();
      stream.close();
    }
  });

  it('resumes from Last-Event-ID with every change made meanwhile, in order', async () => {
    const cookie = await memberLogin(aiko, 'apex-late-brake');
    const first = await openLiveStream(base, cookie);
    await owner.put(`${sessions}/${fp1.id}/tire-pressures`, hot(32));
    const seen = await first.next(changeOf('SessionTirePressuresSet'));
    first.close();
    await owner.put(`${sessions}/${fp1.id}/tire-pressures`, hot(32.5));
    await owner.put(`/api/cars/${car.id}/suspension`, { frontCamber: '-3.8°' });
    const resumed = await openLiveStream(base, cookie, { lastEventId: seen.id! });
    await resumed.next(changeOf('SuspensionSet'));
    expect(resumed.changes().map((c) => c.type)).toEqual(['SessionTirePressuresSet', 'SuspensionSet']);
    resumed.close();
  });

  it('resumes from ?lastEventId= when the page reopens the stream itself', async () => {
    const cookie = await memberLogin(aiko, 'apex-late-brake');
    const first = await openLiveStream(base, cookie);
    await owner.put(`${sessions}/${fp1.id}/tire-pressures`, hot(33));
    const seen = await first.next(changeOf('SessionTirePressuresSet'));
    first.close();
    await owner.put(`${sessions}/${fp1.id}/tire-pressures`, hot(33.5));
    const reopened = await openLiveStream(base, cookie, { path: `/api/live?lastEventId=${encodeURIComponent(seen.id!)}` });
    const missed = JSON.parse((await reopened.next(changeOf('SessionTirePressuresSet'))).data) as LiveChange;
    expect(missed.position).not.toBe(seen.id);
    reopened.close();
  });

  it('sends a page opening its stream from the read position its first answer named the change made in between', async () => {
    const readPosition = async () => (await pitwall.app.inject({ method: 'GET', url: `/api/cars/${car.id}/events`, headers: { cookie: danaCookie } })).headers[READ_POSITION_HEADER];
    // The feed learns the read models' position once per process (the first request starts that).
    await vi.waitFor(async () => expect(await readPosition()).toMatch(/^-?\d+\/-?\d+$/));
    const position = String(await readPosition());
    const later = (await owner.post(`/api/cars/${car.id}/events`, { name: 'Round 2', location: 'Sonoma', date: '2026-04-18' })).json() as { id: number };
    const stream = await openLiveStream(base, danaCookie, { path: `/api/live?lastEventId=${encodeURIComponent(position)}` });
    await stream.next(changeOf('RaceEventScheduled', { raceEventId: later.id }));
    stream.close();
  });

  it("sends a series organiser the series' entry changes and none of an entered team's car changes", async () => {
    const { api: organiser } = await setupTeam(pitwall, { username: 'clerk', teamName: 'Series Office' });
    const series = (await organiser.post('/api/series', { name: 'Club Sprint Cup', season: '2026', classes: ['Cup'] })).json() as { id: number };
    const { code } = (await organiser.post(`/api/series/${series.id}/join-codes`)).json() as { code: string };
    const stream = await openLiveStream(base, await sessionCookie(pitwall, 'clerk', 'paddock-2026'));
    await owner.post(`/api/teams/${teamId}/series`, { code });
    await owner.put(`/api/cars/${car.id}/suspension`, { frontCamber: '-3.1°' });
    expect((await owner.post(`/api/series/${series.id}/entries`, { carId: car.id, class: 'Cup', number: '27' })).statusCode).toBe(201);
    await stream.next(changeOf('CarEntered', { seriesId: series.id }));
    expect(stream.changes().filter((c) => c.stream.startsWith('car-'))).toEqual([]);
    stream.close();
  });

  it("answers 'reset' to a Last-Event-ID older than the changes kept", async () => {
    const stream = await openLiveStream(base, danaCookie, { lastEventId: '0/0' });
    await stream.next((m) => m.event === 'reset');
    stream.close();
  });

  it("closes a member's streams when the member is deactivated", async () => {
    const former = (await owner.post(`/api/teams/${teamId}/members`, { username: 'formerdriver', password: 'pit-lane-7', firstName: 'Former', role: 'driver', memberColor: '#ec4899' })).json() as { id: number };
    const stream = await openLiveStream(base, await memberLogin('formerdriver', 'pit-lane-7'));
    await owner.patch(`/api/teams/${teamId}/members/${former.id}`, { isActive: false });
    await stream.ended;
  });

  it('closes the stream when its session signs out', async () => {
    const cookie = await memberLogin(aiko, 'apex-late-brake');
    const stream = await openLiveStream(base, cookie);
    await pitwall.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    await stream.ended;
  });

  it('refuses a caller without a session (401)', async () => {
    expect((await client(pitwall).get('/api/live')).statusCode).toBe(401);
  });
});
