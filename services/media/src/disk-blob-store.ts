import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidBlobKey, BlobStoreUnavailableError } from './blob-store.ts';
import type { BlobMeta, BlobStore, StoredBlob } from './blob-store.ts';

// Error codes that mean "the disk cannot take or give bytes now", not "this call is wrong".
const UNAVAILABLE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE', 'EBUSY']);

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function mapDiskError(error: unknown, operation: 'read' | 'write', what: string): unknown {
  const code = errorCode(error);
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) {
    return new BlobStoreUnavailableError(operation, `disk ${what} failed: ${code}`, { cause: error });
  }
  return error;
}

/**
 * A {@link BlobStore} on the local file system, the embedded default.
 *
 * Layout under `dir`: the object at `dir/<key>`, its metadata (`{ contentType }`) at
 * `dir/.meta/<key>.json`, temporary files in `dir/.tmp/`. Keys cannot start a segment with a dot,
 * so objects never collide with those folders.
 *
 * Writes go to a temporary file that is flushed (fsync) and then renamed over the target, so a
 * reader or a crash never sees half an object. The metadata is renamed into place before the data,
 * so a visible object always has its content type. Keys with traversal (`..`, absolute paths, …)
 * throw `InvalidBlobKeyError`; ENOSPC, EROFS, EACCES, EIO and the like throw
 * `BlobStoreUnavailableError`.
 *
 * @param dir absolute or relative directory, e.g. `${dataDir}/blobs`; created by `init()`.
 */
export function createDiskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  const metaRoot = path.join(root, '.meta');
  let ready: Promise<void> | undefined;

  const dataPath = (key: string) => path.join(root, ...key.split('/'));
  const metaPath = (key: string) => path.join(metaRoot, ...key.split('/')) + '.json';

  function init(): Promise<void> {
    ready ??= (async () => {
      try {
        await mkdir(tmpDir, { recursive: true });
        await mkdir(metaRoot, { recursive: true });
      } catch (error) {
        ready = undefined;
        throw mapDiskError(error, 'write', `mkdir ${root}`);
      }
    })();
    return ready;
  }

  async function put(key: string, body: Buffer | Readable, meta: BlobMeta): Promise<void> {
    assertValidBlobKey(key);
    await init();
    const tmpData = path.join(tmpDir, `${randomUUID()}.data`);
    const tmpMeta = path.join(tmpDir, `${randomUUID()}.json`);
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, createWriteStream(tmpData, { flush: true }));
      await writeFile(tmpMeta, JSON.stringify({ contentType: meta.contentType }), { flush: true });
      await mkdir(path.dirname(dataPath(key)), { recursive: true });
      await mkdir(path.dirname(metaPath(key)), { recursive: true });
      await rename(tmpMeta, metaPath(key));
      await rename(tmpData, dataPath(key));
    } catch (error) {
      await rm(tmpData, { force: true }).catch(() => undefined);
      await rm(tmpMeta, { force: true }).catch(() => undefined);
      throw mapDiskError(error, 'write', `put ${key}`);
    }
  }

  async function get(key: string): Promise<StoredBlob | null> {
    assertValidBlobKey(key);
    let handle;
    try {
      handle = await open(dataPath(key), 'r');
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR' || errorCode(error) === 'EISDIR') return null;
      throw mapDiskError(error, 'read', `open ${key}`);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      let contentType = 'application/octet-stream';
      try {
        const parsed: unknown = JSON.parse(await readFile(metaPath(key), 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && 'contentType' in parsed && typeof parsed.contentType === 'string') {
          contentType = parsed.contentType;
        }
      } catch {
        // Metadata lost (e.g. copied data folder without .meta): serve as opaque bytes.
      }
      // The open handle keeps reading the same file even if a concurrent put renames over it.
      return { stream: handle.createReadStream(), contentType, size: info.size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw mapDiskError(error, 'read', `get ${key}`);
    }
  }

  async function remove(key: string): Promise<void> {
    assertValidBlobKey(key);
    try {
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    } catch (error) {
      throw mapDiskError(error, 'write', `delete ${key}`);
    }
  }

  async function exists(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    try {
      return (await stat(dataPath(key))).isFile();
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
      throw mapDiskError(error, 'read', `stat ${key}`);
    }
  }

  return { description: `disk ${root}`, init, put, get, delete: remove, exists };
}
