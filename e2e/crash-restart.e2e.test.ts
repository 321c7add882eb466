import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { makeDataDir, removeDataDir, REPO_ROOT, startPitwall, type PitwallProcess } from './support/server.ts';

/**
 * A crash of the embedded server (SIGKILL: no shutdown code runs) while it is writing loses no
 * acknowledged write, and an immediate restart on the same data dir starts at once (the lock of the
 * dead process is taken over, no waiting for it to go stale). A second server on a data dir that a
 * live one holds, or a server on a read-only data dir, stops with one line naming the directory
 * and the problem, no stack trace.
 */

/** Whether this machine lets a process make a mount namespace of its own (to mount a read-only file system for itself alone). */
const canMountPrivately = spawnSync('unshare', ['-rm', 'true']).status === 0;

/** A minimal API client for a Pitwall process; the session cookie lives in `jar` (shared across a restart, as a browser's is). */
function client(url: string, jar: { cookie: string } = { cookie: '' }) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(url + path, {
      method,
      headers: { origin: url, ...(jar.cookie ? { cookie: jar.cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) jar.cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
}

test.describe('crash of the embedded server', () => {
  let dataDir: string;
  let server: PitwallProcess | undefined;
  test.beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  test.afterAll(async () => {
    await server?.stop();
    await removeDataDir(dataDir);
  });

  test('loses no acknowledged write to a SIGKILL mid-write, and restarts at once on the same data dir with the crew still signed in', async () => {
    server = await startPitwall({ dataDir });
    const jar = { cookie: '' };
    const api = client(server.url, jar);
    expect((await api('POST', '/api/auth/setup-team', { teamName: 'Apex Garage Racing', ownerName: 'Dana Whitfield', email: 'dana@apexgarage.example', username: 'dana', password: 'paddock-2026' })).status).toBe(201);
    const car = (await api('POST', '/api/cars', { name: 'MX-5 #27', makeModel: 'Mazda MX-5 (ND2)', year: 2022, color: '#c8102e', carClass: 'Other' })).json as { id: number };

    // Four writers add checklist items until the server dies under them; what was answered 201 was acknowledged.
    const acknowledged: string[] = [];
    let next = 0;
    const writer = async () => {
      for (;;) {
        const title = `Item ${next++}`;
        try {
          const res = await api('POST', `/api/cars/${car.id}/checklist`, { title });
          if (res.status === 201) acknowledged.push(title);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.kill();
    await Promise.all(writers);

    server = await startPitwall({ dataDir });
    // The session is in the data dir: the same cookie is still signed in after the crash.
    const again = client(server.url, jar);
    expect(await again('GET', '/api/auth/user')).toMatchObject({ status: 200, json: { username: 'dana' } });
    const titles = ((await again('GET', `/api/cars/${car.id}/checklist`)).json as { title: string }[]).map((i) => i.title);
    expect(titles).toEqual(expect.arrayContaining(acknowledged));
  });

  test('refuses a second server on a data dir a live one holds, in one line', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'services/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Data directory .+pgdata is in use by another Pitwall process \(pid \d+ on .+\); stop it first/);
  });

  test('stops with one line naming the directory when the data dir is on a read-only file system', async () => {
    test.skip(!canMountPrivately, '`unshare -rm` cannot make a mount namespace here');
    const readOnlyDir = await makeDataDir();
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: readOnlyDir, LOG_LEVEL: 'warn' };
      delete env.DATABASE_URL;
      // The read-only mount over the data dir exists in this process's own mount namespace only, and ends with it.
      const started = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o ro pitwall-read-only "$DATA_DIR" && exec "$0" --import tsx services/server/src/main.ts', process.execPath], {
        cwd: REPO_ROOT,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      const lines = started.stderr.trim().split('\n');
      expect(lines).toEqual([`Data directory ${readOnlyDir}/pgdata cannot be used: the file system is read-only (EROFS); make it writable or choose another directory`]);
    } finally {
      await removeDataDir(readOnlyDir);
    }
  });
});
