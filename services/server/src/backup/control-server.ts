import { chmod, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Database } from '@pitwall/eventstore';

/** The control socket of a running embedded server, in its data dir: only who can open the data dir can use it. */
export const controlSocketOf = (dataDir: string) => path.join(path.resolve(dataDir), 'control.sock');

/**
 * The running embedded server's control socket (HTTP over a Unix socket at
 * `<dataDir>/control.sock`, mode 0600): `GET /backup` streams a backup (backup.ts) taken from the
 * open database, so `npm run pitwall -- backup` works without stopping the server, which owns the
 * data dir's lock. A socket file left by a crashed server is removed first (the lock says this
 * process owns the dir). Answers a close function.
 */
export async function startControlServer(dataDir: string, db: Database, log?: { error(o: object, m: string): void }): Promise<() => Promise<void>> {
  const socket = controlSocketOf(dataDir);
  await rm(socket, { force: true });
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /backup is the one control request\n');
      return;
    }
    // Why loaded here: backup.ts brings archiver and yauzl, which the server's start does not need.
    void import('./backup.ts').then(
      ({ streamBackup }) => {
        const backup = streamBackup(db, dataDir, new Date());
        response.writeHead(200, { 'Content-Type': 'application/zip' });
        backup.on('error', (error) => {
          log?.error({ err: error }, 'backup failed');
          response.destroy(error);
        });
        backup.pipe(response);
      },
      (error: unknown) => {
        log?.error({ err: error }, 'backup failed');
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
  await chmod(socket, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => void rm(socket, { force: true }).finally(resolve)));
}
