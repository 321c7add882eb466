import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_POSITION_HEADER, type LiveChange } from '@pitwall/contracts';
import { comparePositions, parsePosition } from '@pitwall/eventstore';
import { LIVE_REPLAY_HIGH_WATER_BYTES, type LiveSubscriber } from '../src/live/live-feed.ts';
import type { Pitwall } from '../src/composition-root.ts';
import { MX5, sessionCookie, setupTeam, startTestPitwall } from './helpers.ts';
import { openLiveStream } from './live-stream.ts';

/**
 * A reconnect storm of the live stream: many streams resume far back at once (a paddock's phones
 * after the Wi-Fi came back), most of them never reading. The feed sends each what it missed with
 * backpressure, so what it holds is bounded by a socket buffer per stream whatever the clients do,
 * a client that stops reading delays no one, and a client that reads gets every change in order.
 * The live feed is the same on every database: this runs on the embedded one.
 */
describe('a reconnect storm of GET /api/live', () => {
  const CHANGES = 2_000;
  // Expensive, so built once in beforeAll and shared (each test resumes from `before`, the position before the CHANGES):
  // the team's car with CHANGES suspension changes. No test changes the team after it: `last` stays its newest change.
  let close: (() => Promise<void>) | undefined;
  afterAll(() => close?.());
  let pitwall: Pitwall;
  let api: Awaited<ReturnType<typeof setupTeam>>['api'];
  let user: Awaited<ReturnType<typeof setupTeam>>['user'];
  let teamId: number;
  let car: { id: number };
  let before: string;
  let last: string;
  /** The newest position the reads include (the first read of a process starts the feed, so it is asked until known). */
  const readPosition = async () => {
    for (;;) {
      const position = (await api.get(`/api/cars/${car.id}`)).headers[READ_POSITION_HEADER];
      if (typeof position === 'string') return position;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  beforeAll(async () => {
    // Every stream comes from loopback: the per-address cap (a router's phones) is off here.
    const started = await startTestPitwall({}, { env: { MAX_CONNECTIONS_PER_ADDRESS: '0' } });
    close = started.close;
    pitwall = started.pitwall;
    ({ api, user } = await setupTeam(pitwall));
    teamId = user.teams[0]!.teamId;
    car = (await api.post('/api/cars', MX5)).json() as { id: number };
    before = await readPosition();
    for (let i = 0; i < CHANGES; i++) {
      expect((await api.put(`/api/cars/${car.id}/suspension`, { frontCamber: `-${(2 + i / 1000).toFixed(3)}°` })).statusCode).toBe(200);
    }
    last = await readPosition();
  }, 240_000);

  /**
   * A stream of the team's owner as the feed sees it: `send` counts the bytes a socket would hold
   * (none once `reading`), `drained` waits until the test lets it drain or gives up on it.
   */
  function fakeStream(reading: boolean) {
    const received: LiveChange[] = [];
    let held = 0;
    let closed = false;
    let release: (ok: boolean) => void = () => {};
    const subscriber: Omit<LiveSubscriber, 'after'> = {
      userId: user.id,
      authSessionId: 'storm',
      teams: new Set([teamId]),
      series: new Set(),
      send(change) {
        received.push(change);
        if (!reading) held += JSON.stringify(change).length + 64;
        return held;
      },
      drained: () => (held <= LIVE_REPLAY_HIGH_WATER_BYTES ? Promise.resolve(true) : new Promise((resolve) => (release = resolve))),
      reset: () => {
        throw new Error('a resume within what the feed keeps is replayed, not reset');
      },
      close: () => (closed = true),
    };
    return { subscriber, received, held: () => held, closed: () => closed, giveUp: () => release(false) };
  }

  it('holds at most a socket buffer per stalled stream, serves a reading one meanwhile and closes the stalled ones', async () => {
    const stalled = Array.from({ length: 1_000 }, () => fakeStream(false));
    const subscriptions = stalled.map((s) => pitwall.deps.live.subscribe(s.subscriber, before));
    const reader = fakeStream(true);
    const removeReader = await pitwall.deps.live.subscribe(reader.subscriber, before);
    // The reader had every change, in the store's order, while a thousand streams wait on their sockets.
    expect(reader.received.filter((c) => c.type === 'SuspensionSet')).toHaveLength(CHANGES);
    expect(reader.received.at(-1)!.position).toBe(last);
    const order = reader.received.map((c) => parsePosition(c.position));
    expect(order.slice(1).every((p, i) => comparePositions(order[i]!, p) < 0)).toBe(true);
    // Each stalled stream holds one high-water mark of bytes, not its whole replay.
    const biggest = Math.max(...stalled.map((s) => JSON.stringify(s.received.at(-1)).length + 64));
    for (const s of stalled) expect(s.held()).toBeLessThanOrEqual(LIVE_REPLAY_HIGH_WATER_BYTES + biggest);
    expect(stalled.every((s) => s.received.length < CHANGES)).toBe(true);
    // A stream that never drains is closed, not kept.
    const streamsBefore = pitwall.deps.live.size;
    for (const s of stalled) s.giveUp();
    await Promise.all(subscriptions);
    expect(stalled.every((s) => s.closed())).toBe(true);
    expect(pitwall.deps.live.size).toBe(streamsBefore);
    removeReader();
  }, 120_000);

  it('over HTTP: streams that never read leave the server answering and a reading client gets every change', async () => {
    await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (pitwall.app.server.address() as AddressInfo).port;
    // What this test changes during the storm is its own: a series Dana organises (created before her streams open, so
    // they follow it), whose changes reach its organiser only, not the team's streams of the other test.
    const series = (await api.post('/api/series', { name: 'Storm Cup', season: '2026', classes: ['Cup'] })).json() as { id: number };
    const cookie = await sessionCookie(pitwall, 'dana', 'paddock-2026');
    /** A stream resuming after `before` whose client never reads a byte. */
    const stalled = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port }, () => {
          socket.pause();
          socket.write(`GET /api/live HTTP/1.1\r\nHost: pitwall.test\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\nLast-Event-ID: ${before}\r\n\r\n`);
          resolve(socket);
        });
        socket.on('error', () => undefined);
        socket.once('error', reject);
      });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 200; i += 50) sockets.push(...(await Promise.all(Array.from({ length: 50 }, stalled))));
    const reader = await openLiveStream(`http://127.0.0.1:${port}`, cookie, { lastEventId: before, timeoutMs: 60_000 });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      await reader.next((m) => m.id === last);
      expect(reader.changes().filter((c) => c.type === 'SuspensionSet')).toHaveLength(CHANGES);
      // A change made during the storm reaches the reader after what it missed.
      expect((await api.post(`/api/series/${series.id}/rounds`, { name: 'Round 1', location: 'Laguna Seca', date: '2026-04-01' })).statusCode).toBe(201);
      const newest = await readPosition();
      await reader.next((m) => m.id === newest);
    } finally {
      delay.disable();
      reader.close();
      for (const socket of sockets) socket.destroy();
    }
    // Generous for a loaded machine: a replay in one synchronous loop per stream blocks far longer.
    expect(delay.max / 1e6).toBeLessThan(2_000);
  }, 120_000);
});
