import { createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPgliteDatabase } from '@pitwall/eventstore';
import { pgliteDataDir } from '../embedded-database.ts';
import { streamBackup } from './backup.ts';
import { controlSocketOf } from './control-server.ts';

/** The backup stream of the server running on `dir` (its control socket), or null when none runs there. */
async function backupFromServer(dir: string): Promise<Readable | null> {
  const socket = controlSocketOf(dir);
  if (!(await access(socket).then(() => true, () => false))) return null;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socket, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode === 200) resolve(res);
      else reject(new Error(`the server on ${dir} refused the backup (${res.statusCode})`));
    });
    // A socket left by a server that is gone: nobody answers, the dir is free.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error)));
    req.end();
  });
}

/**
 * Writes a backup of the embedded instance on `dataDir` to `file`: made by the server running on
 * it (its control socket), else by opening the stopped dir. Written through `<file>.partial`, so a
 * broken run leaves no half file under that name. Answers whether a running server made it.
 * @throws DataDirInUseError when the dir is open in a process without a control socket.
 */
export async function writeBackupFile(dataDir: string, file: string): Promise<{ fromServer: boolean }> {
  const partial = `${file}.partial`;
  const fromServer = await backupFromServer(dataDir);
  try {
    if (fromServer) await pipeline(fromServer, createWriteStream(partial));
    else {
      const db = await openPgliteDatabase(pgliteDataDir(dataDir));
      try {
        await pipeline(streamBackup(db, dataDir, new Date()), createWriteStream(partial));
      } finally {
        await db.close();
      }
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { fromServer: fromServer !== null };
}

