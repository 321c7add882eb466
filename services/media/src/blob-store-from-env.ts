import type { BlobStore } from './blob-store.ts';
import { createDiskBlobStore } from './disk-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/**
 * Chooses the blob store from the environment.
 *
 * With `S3_ENDPOINT` set (a URL such as `http://127.0.0.1:9000` or `https://s3.example.com`):
 * S3/MinIO, path-style, with `S3_ACCESS_KEY`, `S3_SECRET_KEY` (both required), `S3_BUCKET`
 * (default `pitwall`), optional `S3_REGION`, and `S3_PATH_STYLE=false` for virtual-host style.
 * Otherwise the disk store at `${dataDir}/blobs`.
 *
 * The store is not initialised: call `await store.init()` at start-up (it throws
 * `BlobStoreUnavailableError` when S3 is down; writes retry it later).
 *
 * @throws Error when `S3_ENDPOINT` is not a URL or a key is missing — a configuration mistake that
 *   should stop the process at start-up.
 */
export function blobStoreFromEnv(env: Record<string, string | undefined>, dataDir: string): BlobStore {
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!endpoint) return createDiskBlobStore(`${dataDir}/blobs`);

  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got ${JSON.stringify(endpoint)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3_ENDPOINT must start with http:// or https://, got ${JSON.stringify(endpoint)}`);
  }
  const accessKey = env.S3_ACCESS_KEY;
  const secretKey = env.S3_SECRET_KEY;
  if (!accessKey || !secretKey) {
    throw new Error('S3_ENDPOINT is set, so S3_ACCESS_KEY and S3_SECRET_KEY are required');
  }
  const useSSL = url.protocol === 'https:';
  return createS3BlobStore({
    endPoint: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey,
    secretKey,
    bucket: env.S3_BUCKET?.trim() || 'pitwall',
    pathStyle: env.S3_PATH_STYLE?.trim().toLowerCase() !== 'false',
    ...(env.S3_REGION ? { region: env.S3_REGION } : {}),
  });
}
