import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { client, DANA, eventCount, setupTeam } from './helpers.ts';

/**
 * Sign-in and team-setup limits: one contract, in-process always and on Redis when TEST_REDIS_URL
 * is set — there two processes (two app instances) share the counts, as command instances do.
 * Requests come from 127.0.0.1 unless a test gives its own client addresses.
 */
const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.warn('Redis rate-limit contract skipped: TEST_REDIS_URL is not set');

const adapters = [{ name: 'in-process', redisUrl: undefined as string | undefined }, ...(REDIS ? [{ name: 'redis', redisUrl: REDIS }] : [])];

/**
 * The instances of one describe share their limits (one deployment): each test uses usernames and
 * client addresses of its own (127.0.0.1's failures stay under its limit of 12 whatever runs), so
 * every test passes alone and in any order.
 */
describe.each(adapters)('login rate limit ($name)', ({ redisUrl }) => {
  const instances: Pitwall[] = [];
  let blobDataDir: string | undefined;
  beforeAll(async () => {
    const deployment = `rl${randomBytes(4).toString('hex')}`;
    const config = ConfigSchema.parse({ REDIS_URL: redisUrl, DEPLOYMENT_NAME: deployment, LOGIN_LIMIT_PER_USERNAME: 4, LOGIN_LIMIT_PER_ADDRESS: 12, LOGIN_LIMIT_PER_USERNAME_PER_MINUTE: 6, TEAM_SETUP_LIMIT_PER_ADDRESS: 3 });
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-rl-'));
    const start = () => createPitwall(config, { kind: 'memory' }, { blobDataDir });
    instances.push(await start());
    if (redisUrl) instances.push(await start());
  });
  afterAll(async () => {
    await Promise.all(instances.map((p) => p.close()));
    if (blobDataDir) await rm(blobDataDir, { recursive: true, force: true });
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
    // Once the limit is reached even the right password waits there (it would otherwise be a free oracle).
    expect((await signIn(DANA.password)).statusCode).toBe(429);
  });

  /** A sign-in as `username` from the client address `from`, through instance `i`. */
  const signInFrom = (from: string, username: string, password: string, i = 0) =>
    instances[i % instances.length]!.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { username, password, loginType: 'admin' } });

  it("never locks the real user out: a guesser's failures hold back only the addresses that failed, and only for a minute once spread over many", async () => {
    await setupTeam(instances[0]!, { username: 'ana' });
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push((await signInFrom('10.0.0.1', 'ana', 'guess-1234', i)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 429]);
    // Another address of the guesser: two more failures make six for 'ana' this minute (the limit)…
    expect((await signInFrom('10.0.0.2', 'ana', 'guess-5678')).statusCode).toBe(401);
    expect((await signInFrom('10.0.0.2', 'ana', 'guess-9012', 1)).statusCode).toBe(401);
    // …so the addresses that failed for 'ana' wait out the minute, the right password too.
    const heldBack = await signInFrom('10.0.0.2', 'ana', DANA.password);
    expect(heldBack.statusCode).toBe(429);
    expect(heldBack.json().message).toBe('Too many login attempts. Please wait 1 minute(s) and try again.');
    expect(Number(heldBack.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(heldBack.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Ana on her own phone, which never failed, signs in at once.
    const own = await signInFrom('10.0.0.9', 'ana', DANA.password);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ username: 'ana' });
  });

  it('refuses an address after its failures over many usernames, while other addresses go on', async () => {
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push((await signInFrom('10.2.0.1', `user-${i}`, 'guess-1234', i)).statusCode);
    expect(answers).toEqual([...Array(12).fill(401), 429]);
    expect((await signInFrom('10.2.0.1', 'someone-new', 'guess-1234')).statusCode).toBe(429);
    expect((await signInFrom('10.2.0.2', 'someone-new', 'guess-1234')).statusCode).toBe(401);
  });

  it('limits team setups per address, a taken username counting like any other, and appends nothing for a refused one', async () => {
    const setupFrom = (from: string, username: string, i = 0) =>
      instances[i % instances.length]!.app.inject({ method: 'POST', url: '/api/auth/setup-team', remoteAddress: from, payload: { ...DANA, username } });
    expect((await setupFrom('10.3.0.1', 'first-owner')).statusCode).toBe(201);
    const taken = await setupFrom('10.3.0.1', 'first-owner');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Username is already taken');
    // (With Redis, the other instance shares the count; each instance has a database of its own here.)
    expect((await setupFrom('10.3.0.1', 'second-owner', 1)).statusCode).toBe(201);
    const events = await eventCount(instances[1 % instances.length]!);
    const refused = await setupFrom('10.3.0.1', 'third-owner', 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many team setups from this address. Please wait 60 minute(s) and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Enumeration is limited too: the refused address learns nothing about 'first-owner' now.
    expect((await setupFrom('10.3.0.1', 'first-owner')).statusCode).toBe(429);
    expect(await eventCount(instances[1 % instances.length]!)).toBe(events);
    expect((await setupFrom('10.3.0.2', 'third-owner', 1)).statusCode).toBe(201);
  });
});
