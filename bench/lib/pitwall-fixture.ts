import type { AddressInfo } from 'node:net';
import type { Database } from '@pitwall/eventstore';
import { ConfigSchema } from '../../services/server/src/config.ts';
import { createPitwall, type DatabaseChoice, type Pitwall } from '../../services/server/src/composition-root.ts';
import { freshSchema, tempDir, type BenchBackend } from './databases.ts';
import { demoSeason } from './season-events.ts';

/**
 * A real Pitwall (`createPitwall`, the embedded composition root) on PostgreSQL (fresh schema) or
 * PGlite (temp data dir), with a team and `cars` cars set up through the API (each with the demo
 * MX-5's 7 gear ratio rows), listening on loopback.
 */
export interface PitwallFixture {
  pitwall: Pitwall;
  /** 'http://127.0.0.1:<port>' */
  url: string;
  /** The owner's session cookie header ('pitwall_session=…'). */
  cookie: string;
  userId: number;
  carIds: number[];
  /** The app's own database (PGlite cannot be opened twice; bare routes share it there). */
  db: Database;
  /** For PostgreSQL, the schema URL (bare routes open their own pool on it). */
  databaseUrl?: string;
  label: string;
  close(): Promise<void>;
}

/** The demo MX-5's gear ratios as PUT /api/cars/{id}/gear-ratios takes them. */
export const DEMO_GEARS = demoSeason().cars[0]!.gearRatios.map((g) => ({ name: g.name, ratio: g.ratio, speedAtMaxRpm: g.speedAtMaxRpm ?? null, notes: g.notes ?? null }));

/** Starts the fixture (`env`: configuration variables besides LOG_LEVEL); `close()` stops the app and removes its schema or data dir. */
export async function startPitwallFixture(backend: BenchBackend, cars: number, env: Record<string, string> = {}): Promise<PitwallFixture> {
  const blobs = await tempDir('blobs');
  const schema = backend.kind === 'postgres' ? await freshSchema(backend.url, 'api') : null;
  const pgliteDir = backend.kind === 'pglite' ? await tempDir('api') : null;
  const choice: DatabaseChoice = schema ? { kind: 'postgres', url: schema.url } : { kind: 'pglite', dataDir: `${pgliteDir!.dir}/pgdata` };
  const pitwall = await createPitwall(ConfigSchema.parse({ LOG_LEVEL: 'silent', ...env }), choice, { blobDataDir: blobs.dir });
  const cleanup = async () => {
    await pitwall.close();
    await schema?.drop();
    await pgliteDir?.remove();
    await blobs.remove();
  };
  try {
    const setup = await pitwall.app.inject({
      method: 'POST',
      url: '/api/auth/setup-team',
      payload: { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' },
    });
    if (setup.statusCode !== 201) throw new Error(`setup-team answered ${setup.statusCode}: ${setup.body}`);
    const cookie = `pitwall_session=${setup.cookies.find((c) => c.name === 'pitwall_session')!.value}`;
    const userId = (setup.json() as { id: number }).id;
    const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
      const res = await pitwall.app.inject({ method, url, headers: { cookie }, payload: payload as object });
      if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return res.json() as { id: number };
    };
    const demoCars = demoSeason().cars;
    const carIds: number[] = [];
    for (let i = 0; i < cars; i++) {
      const d = demoCars[i % demoCars.length]!.car;
      const car = await call('POST', '/api/cars', { ...d, name: `${d.name} (${i + 1})` });
      await call('PUT', `/api/cars/${car.id}/gear-ratios`, DEMO_GEARS);
      carIds.push(car.id);
    }
    await pitwall.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = pitwall.app.server.address() as AddressInfo;
    return {
      pitwall,
      url: `http://127.0.0.1:${port}`,
      cookie,
      userId,
      carIds,
      db: pitwall.deps.db,
      databaseUrl: schema?.url,
      label: schema ? 'PostgreSQL' : 'PGlite',
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
