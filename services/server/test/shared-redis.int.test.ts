import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { START } from '@pitwall/eventstore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { createRedisNotifier } from '../src/notify/redis-notifier.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { setupTeam } from './helpers.ts';

/**
 * Two deployments (different DEPLOYMENT_NAME) sharing one Redis: each keeps its own sessions,
 * session indexes and rate-limit counts, so one's cookie is no sign-in at the other.
 */
const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.warn('shared-Redis deployments test skipped: TEST_REDIS_URL is not set');

describe.runIf(REDIS)('deployments sharing one Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS!, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());
  // Per test: two fresh deployments X and Y (names of their own, so their keys, users and sign-in counts start empty).
  let names: readonly [string, string];
  let blobDataDir: string | undefined;
  let x: Pitwall | undefined;
  let y: Pitwall | undefined;
  beforeEach(async () => {
    names = [`x${randomBytes(4).toString('hex')}`, `y${randomBytes(4).toString('hex')}`] as const;
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-shared-redis-'));
    [x, y] = await Promise.all(names.map((name) => createPitwall(ConfigSchema.parse({ REDIS_URL: REDIS, DEPLOYMENT_NAME: name, LOGIN_LIMIT_PER_ADDRESS: 3 }), { kind: 'memory' }, { blobDataDir })));
  });
  afterEach(async () => {
    await Promise.all([x?.close(), y?.close()]);
    if (blobDataDir) await rm(blobDataDir, { recursive: true, force: true });
    x = y = blobDataDir = undefined;
  });

  it("refuses X's cookie at Y (401), though Y has a user with the same id", async () => {
    const atX = await setupTeam(x!);
    const atY = await setupTeam(y!, { username: 'sam' });
    expect(atX.user.id).toBe(atY.user.id);
    const cookieOfX = `pitwall_session=${(await x!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dana', password: 'paddock-2026', loginType: 'admin' } })).cookies[0]!.value}`;
    expect((await x!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieOfX } })).statusCode).toBe(200);
    expect((await y!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieOfX } })).statusCode).toBe(401);
    const write = await y!.app.inject({ method: 'POST', url: '/api/cars', headers: { cookie: cookieOfX }, payload: { name: 'Intruder', makeModel: 'Mazda MX-5', year: 2022 } });
    expect(write.statusCode).toBe(401);
  });

  it("does not pass X's notifications to Y", async () => {
    const [atX, atY] = await Promise.all(names.map((name) => createRedisNotifier(redis, name)));
    try {
      const heardAtY: string[] = [];
      const ownHeard = new Promise<void>((resolve) =>
        atY!.onCaughtUp((projection) => {
          heardAtY.push(projection);
          if (projection === 'of-y') resolve();
        }),
      );
      // One publishing connection: Redis delivers in publish order, so X's would arrive before Y's own.
      await atX!.publishCaughtUp('of-x', START);
      await atY!.publishCaughtUp('of-y', START);
      await ownHeard;
      expect(heardAtY).toEqual(['of-y']);
    } finally {
      await Promise.all([atX!.close(), atY!.close()]);
    }
  });

  it("keeps every key under the deployment's name, and Y's sign-in counts apart from X's", async () => {
    const { api } = await setupTeam(x!, { username: 'kim' });
    await api.post('/api/auth/logout');
    const login = await x!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'kim', password: 'paddock-2026', loginType: 'admin' } });
    const sessionId = login.cookies[0]!.value;
    const keysWith = async (fragment: string) => (await redis.keys(`*${fragment}*`)).sort();
    expect(await keysWith(sessionId)).toEqual([`${names[0]}:session:${sessionId}`]);
    const wrong = (app: typeof x) => app!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'kim', password: 'wrong-password', loginType: 'admin' } });
    for (let i = 0; i < 3; i++) expect((await wrong(x)).statusCode).toBe(401);
    expect((await wrong(x)).statusCode).toBe(429);
    // X's failures are X's: the same address and username at Y are not limited.
    expect((await wrong(y)).statusCode).toBe(401);
    for (const name of names) {
      const keys = await redis.keys(`*${name}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((key) => key.startsWith(`${name}:`))).toBe(true);
    }
  });
});
