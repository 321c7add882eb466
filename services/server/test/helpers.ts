import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, formatPosition, openPgliteDatabase, openPostgresDatabase, START, type Database, type Position, type Sql } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector } from '@pitwall/read-models';
import { onServer } from '../../../bench/lib/databases.ts';
import type { Clock } from '../src/clock.ts';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type DatabaseChoice, type Pitwall } from '../src/composition-root.ts';

/**
 * The databases the API suites run on: PGlite in memory always, and real PostgreSQL when
 * TEST_DATABASE_URL is set (then it must pass, never skip). Each PostgreSQL app gets a fresh schema.
 */
if (!process.env.TEST_DATABASE_URL) console.warn('PostgreSQL API suites skipped: TEST_DATABASE_URL is not set (they run on PGlite only)');

export const databases: { name: string; url?: string }[] = [
  { name: 'pglite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/**
 * Creates a schema of its own on the PostgreSQL server at `url`; answers a URL whose search_path
 * is that schema and a `drop` that removes it. Registers no hook: for setup inside `beforeAll`,
 * where the caller's own `afterAll` drops it (a hook registered while tests run has no suite).
 */
export async function createFreshSchema(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE SCHEMA ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => onServer(url, `DROP SCHEMA ${schema} CASCADE`) };
}

/** Creates a schema of its own for one test file (dropped after it); answers a URL whose search_path is that schema. */
export async function freshSchemaUrl(url: string): Promise<string> {
  const schema = await createFreshSchema(url);
  afterAll(schema.drop);
  return schema.url;
}

/**
 * Opens an empty database of the same kind (a fresh schema on PostgreSQL); answers it and a `close`
 * that closes it and drops its schema. Registers no hook: the caller chooses when it goes.
 */
export async function openEmptyDatabase(database: { url?: string }): Promise<{ db: Database; close: () => Promise<void> }> {
  const schema = database.url ? await createFreshSchema(database.url) : undefined;
  const db = schema ? await openPostgresDatabase(schema.url) : await openPgliteDatabase(undefined);
  return {
    db,
    close: async () => {
      await db.close();
      await schema?.drop();
    },
  };
}

/** Opens an empty database of the same kind (a fresh schema on PostgreSQL), closed after the file. */
export async function openTestDatabase(database: { url?: string }): Promise<Database> {
  const { db, close } = await openEmptyDatabase(database);
  afterAll(close);
  return db;
}

/**
 * Builds a Pitwall app for a test file on the named database; closes it after the file. `env`
 * adds configuration variables (as the process environment would, e.g. `{ TRUST_PROXY: 'loopback' }`).
 */
export async function buildTestPitwall(database: { url?: string }, options: TestPitwallOptions = {}): Promise<Pitwall> {
  const { pitwall, close } = await startTestPitwall(database, options);
  afterAll(close);
  return pitwall;
}

/** What a test Pitwall may be given: a clock, and configuration variables as the process environment would set them. */
export type TestPitwallOptions = { clock?: Clock; env?: Record<string, string> };

/**
 * Starts a Pitwall app as buildTestPitwall does, but registers no hook: answers the app and a
 * `close` that closes it, removes its blob directory and drops its PostgreSQL schema. For a
 * server built in `beforeAll` and closed by the caller's `afterAll` (see scenario.ts testServer).
 */
export async function startTestPitwall(database: { url?: string }, options: TestPitwallOptions = {}): Promise<{ pitwall: Pitwall; close: () => Promise<void> }> {
  const schema = database.url ? await createFreshSchema(database.url) : undefined;
  const choice: DatabaseChoice = schema ? { kind: 'postgres', url: schema.url } : { kind: 'memory' };
  const blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-test-'));
  // Generous read-your-writes wait: a loaded CI machine must not turn a slow projection into a failure.
  const { env, ...pitwallOptions } = options;
  const pitwall = await createPitwall(ConfigSchema.parse({ READ_YOUR_WRITES_TIMEOUT_MS: 15_000, ...env }), choice, { blobDataDir, ...pitwallOptions });
  const close = async () => {
    await pitwall.close();
    await rm(blobDataDir, { recursive: true, force: true });
    await schema?.drop();
  };
  return { pitwall, close };
}

/** A clock that stands still until moved: every request made meanwhile happens at the same instant. */
export function manualClock(start: string): Clock & { set(iso: string): void } {
  let now = new Date(start);
  return { now: () => new Date(now), set: (iso) => (now = new Date(iso)) };
}

/** A tiny API client over `app.inject` that keeps the session cookie like a browser. */
export function client(pitwall: Pitwall) {
  let cookie: string | undefined;
  async function call(method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await pitwall.app.inject({
      method,
      url,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const set = res.cookies.find((c) => c.name === 'pitwall_session');
    if (set) cookie = set.value ? `pitwall_session=${set.value}` : undefined;
    return res;
  }
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    head: (url: string, headers?: Record<string, string>) => call('HEAD', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body, headers),
    put: (url: string, body: unknown, headers?: Record<string, string>) => call('PUT', url, body, headers),
    patch: (url: string, body: unknown, headers?: Record<string, string>) => call('PATCH', url, body, headers),
    delete: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    signOut: () => {
      cookie = undefined;
    },
  };
}

/** Number of events in the store: proof that a refused request appended nothing. */
export async function eventCount(pitwall: Pitwall): Promise<number> {
  const { rows } = await pitwall.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
  return rows[0]!.n;
}

/**
 * The position of the last event stored, whether or not readers see it yet. The store's
 * `headPosition` (and `readAll`) stop below the oldest transaction still open anywhere in the
 * PostgreSQL cluster, such as another test file's in its own schema, so a test comparing with what
 * it just appended, or waiting for the projector to reach it, takes the position from here.
 * START when the store is empty.
 */
export async function lastStoredPosition(db: Sql): Promise<Position> {
  const { rows } = await db.query<{ commit: string; prepare: string }>('SELECT transaction_id::text AS commit, global_position::text AS prepare FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1');
  const row = rows[0];
  return row === undefined ? START : { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
}

/**
 * Applies every stored event with `projector` (a rebuild into a database of its own, say): its
 * catch-up, again until it has reached the last event stored in `eventsDb` as this is called (see
 * {@link lastStoredPosition}: one catch-up stops below a transaction still open elsewhere in the
 * cluster). Rejects after `timeoutMs` (ms) naming both positions.
 */
export async function catchUpToLast(projector: Projector, eventsDb: Sql, timeoutMs = 30_000): Promise<void> {
  const last = await lastStoredPosition(eventsDb);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await projector.catchUp();
    if (comparePositions(projector.position, last) >= 0) return;
    if (Date.now() > deadline) throw new Error(`the catch-up stopped at ${formatPosition(projector.position)}; the last event stored is at ${formatPosition(last)}`);
    await sleep(20);
  }
}

/**
 * The read models of every event `pitwall` has stored, built into `target` (an empty database of
 * its own: migrated here) by a projector of its own reading `batchSize` events at a time: a rebuild
 * to compare with the live read models (catchUpToLast).
 */
export async function rebuildReadModels(pitwall: Pitwall, target: Database, batchSize: number): Promise<void> {
  await migrateReadModels(target, allProjections);
  await catchUpToLast(new Projector({ store: pitwall.deps.store, db: target, projections: allProjections, batchSize }), pitwall.deps.db);
}

/** The demo season's owner, used as the default team setup. */
export const DANA = { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' };

/** Sets up a team with a unique username derived from `base`; answers the signed-in client and the user. */
export async function setupTeam(pitwall: Pitwall, overrides: Partial<typeof DANA> = {}) {
  const api = client(pitwall);
  const res = await api.post('/api/auth/setup-team', { ...DANA, ...overrides });
  if (res.statusCode !== 201) throw new Error(`setup-team failed: ${res.statusCode} ${res.body}`);
  return { api, user: res.json() as { id: number; teams: { teamId: number }[] } };
}

export const MX5 = { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, engine: '2.0 L Skyactiv-G I4', transmission: '6-speed manual', weight: '1062 kg', power: '181 hp', color: '#c8102e', carClass: 'Other' };

/** Sends `bytes` as multipart field `field` to POST /api/upload with the given session cookie. */
export async function uploadImage(pitwall: Pitwall, cookie: string, bytes: Buffer | string, type = 'image/jpeg', field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), 'photo.jpg');
  const body = new Response(form);
  return pitwall.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { cookie, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}

/** A session cookie header for a fresh login (admin login type). */
export async function sessionCookie(pitwall: Pitwall, username: string, password: string): Promise<string> {
  const res = await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, loginType: 'admin' } });
  return `pitwall_session=${res.cookies[0]!.value}`;
}

/** Sends `bytes` as multipart field `field` to POST /api/teams/import as the signed-in `cookie` (a team export file). */
export async function importTeamFile(pitwall: Pitwall, cookie: string, bytes: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'team.zip');
  const body = new Response(form);
  return pitwall.app.inject({ method: 'POST', url: '/api/teams/import', headers: { cookie, 'content-type': body.headers.get('content-type')! }, payload: Buffer.from(await body.arrayBuffer()) });
}
