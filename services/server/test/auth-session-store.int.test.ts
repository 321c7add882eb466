import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisAuthSessionStore } from '../src/identity/redis-auth-session-store.ts';
import { AUTH_SESSION_CACHE_MS, type AuthSessionStore } from '../src/identity/auth-session-store.ts';
import { createSqlAuthSessionStore, AUTH_SESSIONS_DDL } from '../src/identity/sql-auth-session-store.ts';
import { databases, openTestDatabase } from './helpers.ts';

/** One contract for every session store: the database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), Redis when TEST_REDIS_URL is set (CI). */
const adapters: { name: string; make: (now: () => number) => AuthSessionStore }[] = [];
for (const database of databases) {
  const db = await openTestDatabase(database);
  await db.exec(AUTH_SESSIONS_DDL);
  adapters.push({ name: `sql on ${database.name}`, make: (now) => createSqlAuthSessionStore(db, now) });
}
if (!process.env.TEST_REDIS_URL) console.warn('Redis session store contract skipped: TEST_REDIS_URL is not set');
if (process.env.TEST_REDIS_URL) {
  const redis = new Redis(process.env.TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const deployment = `ss${randomBytes(4).toString('hex')}`;
  afterAll(() => redis.quit());
  adapters.push({ name: 'redis', make: (now) => createRedisAuthSessionStore(redis, deployment, now) });
}

describe.each(adapters)('session store contract: $name', ({ make }) => {
  it('creates opaque, unguessable ids and finds the session by id', async () => {
    const store = make(Date.now);
    const a = await store.create(7, 60_000);
    const b = await store.create(7, 60_000);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await store.get(a)).toMatchObject({ userId: 7 });
    expect(await store.get('not-a-session')).toBeNull();
  });

  it('ends one session, or every session of a user, without touching others', async () => {
    const store = make(Date.now);
    const [a, b, other] = [await store.create(11, 60_000), await store.create(11, 60_000), await store.create(12, 60_000)];
    await store.destroy(a);
    expect(await store.get(a)).toBeNull();
    expect(await store.get(b)).not.toBeNull();
    await store.destroyAllOf(11);
    expect(await store.get(b)).toBeNull();
    expect(await store.get(other)).toMatchObject({ userId: 12 });
  });

  it('expires sessions after their lifetime', async () => {
    let clock = Date.now();
    const store = make(() => clock);
    const id = await store.create(13, 60_000);
    clock += 60_001;
    expect(await store.get(id)).toBeNull();
  });

  it(`ends sessions at once in the process that ends them, and within ${AUTH_SESSION_CACHE_MS} ms (the read cache) in the others`, async () => {
    let clock = Date.now();
    const [here, there] = [make(() => clock), make(() => clock)];
    const [a, b] = [await here.create(21, 60_000), await here.create(21, 60_000)];
    expect(await there.get(a)).toMatchObject({ userId: 21 });
    expect(await there.get(b)).toMatchObject({ userId: 21 });
    await here.get(a);
    await here.destroyAllOf(21); // deactivation
    expect(await here.get(a)).toBeNull();
    expect(await here.get(b)).toBeNull();
    // The other process read them a moment ago: it may answer from its cache until the bound…
    expect(await there.get(a)).toMatchObject({ userId: 21 });
    clock += AUTH_SESSION_CACHE_MS + 1;
    // …and not after it.
    expect(await there.get(a)).toBeNull();
    expect(await there.get(b)).toBeNull();
  });
});
