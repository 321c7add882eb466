import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema, REPO_ROOT } from '../src/config.ts';
import { pgliteDataDir } from '../src/embedded-database.ts';
import { createPitwall, type DatabaseChoice } from '../src/composition-root.ts';
import { importSeason } from '../src/seed/import-season.ts';
import { loadSeasonFile } from '../src/seed/season-file.ts';
import { openEndpoint } from '../src/transfer/endpoints.ts';
import { copyIsComplete } from '../src/transfer/migrate.ts';
import { migrateInstance } from '../src/transfer/migrate-instance.ts';
import { client, freshSchemaUrl, sessionCookie, uploadImage } from './helpers.ts';
import { teamResources } from './team-resources.ts';

/**
 * `pitwall migrate`: the demo season on an embedded instance (PGlite data dir) moved to another
 * data dir, and to PostgreSQL when TEST_DATABASE_URL is set: interrupted once and resumed, every
 * stream's count and digest equal on both sides, the read models rebuilt on the target answer as
 * the source did, the images are there, and new ids on the target do not collide.
 */

const DEMO_FILE = path.join(REPO_ROOT, 'data', 'demo-season.json');
const CONFIG = ConfigSchema.parse({ LOG_LEVEL: 'silent', READ_YOUR_WRITES_TIMEOUT_MS: 15_000 });
const temp = () => mkdtemp(path.join(os.tmpdir(), 'pitwall-migrate-'));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

let sourceDir: string;
let teamId: number;
let sourceAnswers: Record<string, unknown>;
let imageUrl: string;

/** A client signed in as the demo season's owner on the Pitwall of `choice` (blobs under `blobDir`). */
async function openInstance(choice: DatabaseChoice, blobDir: string, env: Record<string, string> = {}) {
  const pitwall = await createPitwall(ConfigSchema.parse({ ...CONFIG, ...env }), choice, { blobDataDir: blobDir });
  const api = client(pitwall);
  await api.post('/api/auth/login', { username: 'dana', password: 'paddock-2026', loginType: 'admin' });
  return { pitwall, api };
}

beforeAll(async () => {
  sourceDir = await temp();
  dirs.push(sourceDir);
  const { pitwall, api } = await openInstance({ kind: 'pglite', dataDir: pgliteDataDir(sourceDir) }, sourceDir);
  try {
    await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
    const report = await importSeason(await loadSeasonFile(DEMO_FILE), { baseUrl: `http://127.0.0.1:${(pitwall.app.server.address() as AddressInfo).port}` });
    teamId = report.team.id;
    await api.post('/api/auth/login', { username: 'dana', password: 'paddock-2026', loginType: 'admin' });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a34a' } }).jpeg().toBuffer();
    imageUrl = ((await uploadImage(pitwall, await sessionCookie(pitwall, 'dana', 'paddock-2026'), photo)).json() as { url: string }).url;
    const [car] = (await api.get('/api/cars')).json() as { id: number }[];
    expect((await api.post(`/api/cars/${car!.id}/images`, { url: imageUrl, caption: 'Pit board' })).statusCode).toBe(201);
    sourceAnswers = await teamResources(api, teamId);
  } finally {
    await pitwall.close();
  }
}, 300_000);

/** A target: how the CLI names it, the database of its read models, its blobs, its environment (for the CLI) and the configuration of a Pitwall on it. */
interface Target {
  spec: string;
  choice: DatabaseChoice;
  blobDir: string;
  env: Record<string, string>;
  config?: Record<string, string>;
}

/**
 * EventStoreDB as a target: TEST_EVENTSTORE_URL (an empty server, e.g. `kurrentdb://127.0.0.1:2113?tls=false`)
 * with TEST_DATABASE_URL for the read models; without both the case says it skipped (no engine runs
 * on the development machines).
 */
const esdbUrl = process.env.TEST_EVENTSTORE_URL;
if (!esdbUrl || !process.env.TEST_DATABASE_URL) console.warn('migrate to EventStoreDB skipped: TEST_EVENTSTORE_URL (an empty server) and TEST_DATABASE_URL are not both set');

const targets: { name: string; make: () => Promise<Target> }[] = [
  {
    name: 'another embedded data dir',
    make: async () => {
      const dir = await temp();
      dirs.push(dir);
      return { spec: dir, choice: { kind: 'pglite', dataDir: pgliteDataDir(dir) }, blobDir: dir, env: {} };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          make: async () => {
            const url = await freshSchemaUrl(process.env.TEST_DATABASE_URL!);
            const blobDir = await temp();
            dirs.push(blobDir);
            return { spec: url, choice: { kind: 'postgres', url } as DatabaseChoice, blobDir, env: { DATA_DIR: blobDir } };
          },
        },
      ]
    : []),
  ...(esdbUrl && process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'EventStoreDB',
          make: async () => {
            const url = await freshSchemaUrl(process.env.TEST_DATABASE_URL!);
            const blobDir = await temp();
            dirs.push(blobDir);
            return { spec: esdbUrl, choice: { kind: 'postgres', url } as DatabaseChoice, blobDir, env: { DATA_DIR: blobDir, DATABASE_URL: url }, config: { EVENTSTORE_URL: esdbUrl } };
          },
        },
      ]
    : []),
];
if (!process.env.TEST_DATABASE_URL) console.warn('migrate to PostgreSQL skipped: TEST_DATABASE_URL is not set');

describe.each(targets)('npm run pitwall -- migrate from an embedded data dir to $name', ({ make }) => {
  it('copies every stream, resumes after an interruption, verifies equal digests, and the target answers as the source did', async () => {
    const target = await make();
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);

    // Interrupted after 40 events, then the same command again.
    for (const stopAfter of [40, undefined]) {
      const from = await openEndpoint(sourceDir, {});
      const to = await openEndpoint(target.spec, target.env);
      try {
        const result = await migrateInstance(from, to, { out, stopAfter });
        if (stopAfter !== undefined) {
          expect([result.appended, result.checks]).toEqual([40, null]);
          continue;
        }
        expect(result.alreadyThere).toBe(40);
        expect(result.checks!.length).toBeGreaterThan(20);
        expect(copyIsComplete(result.checks!)).toBe(true);
        expect(result.images).toBe(1);
      } finally {
        await to.close();
        await from.close();
      }
    }
    expect(lines.some((l) => /^\d+ streams, \d+ events: all equal$/.test(l))).toBe(true);

    const { pitwall, api } = await openInstance(target.choice, target.blobDir, target.config);
    try {
      expect(await teamResources(api, teamId)).toEqual(sourceAnswers);
      expect((await api.get(imageUrl)).statusCode).toBe(200);
      // The target's id sequences were moved past every copied id.
      const cars = (await api.get('/api/cars')).json() as { id: number }[];
      const added = (await api.post('/api/cars', { name: 'Spare', makeModel: 'Mazda MX-5', year: 2022, color: '#000000', carClass: 'Other', teamId })).json() as { id: number };
      expect(Math.max(...cars.map((c) => c.id))).toBeLessThan(added.id);
    } finally {
      await pitwall.close();
    }
  }, 300_000);
});
