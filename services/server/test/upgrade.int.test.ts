import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type DatabaseChoice, type Pitwall } from '../src/composition-root.ts';
import { databases } from './helpers.ts';
import { SETUP_INHERITANCE_CHANGES } from './upgrade-v1-inheritance.ts';
import { withoutScales } from './upgrade-v1-scales.ts';

/**
 * Upgrade without loss (stored events are forever): data written by Pitwall 0.1 (main at 817a489, before
 * event versioning) — a PGlite data dir and a PostgreSQL schema, see fixtures/upgrade-v1/README.md —
 * opens with this version, which upcasts the old events and rebuilds its read models from them, and
 * answers every GET a user makes of that data exactly as 0.1 did, except where this version changed
 * the answer by design (CHANGED_BY_DESIGN, each with the rule it follows instead; the scales and
 * geometry every answer gains: withoutScales).
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/upgrade-v1');
const FIXTURE_SCHEMA = 'pitwall_upgrade_v1';

type Answers = Record<string, unknown>;

/** The fixture's track lengths read as km, written out by hand. */
const TRACK_LENGTHS_KM: Record<string, number> = { '3.602 km': 3.602, '4.06 km': 4.06, '4.307 km': 4.307 };
type RaceEventAnswer = Record<string, unknown> & { trackLength: string | null };
/** A race event answer of 0.1 with the track length read as km beside it (parts life derives distances from it). */
/** A 0.1 race event answer as this version gives it: its track length in km, one day (`endsOn` null), no series round. */
const asAnsweredNow = (e: RaceEventAnswer) => ({ ...e, trackLengthKm: e.trackLength === null ? null : TRACK_LENGTHS_KM[e.trackLength], endsOn: null, round: null });

/** URLs whose answer this version changes on purpose, with a check of the new answer against the old one. */
const CHANGED_BY_DESIGN: { pattern: RegExp; why: string; check(now: unknown, before: unknown, all: Answers, url: string): void }[] = [
  ...SETUP_INHERITANCE_CHANGES,
  {
    pattern: /^\/api\/cars\/\d+\/history\?/,
    why: "a race event's first own gear ratios, suspension or tire pressures read from the baseline values it inherited, not from nothing",
    check(now, before) {
      type Entry = { section: string; eventId: number | null; changes: { before: string | null }[] };
      const [n, b] = [now as Entry[], before as Entry[]];
      expect(n.map(({ changes: _c, ...e }) => e)).toEqual(b.map(({ changes: _c, ...e }) => e));
      n.forEach((entry, i) => {
        if (JSON.stringify(entry.changes) === JSON.stringify(b[i]!.changes)) return;
        // Only a race event's own setup entry that 0.1 read as set from nothing changes.
        expect(entry.eventId).not.toBeNull();
        expect(['gear-ratios', 'suspension', 'tire-pressures']).toContain(entry.section);
        expect(b[i]!.changes.every((c) => c.before === null)).toBe(true);
        expect(entry.changes.some((c) => c.before !== null)).toBe(true);
      });
    },
  },
  {
    pattern: /^\/api\/cars\/\d+\/checklist$/,
    why: 'checklist items gain who ticked them and when (completedBy, completedAt), from the tick; both null on an open item',
    check(now, before) {
      type Item = Record<string, unknown> & { isCompleted: boolean; updatedAt: string; completedBy: string | null; completedAt: string | null };
      const n = now as Item[];
      expect(n.map(({ completedBy: _b, completedAt: _a, ...item }) => item)).toEqual(before);
      for (const item of n) {
        // A tick is the last change of a ticked item (reopening clears it): its time is the item's last update.
        if (item.isCompleted) expect([typeof item.completedBy, item.completedAt]).toEqual(['string', item.updatedAt]);
        else expect([item.completedBy, item.completedAt]).toEqual([null, null]);
      }
    },
  },
  {
    pattern: /^\/api\/teams\/\d+\/members$/,
    why: 'members gain awaitsPassword (an account a team import created that has no password yet); false for every member 0.1 knew',
    check(now, before) {
      type Member = Record<string, unknown> & { awaitsPassword: boolean };
      const n = now as Member[];
      expect(n.map(({ awaitsPassword: _a, ...member }) => member)).toEqual(before);
      expect(n.map((m) => m.awaitsPassword)).toEqual(n.map(() => false));
    },
  },
  {
    pattern: /^\/api\/cars\/\d+\/events(\/\d+)?$/,
    why: 'race event answers gain trackLengthKm, the track length read as km (null when it cannot be read), endsOn (a 0.1 race event was one day: null) and round (none: null)',
    check(now, before) {
      expect(now).toEqual(Array.isArray(before) ? (before as RaceEventAnswer[]).map(asAnsweredNow) : asAnsweredNow(before as RaceEventAnswer));
    },
  },
];

