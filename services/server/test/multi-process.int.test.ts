import { EVENT_SCHEMAS } from '@pitwall/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import getPort from 'get-port';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, openPostgresDatabase, type Database } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector } from '@pitwall/read-models';
import { changeOf, openLiveStream } from './live-stream.ts';
import { catchUpToLast, lastStoredPosition } from './helpers.ts';

/**
 * The distributed topology as separate processes: command ×2, query ×2, projector ×2
 * and the gateway, against the real PostgreSQL and Redis of TEST_DATABASE_URL / TEST_REDIS_URL.
 */
const DATABASE = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
if (!DATABASE || !REDIS) console.warn('multi-process topology test skipped: it needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both)');

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** A short lease, so a take-over is seconds away; shorter than the command's read-your-writes wait (5 s) for the frozen-projector test. */
const PROJECTOR_ENV = { PROJECTOR_LEASE_TTL_MS: '4000' };
const QUERY_ENV = { READY_LAG_DEGRADED_MS: '1000' };

describe.skipIf(!DATABASE || !REDIS)('multi-process topology through the gateway', () => {
  const schema = `mp_${randomBytes(5).toString('hex')}`;
  const procs: Proc[] = [];
  let databaseUrl = '';
  let gateway = '';
  let db: Database;
  let cookie = '';

  async function start(name: string, role: string, env: Record<string, string> = {}): Promise<Proc> {
    const port = await getPort({ host: '127.0.0.1' });
    const child = spawn(process.execPath, ['--import', 'tsx', `services/server/src/roles/${role}.ts`], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: REDIS!, DEPLOYMENT_NAME: schema, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const proc = { name, url: `http://127.0.0.1:${port}`, child, output: () => output };
    procs.push(proc);
    return proc;
  }

  async function healthy(proc: Proc): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
      if (await fetch(`${proc.url}/healthz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${proc.name} not healthy in time:\n${proc.output()}`);
  }

  async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${gateway}${url}`, {
      method,
      headers: { ...headers, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
  }

  const activeProjector = async () => {
    for (const p of procs.filter((p) => p.name.startsWith('projector') && p.child.exitCode === null && p.child.signalCode === null)) {
      const ready = await fetch(`${p.url}/readyz`).then((r) => r.json() as Promise<{ active: boolean }>, () => ({ active: false }));
      if (ready.active) return p;
    }
    return null;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const u = new URL(DATABASE!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
    db = await openPostgresDatabase(databaseUrl);
    // The first process migrates; the others start in parallel once the schema exists.
    const first = await start('command-1', 'command');
    await healthy(first);
    const rest = await Promise.all([start('command-2', 'command'), start('query-1', 'query', QUERY_ENV), start('query-2', 'query', QUERY_ENV), start('projector-1', 'projector', PROJECTOR_ENV), start('projector-2', 'projector', PROJECTOR_ENV)]);
    await Promise.all(rest.map(healthy));
    const commands = procs.filter((p) => p.name.startsWith('command')).map((p) => p.url).join(',');
    const queries = procs.filter((p) => p.name.startsWith('query')).map((p) => p.url).join(',');
    const gw = await start('gateway', 'gateway', { COMMAND_URLS: commands, QUERY_URLS: queries });
    await healthy(gw);
    gateway = gw.url;
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await db?.close();
    const admin = new pg.Client({ connectionString: DATABASE });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('exactly one projector holds the lease', async () => {
    // A projector answers /healthz before it first tries the lease: wait until one has taken it.
    const deadline = Date.now() + 15_000;
    while (!(await activeProjector()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const states = await Promise.all(procs.filter((p) => p.name.startsWith('projector')).map((p) => fetch(`${p.url}/readyz`).then((r) => r.json() as Promise<{ active: boolean }>)));
    expect(states.filter((s) => s.active)).toHaveLength(1);
  });

  it('runs the feature flows through the gateway with read-your-writes on every instance', async () => {
    expect((await api('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' })).status).toBe(201);
    const car = (await api('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022 })).json as { id: number };
    for (let i = 0; i < 4; i++) {
      await api('PUT', `/api/cars/${car.id}/gear-ratios`, [{ name: '1st', ratio: `5.0${i}` }, { name: 'Final Drive', ratio: '2.866' }]);
      // Two query instances behind the gateway: whichever answers must already show the save.
      expect(((await api('GET', `/api/cars/${car.id}/gear-ratios`)).json as { ratio: string }[])[0]!.ratio).toBe(`5.0${i}`);
    }
    const raceEvent = (await api('POST', `/api/cars/${car.id}/events`, { name: 'Spring Sprint Round 1', location: 'Laguna Seca', date: '2026-03-21' })).json as { id: number };
    expect((await api('PATCH', `/api/cars/${car.id}/events/${raceEvent.id}`, { finalDriveRatio: '2.866' })).json).toMatchObject({ finalDriveRatio: '2.866' });
    const issue = (await api('POST', `/api/cars/${car.id}/issues`, { eventId: raceEvent.id, title: 'Brake pedal goes long', description: 'Pedal travel grows' })).json as { id: number };
    for (const status of ['in-progress', 'resolved', 'open']) {
      await api('PATCH', `/api/cars/${car.id}/issues/${issue.id}`, { status });
      expect(((await api('GET', `/api/cars/${car.id}/events/${raceEvent.id}/issues`)).json as { status: string }[])[0]!.status).toBe(status);
    }
    expect((await api('POST', '/api/auth/login', { username: 'dana', password: 'paddock-2026', loginType: 'admin' })).status).toBe(200);
    expect((await api('GET', '/api/auth/user')).json).toMatchObject({ username: 'dana' });
  });

  it('pushes a change saved through a command instance to live streams on every query instance, through the gateway unbuffered', async () => {
    const car = ((await api('GET', '/api/cars')).json as { id: number }[])[0]!;
    const queries = procs.filter((p) => p.name.startsWith('query'));
    // Two through the gateway (it alternates the query instances) and one on each instance directly.
    const streams = await Promise.all([gateway, gateway, ...queries.map((q) => q.url)].map((base) => openLiveStream(base, cookie)));
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200, 200]);
    expect((await api('PUT', `/api/cars/${car.id}/suspension`, { frontCamber: '-3.4°' })).status).toBe(200);
    const seen = await Promise.all(streams.map((s) => s.next(changeOf('SuspensionSet', { carId: car.id }))));
    expect(new Set(seen.map((m) => m.id)).size, 'the same change, with the same id everywhere').toBe(1);
    for (const s of streams) s.close();
  });

  it("accepts a write with the browser's Origin through the gateway, and no site a client names in X-Forwarded-Host", async () => {
    const login = { username: 'dana', password: 'paddock-2026', loginType: 'admin' };
    expect((await api('POST', '/api/auth/login', login, { origin: gateway })).status).toBe(200);
    // The gateway is the edge: it replaces the client's X-Forwarded-Host with the Host it was sent to.
    const forged = await api('POST', '/api/auth/login', login, { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' });
    expect([forged.status, forged.json]).toEqual([403, { message: 'Request refused: it came from another site' }]);
  });

  it('answers ETags from the query side and a stale If-Match with 412 from the command side, appending nothing', async () => {
    const car = ((await api('GET', '/api/cars')).json as { id: number }[])[0]!;
    const suspension = `/api/cars/${car.id}/suspension`;
    const shown = await api('GET', suspension);
    expect(shown.etag).toMatch(new RegExp(`^"car-${car.id}\\.\\d+"$`));
    expect((await api('GET', suspension, undefined, { 'if-none-match': shown.etag! })).status).toBe(304);
    const saved = await api('PUT', suspension, { frontCamber: '-2.8°' }, { 'if-match': shown.etag! });
    expect(saved.status).toBe(200);
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    const before = await count();
    const refused = await api('PUT', suspension, { frontCamber: '-3.0°' }, { 'if-match': shown.etag! });
    const current = await api('GET', suspension);
    expect([refused.status, refused.json, refused.etag]).toEqual([412, current.json, current.etag]);
    expect(current.etag).toBe(saved.etag);
    expect(current.json).toMatchObject({ frontCamber: '-2.8°' });
    expect(await count()).toBe(before);
  });

  it('survives killing the active projector mid-stream: the read models equal a rebuild from zero', async () => {
    const car = ((await api('GET', '/api/cars')).json as { id: number }[])[0]!;
    const first = await activeProjector();
    expect(first).not.toBeNull();
    const burst = Array.from({ length: 30 }, (_, i) => api('POST', `/api/cars/${car.id}/checklist`, { title: `Check ${i}` }));
    setTimeout(() => first!.child.kill('SIGKILL'), 50);
    const results = await Promise.all(burst);
    // Thirty writers on ONE car: each is saved (201) or, past the retries, refused whole (409).
    expect(results.filter((r) => r.status !== 201 && r.status !== 409), 'unexpected answers').toEqual([]);
    const saved = results.filter((r) => r.status === 201).length;
    expect(saved).toBeGreaterThan(0);
    // The standby takes over and catches up.
    const deadline = Date.now() + 30_000;
    let next = await activeProjector();
    while (!next && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      next = await activeProjector();
    }
    expect(next?.name).not.toBe(first!.name);
    const head = await lastStoredPosition(db);
    for (;;) {
      const { rows } = await db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = 'read-models'`);
      if (rows[0]?.position === `${head.commit}/${head.prepare}`) break;
      if (Date.now() > deadline) throw new Error(`projector did not catch up: ${rows[0]?.position} vs head`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(((await api('GET', `/api/cars/${car.id}/checklist`)).json as unknown[]).length).toBe(saved);
    // Rebuild from zero into a fresh schema and compare every table.
    const rebuildSchema = `${schema}_rb`;
    await db.exec(`CREATE SCHEMA ${rebuildSchema}`);
    const u = new URL(databaseUrl);
    u.searchParams.set('options', `-c search_path=${rebuildSchema}`);
    const target = await openPostgresDatabase(u.toString());
    try {
      await migrateReadModels(target, allProjections);
      await catchUpToLast(new Projector({ store: createPostgresEventStore(db, { schemas: EVENT_SCHEMAS }), db: target, projections: allProjections }), db);
      for (const table of allProjections.flatMap((p) => p.tables)) {
        const [live, rebuilt] = await Promise.all([db.query(`SELECT * FROM ${table} ORDER BY 1`), target.query(`SELECT * FROM ${table} ORDER BY 1`)]);
        expect(live.rows, table).toEqual(rebuilt.rows);
      }
    } finally {
      await target.close();
      await db.exec(`DROP SCHEMA ${rebuildSchema} CASCADE`);
    }
  });

  it('notices a frozen projector: a write answers 202 with its position, /readyz reports the lag, a standby takes over and the frozen one exits when it wakes', async () => {
    const standby = await start('projector-3', 'projector', PROJECTOR_ENV);
    await healthy(standby);
    const frozen = (await activeProjector())!;
    expect(frozen.name).not.toBe(standby.name);
    const car = ((await api('GET', '/api/cars')).json as { id: number }[])[0]!;
    const before = ((await api('GET', `/api/cars/${car.id}/checklist`)).json as unknown[]).length;
    // Both frozen first, so nothing projects until the test lets the standby go.
    standby.child.kill('SIGSTOP');
    frozen.child.kill('SIGSTOP');
    try {
      const saved = await api('POST', `/api/cars/${car.id}/checklist`, { title: 'Torque the wheel nuts' });
      expect(saved.status).toBe(202);
      expect(saved.json).toMatchObject({ status: 'accepted', position: expect.stringMatching(/^\d+\/\d+$/) });
      // The lease has run out by now (its TTL is 4 s; the write waited 5 s): both lines.
      await new Promise((r) => setTimeout(r, 500));
      const behind = (await (await fetch(`${procs.find((p) => p.name === 'query-1')!.url}/readyz`)).json()) as { status: string; lagMs: number; degraded: string[] };
      expect(behind.status).toBe('ready');
      expect(behind.lagMs).toBeGreaterThan(1000);
      expect(behind.degraded).toEqual(expect.arrayContaining([expect.stringMatching(/^projection: .* behind the event store$/), expect.stringMatching(/^projector: no heartbeat for /)]));

      standby.child.kill('SIGCONT');
      const deadline = Date.now() + 30_000;
      while (((await api('GET', `/api/cars/${car.id}/checklist`)).json as unknown[]).length === before) {
        if (Date.now() > deadline) throw new Error(`the standby did not take over:\n${standby.output()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // (activeProjector would ask the frozen one too, which never answers.)
      expect(((await (await fetch(`${standby.url}/readyz`)).json()) as { active: boolean }).active).toBe(true);
      const caughtUp = (await (await fetch(`${procs.find((p) => p.name === 'query-1')!.url}/readyz`)).json()) as { lagMs: number; degraded: string[] };
      expect(caughtUp).toMatchObject({ lagMs: 0, degraded: [] });
    } finally {
      standby.child.kill('SIGCONT');
      const exited = new Promise<number | null>((resolve) => frozen.child.once('exit', (code) => resolve(code)));
      frozen.child.kill('SIGCONT');
      // It wakes up, finds its lease taken over at its next heartbeat, and exits rather than project on.
      expect(await exited).toBe(1);
      expect(frozen.output()).toContain('projector lease taken over by another instance; exiting');
    }
  }, 90_000);

  it('rebuilds the read models into shadow tables while the query API keeps serving, then shows no lag', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'services/server/src/roles/projections-cli.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const rebuilding = run(['rebuild']);
    const reads: { status: number; json: unknown }[] = [];
    let finished = false;
    void rebuilding.then(() => (finished = true));
    while (!finished) reads.push(await api('GET', '/api/cars'));
    const result = await rebuilding;
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/100% \d+\/\d+ events/);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.status !== 200), 'reads during the rebuild').toEqual([]);
    const after = await run(['status']);
    expect(after.output).toMatch(/read-models: checkpoint \S+, lag 0 event\(s\)/);
    expect(((await api('GET', '/api/cars')).json as unknown[]).length).toBe(1);
  });

  it('answers a repeated Idempotency-Key with the first answer from whichever command instance gets it, appending once', async () => {
    const car = ((await api('GET', '/api/cars')).json as { id: number }[])[0]!;
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    const before = await count();
    const key = { 'idempotency-key': `write-queue-${car.id}-checklist-add` };
    // The gateway spreads changes over both command instances: the repeats reach the other one too.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api('POST', `/api/cars/${car.id}/checklist`, { title: 'Torque wheel nuts' }, key));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.json))).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
