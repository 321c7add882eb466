import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';
import { createPitwall, type Pitwall } from '../src/composition-root.ts';
import { client, DANA } from './helpers.ts';

describe('Redis unreachable at start', () => {
  let blobDataDir: string | undefined;
  let pitwall: Pitwall | undefined;
  beforeAll(async () => {
    blobDataDir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-degraded-'));
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    pitwall = await createPitwall(ConfigSchema.parse({ REDIS_URL: 'redis://127.0.0.1:1' }), { kind: 'memory' }, { blobDataDir });
  });
  afterAll(async () => {
    await pitwall?.close();
    if (blobDataDir) await rm(blobDataDir, { recursive: true, force: true });
  });

  it('degrades to database sessions and in-process limits, and says so in /readyz', async () => {
    const ready = await pitwall!.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().degraded).toEqual(['redis unreachable at start: PostgreSQL notifications, in-process rate limits, sessions in the database']);
    const api = client(pitwall!);
    expect((await api.post('/api/auth/setup-team', DANA)).statusCode).toBe(201);
    expect((await api.get('/api/auth/user')).statusCode).toBe(200);
  });
});
