import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/pitwall.ts';
import { client, DANA, setupTeam } from './helpers.ts';

/**
 * Login rate limits: one contract, in-process always and on Redis when TEST_REDIS_URL is set —
 * there two processes (two app instances) share the counts, as command instances do.
 */
const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.warn('Redis rate-limit contract skipped: TEST_REDIS_URL is not set');

const adapters = [{ name: 'in-process', redisUrl: undefined as string | undefined }, ...(REDIS ? [{ name: 'redis', redisUrl: REDIS }] : [])];

describe.each(adapters)('login rate limit ($name)', async ({ redisUrl }) => {
  const deployment = `rl${randomBytes(4).toString('hex')}`;
  const config = ConfigSchema.parse({ REDIS_URL: redisUrl, DEPLOYMENT_NAME: deployment, LOGIN_LIMIT_PER_USERNAME: 4, LOGIN_LIMIT_PER_ADDRESS: 100 });
  const blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-rl-'));
  const start = () => createPitwall(config, { kind: 'memory' }, { blobDataDir });
  const instances: Pitwall[] = [await start(), ...(redisUrl ? [await start()] : [])];
  afterAll(async () => {
    await Promise.all(instances.map((p) => p.close()));
    await rm(blobDataDir, { recursive: true, force: true });
  });
  const attempt = (i: number) => client(instances[i % instances.length]!).post('/api/auth/login', { username: 'nobody', password: 'wrong-password', loginType: 'member' });

  it('refuses the attempt after the limit with 429 and a clear message; other usernames are unaffected', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const refused = await attempt(5);
    expect(refused.json().message).toMatch(/^Too many login attempts\. Please wait \d+ minute\(s\) and try again\.$/);
    const other = await client(instances[0]!).post('/api/auth/login', { username: 'someone-else', password: 'wrong-password', loginType: 'member' });
    expect(other.statusCode).toBe(401);
  });

  it('counts only failed sign-ins: 12 successful sign-ins of one user all succeed, then failures are still limited', async () => {
    await setupTeam(instances[0]!, { username: 'often' });
    const signIn = (password: string, i = 0) => client(instances[i % instances.length]!).post('/api/auth/login', { username: 'often', password, loginType: 'admin' });
    const successes = [];
    for (let i = 0; i < 12; i++) successes.push((await signIn(DANA.password)).statusCode);
    expect(successes).toEqual(Array(12).fill(200));
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push((await signIn('wrong-password', i)).statusCode);
    expect(failures).toEqual([401, 401, 401, 401, 429]);
    // Once the limit is reached even the right password waits (it would otherwise be a free oracle).
    expect((await signIn(DANA.password)).statusCode).toBe(429);
  });
});
