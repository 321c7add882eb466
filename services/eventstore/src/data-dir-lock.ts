import { readFileSync } from 'node:fs';
import { open, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';

/**
 * One process owns an embedded data directory (two PGlite instances on one dir would silently not
 * see each other's writes). The owner holds `<dataDir>.lock`, a file created exclusively (O_EXCL)
 * that names it: `{ pid, hostname, startedAt }`. A lock whose holder is a process of this host that
 * no longer runs (killed, crashed, power loss; a zombie not yet reaped by its parent counts as not
 * running) is taken over at once; a live holder is refused with
 * {@link DataDirInUseError}. A holder on another host (a shared network disk) is always treated as
 * live. Limitation: if the dead holder's pid was reused by an unrelated process, the lock counts as
 * held until that process ends (remove the file by hand then; the error says which file).
 */

/** Who holds a data directory, as written in its lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO 8601 instant the holder took the lock. */
  startedAt: string;
}

/** The data directory is held by another process that is alive. The message is one line naming both. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
    readonly lockFile: string,
  ) {
    super(
      holder
        ? `Data directory ${dataDir} is in use by another Pitwall process (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}); stop it first, or remove ${lockFile} if that process is not Pitwall`
        : `Data directory ${dataDir} is in use by another Pitwall process (lock file ${lockFile} is being written)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * The data directory cannot be created or written (read-only file system, permissions, a file in
 * its path, a full disk). The message is one line naming the directory and the problem.
 */
export class DataDirUnusableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly code: string,
  ) {
    super(`Data directory ${dataDir} cannot be used: ${DATA_DIR_PROBLEMS[code] ?? 'it cannot be written'} (${code}); make it writable or choose another directory`);
    this.name = 'DataDirUnusableError';
  }
}

/** File system error codes that mean the data directory cannot be used, and what to tell the operator. */
const DATA_DIR_PROBLEMS: Record<string, string> = {
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  ENOTDIR: 'a part of its path is a file, not a directory',
};

/**
 * `error` as a {@link DataDirUnusableError} of `dataDir` when it is one of the file system errors
 * that make a data directory unusable (read-only, permissions, a file in the way, a full disk);
 * any other error unchanged.
 */
export function asDataDirError(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code !== undefined && code in DATA_DIR_PROBLEMS ? new DataDirUnusableError(dataDir, code) : error;
}

/**
 * True when `holder` is a process of this host that has ended: no such process, or a zombie (it
 * has exited and only waits for its parent to collect its status: a crashed server under a
 * supervisor that has not reaped it yet).
 */
function isDead(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // ESRCH: no such process. EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  return isZombie(holder.pid);
}

/**
 * Whether process `pid` is a zombie, from its state in `/proc/<pid>/stat` ('Z'; 'X' is one being
 * removed). The state follows the command name in parentheses, which may itself hold ') '. False
 * where there is no /proc (not Linux) or the process is gone.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

/**
 * Pitwall 0.1 locked with proper-lockfile: a `<dataDir>.lock` DIRECTORY whose mtime its owner
 * refreshed every 5 s. One untouched for 10 s is a dead 0.1 process's.
 */
async function isStaleLegacyLock(lockFile: string): Promise<boolean> {
  const info = await stat(lockFile).catch(() => null);
  return info !== null && info.isDirectory() && Date.now() - info.mtimeMs > 10_000;
}

async function readHolder(lockFile: string): Promise<LockHolder | null> {
  try {
    const parsed = JSON.parse(await readFile(lockFile, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.hostname === 'string' ? { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt) } : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `dataDir` for this process.
 * @returns a release function (idempotent) that removes the lock file if it is still ours.
 * @throws DataDirInUseError when a live process holds it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  const me: LockHolder = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 1; ; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      try {
        await handle.writeFile(JSON.stringify(me));
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStaleLegacyLock(lockFile)) {
        await rm(lockFile, { recursive: true, force: true });
        continue;
      }
      const holder = await readHolder(lockFile);
      // A holder that cannot be read is another process between creating and writing the file.
      if (holder === null || !isDead(holder) || attempt > 3) throw new DataDirInUseError(dataDir, holder, lockFile);
      await rm(lockFile, { force: true });
    }
  }
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    const holder = await readHolder(lockFile);
    if (holder?.pid === me.pid && holder.startedAt === me.startedAt) await rm(lockFile, { force: true });
  };
  return release;
}
