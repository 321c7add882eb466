import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { carLines, manifestFor, zipOf } from './export-files.ts';
import type { Pitwall } from '../src/composition-root.ts';
import { IMPORT_LOCK_SQL } from '../src/transfer/import-gate.ts';
import { databases, eventCount, importTeamFile, sessionCookie } from './helpers.ts';
import { givenTeam, testServer } from './scenario.ts';

/**
 * A stranger's import cannot take the server down: a zip bomb and a huge events.ndjson are refused
 * naming the limit, while memory stays bounded and the event loop keeps answering others; a
 * second import while one runs answers 429 with Retry-After. Bounds are loose enough for a loaded
 * 2-core CI runner, and far below what the unbounded reader did (GiBs of memory, an event-loop block of many seconds).
 */

const MiB = 1024 ** 2;

/** `bytes` zeros as a stream of 1 MiB chunks (never held whole). */
function zeros(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      const n = Math.min(MiB, left);
      left -= n;
      this.push(n > 0 ? Buffer.alloc(n) : null);
    },
  });
}


/** Runs `fn` and reports the longest event-loop block and the growth of RSS and heap meanwhile. */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; maxDelayMs: number; rssGrowth: number; heapGrowth: number }> {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await fn();
    return { result, maxDelayMs: delay.max / 1e6, rssGrowth: peakRss - before.rss, heapGrowth: peakHeap - before.heapUsed };
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
}

describe('team import limits', () => {
  const server = testServer({});
  let pitwall: Pitwall;
  let cookie: string;
  beforeEach(async () => {
    pitwall = server.pitwall;
    cookie = await sessionCookie(pitwall, (await givenTeam(pitwall)).username, 'paddock-2026');
  });

  it('refuses a zip bomb (512 MiB of zeros in a file under 1 MiB) naming the limit, in bounded memory', async () => {
    const events = Buffer.from('');
    const bomb = await zipOf(new Map<string, Buffer | Readable>([['events.ndjson', zeros(512 * MiB)], ['members.json', Buffer.from('[]')], ['manifest.json', manifestFor(events, 1)]]), { zlib: { level: 9 } });
    expect(bomb.length).toBeLessThan(MiB);
    const before = await eventCount(pitwall);
    const { result: res, rssGrowth } = await measured(() => importTeamFile(pitwall, cookie, bomb));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('file: This file is larger than an import takes (events.ndjson inflates more than 200 times).');
    expect(rssGrowth).toBeLessThan(256 * MiB);
    expect(await eventCount(pitwall)).toBe(before);
  }, 120_000);

  it('refuses more events than an import takes before reading them', async () => {
    const events = carLines(10);
    const file = await zipOf(new Map([['events.ndjson', events], ['members.json', Buffer.from('[]')], ['manifest.json', manifestFor(events, 600_000)]]));
    const res = await importTeamFile(pitwall, cookie, file);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('file: This file is larger than an import takes (more than 500000 events).');
  });

  it('refuses an event line beyond 1 MiB naming the limit', async () => {
    const events = Buffer.concat([Buffer.from('{"stream":"'), Buffer.from(randomBytes(1.5 * MiB).toString('hex')), Buffer.from('"}\n')]);
    const file = await zipOf(new Map([['events.ndjson', events], ['members.json', Buffer.from('[]')], ['manifest.json', manifestFor(events, 1)]]));
    const res = await importTeamFile(pitwall, cookie, file);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(`file: This file is larger than an import takes (an event longer than ${MiB} bytes).`);
  });

  it('reads a huge events.ndjson without blocking the event loop, and a second import meanwhile answers 429 with Retry-After', async () => {
    const count = 200_000;
    const events = carLines(count);
    const file = await zipOf(new Map([['events.ndjson', events], ['members.json', Buffer.from('[]')], ['manifest.json', manifestFor(events, count)]]), { zlib: { level: 1 } });
    const before = await eventCount(pitwall);
    const { result, maxDelayMs, heapGrowth } = await measured(async () => {
      const first = importTeamFile(pitwall, cookie, file);
      // The first holds the slot while it reads; the second arrives meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const second = await importTeamFile(pitwall, cookie, file);
      return { first: await first, second };
    });
    expect(result.second.statusCode).toBe(429);
    expect(result.second.headers['retry-after']).toBe('30');
    expect(result.first.statusCode).toBe(400);
    expect(result.first.json<{ message: string }>().message).toBe("file: This export is damaged: it does not hold the team's creation.");
    expect(await eventCount(pitwall)).toBe(before);
    // The unbounded reader blocked the loop for many seconds; a chunk of work here is short, but a heavily
    // loaded runner stretches any pause many times over, so the bound is the blocking's order;
    // the target itself (≤ 100 ms) is a line of `npm run bench` (section 11), measured on an idle machine.
    expect(maxDelayMs).toBeLessThan(2_000);
    expect(heapGrowth).toBeLessThan(768 * MiB);
  }, 180_000);
});

describe.runIf(databases.some((d) => d.url))('the import slot across processes (PostgreSQL)', () => {
  const server = testServer(databases.find((d) => d.url) ?? {});
  let pitwall: Pitwall;
  let cookie: string;
  beforeEach(async () => {
    pitwall = server.pitwall;
    cookie = await sessionCookie(pitwall, (await givenTeam(pitwall)).username, 'paddock-2026');
  });

  it('answers 429 with Retry-After while another process holds the slot, and imports once it is free', async () => {
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another process's import: the same advisory lock on a connection of its own.
    const other = pitwall.deps.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_SQL})`);
      locked();
      await released;
    });
    await isLocked;
    const busy = await importTeamFile(pitwall, cookie, Buffer.from('not a zip'));
    expect([busy.statusCode, busy.headers['retry-after']]).toEqual([429, '30']);
    release();
    await other;
    const free = await importTeamFile(pitwall, cookie, Buffer.from('not a zip'));
    expect([free.statusCode, free.json()]).toEqual([400, { message: 'file: This is not a Pitwall team export (it is not a readable zip file).' }]);
  });
});