async function openV1PGlite(work: string): Promise<DatabaseChoice> {
  const dataDir = path.join(work, 'pgdata');
  const dump = await readFile(path.join(FIXTURE, 'pglite-data.tar.gz'));
  const pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await pglite.close();
  return { kind: 'pglite', dataDir };
}

async function openV1Postgres(url: string): Promise<{ choice: DatabaseChoice; drop(): Promise<void> }> {
  const schema = `upgrade_${randomBytes(6).toString('hex')}`;
  const sql = (await readFile(path.join(FIXTURE, 'postgres.sql'), 'utf8')).replaceAll(FIXTURE_SCHEMA, schema);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // psql meta-commands (pg_dump's restrict guard) are not SQL.
  await admin.query(sql.replace(/^\\.*$/gm, ''));
  // The rows keep the transaction ids of the server that wrote them; on another cluster, move its
  // transaction counter past them, as it would be on the cluster that wrote them (readers see only
  // transactions below the oldest one still running).
  const { rows } = await admin.query<{ max: string }>(`SELECT max(transaction_id)::text AS max FROM ${schema}.events`);
  while (BigInt((await admin.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid')).rows[0]!.xid) <= BigInt(rows[0]!.max));
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    choice: { kind: 'postgres', url: u.toString() },
    async drop() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** Signs in as the demo mechanic the fixture was written by, and GETs `url` like the browser. */
async function reader(pitwall: Pitwall) {
  const login = await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'marco', password: 'torque-108nm', loginType: 'member' } });
  expect(login.statusCode).toBe(200);
  const cookie = `pitwall_session=${login.cookies.find((c) => c.name === 'pitwall_session')!.value}`;
  return async (url: string) => {
    const res = await pitwall.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: res.statusCode, json: res.body ? (JSON.parse(res.body) as unknown) : null };
  };
}

describe.each(databases)('opening data written by Pitwall 0.1 ($name)', (database) => {
  let pitwall: Pitwall;
  let before: Answers;
  let work: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pitwall-upgrade-'));
    await cp(path.join(FIXTURE, 'blobs'), path.join(work, 'blobs'), { recursive: true });
    let choice: DatabaseChoice;
    if (database.url) {
      const opened = await openV1Postgres(database.url);
      choice = opened.choice;
      drop = opened.drop;
      before = JSON.parse(await readFile(path.join(FIXTURE, 'answers-postgres.json'), 'utf8')) as Answers;
    } else {
      choice = await openV1PGlite(work);
      before = JSON.parse(await readFile(path.join(FIXTURE, 'answers-pglite.json'), 'utf8')) as Answers;
    }
    pitwall = await createPitwall(ConfigSchema.parse({ READ_YOUR_WRITES_TIMEOUT_MS: 15_000 }), choice, { blobDataDir: work });
  });
  afterAll(async () => {
    await pitwall?.close();
    await drop?.();
    await rm(work, { recursive: true, force: true });
  });

  it('keeps every stored event as it was written and reads it in the current shape', async () => {
    const { rows } = await pitwall.deps.db.query<{ n: number; unversioned: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE metadata->>'schemaVersion' IS NULL)::int AS unversioned FROM events`,
    );
    expect(rows[0]!.n).toBe(71);
    expect(rows[0]!.unversioned).toBe(rows[0]!.n);
  });

  it('answers every GET of the old data as 0.1 did (or as documented where the answer changed by design)', async () => {
    const get = await reader(pitwall);
    const urls = Object.keys(before);
    expect(urls.length).toBe(80);
    for (const url of urls) {
      const answer = await get(url);
      expect(answer.status, url).toBe(200);
      const now = { ...answer, json: withoutScales(answer.json, url) };
      const changed = CHANGED_BY_DESIGN.find((c) => c.pattern.test(url));
      if (changed) changed.check(now.json, before[url], before, url);
      else expect(now.json, url).toEqual(before[url]);
    }
  });

  it("answers the team's units of 0.1 data with the defaults, psi, °C and km", async () => {
    const get = await reader(pitwall);
    expect(await get('/api/teams/1/settings')).toEqual({ status: 200, json: { teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: { tireLaps: 8, trackTempC: 8 } } });
  });

  it('takes new changes on top of the old data', async () => {
    const login = await pitwall.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'dana', password: 'paddock-2026', loginType: 'admin' } });
    const cookie = `pitwall_session=${login.cookies.find((c) => c.name === 'pitwall_session')!.value}`;
    const res = await pitwall.app.inject({ method: 'POST', url: '/api/cars/1/checklist', headers: { cookie }, payload: { title: 'Check tire pressures after the upgrade' } });
    expect(res.statusCode).toBe(201);
    const history = await pitwall.app.inject({ method: 'GET', url: '/api/cars/1/history?limit=1', headers: { cookie } });
    expect((history.json() as { changes: { field: string }[] }[])[0]!.changes[0]!.field).toBe('Check tire pressures after the upgrade');
  });
});
