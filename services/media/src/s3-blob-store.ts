import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type * as Minio from 'minio';
import { assertValidBlobKey, BlobStoreUnavailableError } from './blob-store.ts';
import type { BlobMeta, BlobStore, StoredBlob } from './blob-store.ts';

/**
 * Connection settings of {@link createS3BlobStore}.
 * - `endPoint`: host name or IP, without scheme or port (`127.0.0.1`, `minio`, `s3.eu-west-1.amazonaws.com`).
 * - `port`: TCP port; `useSSL`: HTTPS when true.
 * - `pathStyle`: `http://host/bucket/key` addressing (MinIO, s3rver); false for virtual-host style.
 * - `region`: optional, `us-east-1` when omitted (MinIO ignores it).
 * - `idleTimeoutMs`: a request whose socket stays silent this long fails as unavailable; default 15 000.
 */
export interface S3BlobStoreOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  pathStyle: boolean;
  region?: string;
  idleTimeoutMs?: number;
}

/** minio's own argument checks: programming errors, not outages (minio is loaded by then: the error came from it). */
async function isClientSideError(error: unknown): Promise<boolean> {
  const M = await import('minio');
  return [M.InvalidArgumentError, M.InvalidBucketNameError, M.InvalidObjectNameError, M.InvalidEndpointError, M.InvalidPortError].some((type) => error instanceof type);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function isNotFound(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'NoSuchKey' || code === 'NotFound';
}

async function mapS3Error(error: unknown, operation: 'read' | 'write', what: string): Promise<unknown> {
  if (await isClientSideError(error)) return error;
  const reason = error instanceof Error ? `${errorCode(error) ?? error.name}: ${error.message}` : String(error);
  return new BlobStoreUnavailableError(operation, `s3 ${what} failed: ${reason}`, { cause: error });
}

/**
 * An agent whose sockets are destroyed after `idleTimeoutMs` without traffic. minio 8 sets no
 * timeout of its own, so without this a blackholed endpoint would hang an upload forever.
 */
function idleTimeoutAgent(useSSL: boolean, idleTimeoutMs: number): http.Agent {
  const options = { keepAlive: true, timeout: idleTimeoutMs };
  const agent = useSSL ? new https.Agent(options) : new http.Agent(options);
  const createConnection = agent.createConnection.bind(agent) as (...args: unknown[]) => Socket;
  agent.createConnection = ((...args: unknown[]) => {
    const socket = createConnection(...args);
    socket.setTimeout(idleTimeoutMs);
    socket.on('timeout', () => {
      const error = Object.assign(new Error(`no response within ${idleTimeoutMs} ms`), { code: 'ETIMEDOUT' });
      socket.destroy(error);
    });
    return socket;
  }) as typeof agent.createConnection;
  return agent;
}

/**
 * A {@link BlobStore} on S3 or MinIO through the `minio` client.
 *
 * The bucket is created when missing by `init()` (and lazily before the first write if `init()`
 * failed). Objects keep their content type as the S3 `Content-Type`. A stream body is read into
 * memory before the single PUT (the store is sized for images of a few MB, not for large files). Network failures, timeouts,
 * S3 server errors and rejected credentials throw `BlobStoreUnavailableError` (503) with the cause
 * attached; a missing object is `null` from `get` and `false` from `exists`.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const { bucket } = options;
  // The minio client is loaded on first use, so a process without S3 (the embedded default) never loads it.
  let loaded: Promise<Minio.Client> | undefined;
  const connect = () => (loaded ??= import('minio').then((M) => new M.Client({
    endPoint: options.endPoint,
    port: options.port,
    useSSL: options.useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    pathStyle: options.pathStyle,
    region: options.region ?? 'us-east-1',
    transportAgent: idleTimeoutAgent(options.useSSL, options.idleTimeoutMs ?? 15_000),
  })));
  const scheme = options.useSSL ? 'https' : 'http';
  let ready: Promise<void> | undefined;

  function init(): Promise<void> {
    ready ??= (async () => {
      try {
        if (!(await (await connect()).bucketExists(bucket))) {
          try {
            await (await connect()).makeBucket(bucket, options.region ?? 'us-east-1');
          } catch (error) {
            // Another instance made it between our check and our call.
            const code = errorCode(error);
            if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
          }
        }
      } catch (error) {
        ready = undefined;
        throw await mapS3Error(error, 'write', `init bucket ${bucket}`);
      }
    })();
    return ready;
  }

  async function put(key: string, body: Buffer | Readable, meta: BlobMeta): Promise<void> {
    assertValidBlobKey(key);
    // A single PUT needs the length up front, and minio buffers bodies under 64 MiB anyway; without
    // a size it would switch to multipart uploads. Reading here first also keeps a failing source
    // stream (the caller's error) apart from a storage failure.
    const bytes = Buffer.isBuffer(body) ? body : await buffer(body);
    await init();
    try {
      await (await connect()).putObject(bucket, key, bytes, bytes.length, { 'Content-Type': meta.contentType });
    } catch (error) {
      throw await mapS3Error(error, 'write', `put ${key}`);
    }
  }

  async function get(key: string): Promise<StoredBlob | null> {
    assertValidBlobKey(key);
    try {
      const client = await connect();
      const stat = await client.statObject(bucket, key);
      const stream = await client.getObject(bucket, key);
      const contentType = stat.metaData['content-type'] ?? 'application/octet-stream';
      return { stream, contentType: String(contentType), size: stat.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw await mapS3Error(error, 'read', `get ${key}`);
    }
  }

  async function remove(key: string): Promise<void> {
    assertValidBlobKey(key);
    try {
      await (await connect()).removeObject(bucket, key);
    } catch (error) {
      if (isNotFound(error)) return;
      throw await mapS3Error(error, 'write', `delete ${key}`);
    }
  }

  async function exists(key: string): Promise<boolean> {
    assertValidBlobKey(key);
    try {
      await (await connect()).statObject(bucket, key);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw await mapS3Error(error, 'read', `stat ${key}`);
    }
  }

  return {
    description: `s3 ${scheme}://${options.endPoint}:${options.port}/${bucket}`,
    init,
    put,
    get,
    delete: remove,
    exists,
  };
}
