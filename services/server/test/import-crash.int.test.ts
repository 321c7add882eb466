import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, removeDataDir, startPitwall, type PitwallProcess } from '../../../e2e/support/server.ts';
import { openPgliteDatabase, openPostgresDatabase } from '@pitwall/eventstore';
import { pgliteDataDir } from '../src/embedded-database.ts';
import { withEvents } from './export-files.ts';
import { createFreshSchema, databases, MX5, setupTeam, startTestPitwall } from './helpers.ts';

/** Cars in the export: enough that the import is still writing when the process is killed. */
const CARS = 2000;

/** /healthz checks (2 s each) in a row that must go unanswered before the PGlite server counts as stalled. */
const FROZEN_CHECKS = 5;

/**
 * A team import is all or nothing across a crash: the process killed (SIGKILL) while it writes a
 * large team, the restarted server shows nothing of that team to anyone, has taken back the
 * accounts it made (their usernames free again), and the same file then imports whole.
 */
describe.each(databases)('a team import killed mid-way, on $name', { timeout: 240_000 }, (database) => {
  let exported: Buffer;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let dropSchema: (() => Promise<void>) | undefined;
  let server: PitwallProcess | undefined;

  beforeAll(async () => {
    // The export: a team with a member and CARS cars (one car's stream copied, as a writer of the format could).
    const source = await startTestPitwall({});
    try {
      const { api: dana, user } = await setupTeam(source.pitwall);
      const sourceTeam = user.teams[0]!.teamId;
      await dana.post(`/api/teams/${sourceTeam}/members`, { username: 'marco', password: 'torque-108nm', firstName: 'Marco', role: 'mechanic', memberColor: '#ff6600' });
      const car = (await dana.post('/api/cars', MX5)).json() as { id: number };
      exported = await withEvents((await dana.get(`/api/teams/${sourceTeam}/export`)).rawPayload, (lines) => {
        const carLines = lines.filter((l) => (JSON.parse(l) as { stream: string }).stream === `car-${car.id}`);
        const copies = Array.from({ length: CARS - 1 }, (_, i) =>
          carLines.map((line) => {
            const event = JSON.parse(line) as { stream: string; id: string; data: { carId: number; details?: { name: string } } };
            const carId = 100_000 + i;
            return JSON.stringify({ ...event, stream: `car-${carId}`, id: randomUUID(), data: { ...event.data, carId, ...(event.data.details ? { details: { ...event.data.details, name: `Car ${i + 2}` } } : {}) } });
          }),
        );
        return [...lines, ...copies.flat()];
      });
    } finally {
      await source.close();
    }

    dataDir = await makeDataDir();
    const schema = database.url ? await createFreshSchema(database.url) : undefined;
    dropSchema = schema?.drop;
    env = schema ? { DATABASE_URL: schema.url } : {};
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    if (dataDir) await removeDataDir(dataDir);
    await dropSchema?.();
  });

  /** Runs `sql` on the server's database while no server holds it (PGlite) or beside it (PostgreSQL). */
  const onDatabase = async (sql: string, many = false) => {
    const db = env.DATABASE_URL ? await openPostgresDatabase(env.DATABASE_URL) : await openPgliteDatabase(pgliteDataDir(dataDir));
    try {
      if (many) return void (await db.exec(sql));
      return (await db.query(sql)).rows;
    } finally {
      await db.close();
    }
  };

  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server!.url}${url}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
  };
  const importFile = () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(exported)], { type: 'application/zip' }), 'team.zip');
    return fetch(`${server!.url}/api/teams/import`, { method: 'POST', headers: { cookie }, body: form });
  };
  const teamNames = async () => ((await call('GET', '/api/teams')).json as { name: string }[]).map((t) => t.name);

  /**
   * Where the process dies: the store stalls (pg_sleep) on the car after the 500th, until no import
   * was ever taken back; the test kills the server while it waits there. PGlite runs in the
   * server's own thread, so there the whole server stalls: stalled once /healthz has not answered
   * for FROZEN_CHECKS checks of 2 s in a row (a busy import batch can hold the thread 2 s on a
   * loaded machine, never the 10 s the stall does).
   */
  const CRASH_POINT = `
    CREATE FUNCTION crash_point() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM events WHERE type = 'TeamImportAbandoned') AND (SELECT count(*) FROM events WHERE type = 'CarCreated') >= 500 THEN
        PERFORM pg_sleep(60);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER crash_point BEFORE INSERT ON events FOR EACH ROW WHEN (NEW.type = 'CarCreated') EXECUTE FUNCTION crash_point();`;
  const stalled = async (): Promise<boolean> => {
    if (env.DATABASE_URL) return ((await onDatabase(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE '%events%'`)) ?? []).length > 0;
    for (let check = 0; check < FROZEN_CHECKS; check++) {
      if (await fetch(`${server!.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false)) return false;
    }
    return true;
  };

  it('shows nothing of the team after a restart, takes back its accounts, and imports whole again', async () => {
    server = await startPitwall({ dataDir, env });
    expect((await call('POST', '/api/auth/setup-team', { teamName: 'Rosa Racing', ownerName: 'Rosa Diaz', email: 'rosa@example.com', username: 'rosa', password: 'paddock-2026' })).status).toBe(201);
    if (!env.DATABASE_URL) await server.stop();
    await onDatabase(CRASH_POINT, true);
    if (!env.DATABASE_URL) server = await startPitwall({ dataDir, env });

    const interrupted = importFile().catch(() => null);
    const deadline = Date.now() + 120_000;
    while (!(await stalled())) {
      if (Date.now() > deadline) throw new Error(`the import did not reach the crash point:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.kill();
    expect(await interrupted).toBeNull();
    // The stalled statement's backend outlives its client on PostgreSQL: end it, as the server's death would in time.
    if (env.DATABASE_URL) await onDatabase(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE '%events%'`);
    expect((await onDatabase(`SELECT count(*)::int AS n FROM events WHERE type = 'CarCreated'`))?.[0]).toEqual({ n: 500 });

    server = await startPitwall({ dataDir, env });
    expect(server.output()).toContain('team imports left unfinished by a stopped process were taken back');
    expect((await call('POST', '/api/auth/login', { username: 'rosa', password: 'paddock-2026', loginType: 'admin' })).status).toBe(200);
    expect(await teamNames()).toEqual(['Rosa Racing']);
    expect((await call('GET', '/api/cars')).json).toEqual([]);

    const again = await importFile();
    expect(again.status, await again.clone().text()).toBe(201);
    // The usernames of the accounts taken back are free again.
    expect(((await again.json()) as { renamedMembers: unknown[] }).renamedMembers).toEqual([]);
    expect(await teamNames()).toEqual(['Rosa Racing', 'Apex Garage Racing']);
    expect(((await call('GET', '/api/cars')).json as unknown[]).length).toBe(CARS);
  });
});
