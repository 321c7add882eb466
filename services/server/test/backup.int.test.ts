import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBackup, restoreBackup } from '../src/backup/backup.ts';
import { writeBackupFile } from '../src/backup/backup-client.ts';
import { startControlServer } from '../src/backup/control-server.ts';
import { ConfigSchema } from '../src/config.ts';
import { pgliteDataDir } from '../src/embedded-database.ts';
import { createPitwall } from '../src/composition-root.ts';
import sharp from 'sharp';
import { imageKeyFromUrl } from '@pitwall/media';
import { unzipped, zipOf } from './export-files.ts';
import { client, DANA, MX5, sessionCookie, uploadImage } from './helpers.ts';

/**
 * `npm run pitwall -- backup` of a running embedded instance: taken during a burst of writes, the
 * backup restores (into an empty data dir) with every write acknowledged before it started; a
 * restore refuses a data dir that is not empty; a damaged backup fails its check.
 */

const CONFIG = ConfigSchema.parse({ LOG_LEVEL: 'silent', READ_YOUR_WRITES_TIMEOUT_MS: 15_000 });
const dirs: string[] = [];
const temp = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pitwall-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('backup and restore of the running embedded instance', () => {
  let backupFile: string;

  it('restores, from a backup taken during a burst of writes, every write acknowledged before the backup started', async () => {
    const dataDir = await temp();
    const pitwall = await createPitwall(CONFIG, { kind: 'pglite', dataDir: pgliteDataDir(dataDir) }, { blobDataDir: dataDir });
    const closeControl = await startControlServer(dataDir, pitwall.deps.db);
    const acknowledged: string[] = [];
    let burst: Promise<void> = Promise.resolve();
    try {
      const api = client(pitwall);
      expect((await api.post('/api/auth/setup-team', DANA)).statusCode).toBe(201);
      let writing = true;
      let n = 0;
      // Two writers, one car after the other each, until the backup is written.
      const writer = async (name: string) => {
        while (writing) {
          const car = `${name} ${++n}`;
          const res = await api.post('/api/cars', { ...MX5, name: car });
          expect(res.statusCode, res.body).toBe(201);
          acknowledged.push(car);
        }
      };
      burst = Promise.all([writer('Burst A'), writer('Burst B')]).then(() => undefined);
      while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
      const before = [...acknowledged];
      backupFile = path.join(await temp(), 'pitwall.backup.zip');
      expect(await writeBackupFile(dataDir, backupFile)).toEqual({ fromServer: true });
      writing = false;
      await burst;

      const restoredDir = path.join(await temp(), 'restored');
      await restoreBackup(backupFile, restoredDir);
      await closeControl();
      await pitwall.close();
      const restored = await createPitwall(CONFIG, { kind: 'pglite', dataDir: pgliteDataDir(restoredDir) }, { blobDataDir: restoredDir });
      try {
        const owner = client(restored);
        expect((await owner.post('/api/auth/login', { username: DANA.username, password: DANA.password, loginType: 'admin' })).statusCode).toBe(200);
        const names = ((await owner.get('/api/cars')).json() as { name: string }[]).map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(before));
      } finally {
        await restored.close();
      }
    } finally {
      await burst.catch(() => undefined);
      await closeControl().catch(() => undefined);
      await pitwall.close();
    }
  }, 180_000);

  it('checks a backup: its events as recorded; a damaged one fails saying what is damaged', async () => {
    const { events } = await checkBackup(backupFile);
    expect(events).toBeGreaterThan(10);
    const bytes = await readFile(backupFile);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const damaged = path.join(await temp(), 'damaged.zip');
    await writeFile(damaged, bytes);
    await expect(checkBackup(damaged)).rejects.toThrow(/ is damaged: /);
  }, 120_000);

  it('refuses to restore into a data dir that is not empty, writing nothing', async () => {
    const dir = await temp();
    await writeFile(path.join(dir, 'keep.txt'), 'team notes');
    await expect(restoreBackup(backupFile, dir)).rejects.toThrow(/is not empty/);
  });
});

describe('a backup whose images are lost or bit-rotted', () => {
  it('fails its check naming the image', async () => {
    const dataDir = await temp();
    const pitwall = await createPitwall(CONFIG, { kind: 'pglite', dataDir: pgliteDataDir(dataDir) }, { blobDataDir: dataDir });
    const closeControl = await startControlServer(dataDir, pitwall.deps.db);
    const backupFile = path.join(await temp(), 'with-image.zip');
    try {
      expect((await client(pitwall).post('/api/auth/setup-team', DANA)).statusCode).toBe(201);
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8102e' } }).jpeg().toBuffer();
      const { url } = (await uploadImage(pitwall, await sessionCookie(pitwall, DANA.username, DANA.password), photo)).json<{ url: string }>();
      const key = imageKeyFromUrl(url)!;
      await writeBackupFile(dataDir, backupFile);
      await expect(checkBackup(backupFile)).resolves.toMatchObject({ events: expect.any(Number) });

      const files = await unzipped(await readFile(backupFile));
      const image = `blobs/${key}`;
      const rotten = Buffer.from(files.get(image)!);
      rotten[rotten.length >> 1]! ^= 0x01;
      const rottenFile = path.join(await temp(), 'rotten.zip');
      await writeFile(rottenFile, await zipOf(new Map([...files, [image, rotten]])));
      await expect(checkBackup(rottenFile)).rejects.toThrow(`${rottenFile} is damaged: ${image} does not match its checksum`);

      const missingFile = path.join(await temp(), 'missing.zip');
      await writeFile(missingFile, await zipOf(new Map([...files].filter(([name]) => name !== image))));
      await expect(checkBackup(missingFile)).rejects.toThrow(`${missingFile} is damaged: ${image} is missing`);
    } finally {
      await closeControl();
      await pitwall.close();
    }
  }, 120_000);
});
