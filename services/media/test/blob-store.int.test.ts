import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { getContainerRuntimeClient } from 'testcontainers';
import { MinioContainer } from '@testcontainers/minio';
import type { StartedMinioContainer } from '@testcontainers/minio';
import {
  BlobStoreUnavailableError,
  blobStoreFromEnv,
  createDiskBlobStore,
  createS3BlobStore,
  InvalidBlobKeyError,
} from '../src/index.ts';
import type { BlobStore, S3BlobStoreOptions } from '../src/index.ts';

/**
 * ONE contract for every BlobStore adapter: disk (always), s3rver started here on loopback
 * (always), MinIO through testcontainers when a container engine answers (skipped, with a printed
 * line, when none does).
 */
function blobStoreContract(open: () => BlobStore) {
  let store: BlobStore;
  const key = (name: string) => `test/${randomUUID()}/${name}`;

  beforeAll(async () => {
    store = open();
    await store.init();
  });

  it('init is idempotent', async () => {
    await store.init();
    await store.init();
  });

  it('gives back what was put, with its content type and size', async () => {
    const k = key('photo.jpg');
    const body = Buffer.from('not really a jpeg, but bytes are bytes');
    await store.put(k, body, { contentType: 'image/jpeg', size: body.length });
    const blob = await store.get(k);
    expect(blob).not.toBeNull();
    expect(blob!.contentType).toBe('image/jpeg');
    expect(blob!.size).toBe(body.length);
    expect(await text(blob!.stream)).toBe(body.toString());
  });

  it('stores a stream body of unknown size', async () => {
    const k = key('streamed.webp');
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(4096, i));
    await store.put(k, Readable.from(chunks), { contentType: 'image/webp' });
    const blob = await store.get(k);
    const read: Buffer[] = [];
    for await (const chunk of blob!.stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(Buffer.concat(chunks))).toBe(true);
    expect(blob!.size).toBe(50 * 4096);
    expect(blob!.contentType).toBe('image/webp');
  });

  it('answers null and false for a key that holds nothing', async () => {
    const k = key('missing.png');
    expect(await store.get(k)).toBeNull();
    expect(await store.exists(k)).toBe(false);
  });

  it('knows what exists and forgets what was deleted', async () => {
    const k = key('gone.png');
    await store.put(k, Buffer.from('x'), { contentType: 'image/png' });
    expect(await store.exists(k)).toBe(true);
    await store.delete(k);
    expect(await store.exists(k)).toBe(false);
    expect(await store.get(k)).toBeNull();
  });

  it('deleting a missing key is not an error', async () => {
    await expect(store.delete(key('never.png'))).resolves.toBeUndefined();
  });

  it('overwrites an existing key, content type included', async () => {
    const k = key('again');
    await store.put(k, Buffer.from('first version, longer'), { contentType: 'image/png' });
    await store.put(k, Buffer.from('second'), { contentType: 'image/webp' });
    const blob = await store.get(k);
    expect(blob!.contentType).toBe('image/webp');
    expect(blob!.size).toBe(6);
    expect(await text(blob!.stream)).toBe('second');
  });

  it.each(['../escape', '/etc/passwd', 'a/../../b', 'a//b', '.hidden', 'a/./b', 'a\\b', '', 'img/x?y'])(
    'refuses the key %j before touching storage',
    async (bad) => {
      await expect(store.put(bad, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    },
  );

  it('stores nothing when the body stream fails', async () => {
    const k = key('broken.jpg');
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(k, failing, { contentType: 'image/jpeg' })).rejects.toThrow('client went away');
    expect(await store.exists(k)).toBe(false);
  });
}

/** S3-only contract: an unreachable or silent endpoint is a 503, never a hang or a raw socket error. */
function unavailableS3Contract(options: () => Omit<S3BlobStoreOptions, 'endPoint' | 'port'>) {
  let closedPort: number;
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    // Accepts connections and never answers.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a closed port makes every operation BlobStoreUnavailableError (503)', async () => {
    const store = createS3BlobStore({ ...options(), endPoint: '127.0.0.1', port: closedPort });
    const k = 'test/unavailable.jpg';
    for (const attempt of [
      () => store.init(),
      () => store.put(k, Buffer.from('x'), { contentType: 'image/jpeg' }),
      () => store.get(k),
      () => store.exists(k),
      () => store.delete(k),
    ]) {
      const error = await attempt().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(BlobStoreUnavailableError);
      expect((error as BlobStoreUnavailableError).statusCode).toBe(503);
      expect((error as BlobStoreUnavailableError).detail).toMatch(/ECONNREFUSED/);
    }
    const writeError = await store.put(k, Buffer.from('x'), { contentType: 'image/jpeg' }).catch((e: unknown) => e);
    expect((writeError as Error).message).toBe('Image storage is unavailable; nothing was saved. Try again shortly.');
  });

  it('a server that never answers fails within the idle timeout', async () => {
    const store = createS3BlobStore({ ...options(), endPoint: '127.0.0.1', port: silentPort, idleTimeoutMs: 300 });
    const started = Date.now();
    await expect(store.get('test/silent.jpg')).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    await expect(store.put('test/silent.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })).rejects.toBeInstanceOf(
      BlobStoreUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
}

describe('BlobStore contract: disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pitwall-blobs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  blobStoreContract(() => createDiskBlobStore(path.join(dir, 'blobs')));

  it('never writes outside its directory and leaves no temporary files', async () => {
    const store = createDiskBlobStore(path.join(dir, 'blobs'));
    await expect(store.put('../outside.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidBlobKeyError,
    );
    expect(existsSync(path.join(dir, 'outside.txt'))).toBe(false);
    expect(await readdir(path.join(dir, 'blobs', '.tmp'))).toEqual([]);
  });

  it('keeps a reader on the old bytes while a writer replaces the object', async () => {
    const store = createDiskBlobStore(path.join(dir, 'blobs'));
    await store.put('swap/a.png', Buffer.from('old bytes'), { contentType: 'image/png' });
    const reading = await store.get('swap/a.png');
    await store.put('swap/a.png', Buffer.from('new bytes'), { contentType: 'image/png' });
    expect(await text(reading!.stream)).toBe('old bytes');
  });

  it('blobStoreFromEnv without S3_ENDPOINT is the disk store under the data dir', () => {
    const store = blobStoreFromEnv({}, '/var/lib/pitwall');
    expect(store.description).toBe(`disk ${path.resolve('/var/lib/pitwall/blobs')}`);
  });
});

describe('BlobStore contract: S3 (s3rver on loopback, path-style)', () => {
  let server: S3rver;
  let dir: string;
  let port: number;
  const credentials = { accessKey: 'S3RVER', secretKey: 'S3RVER', useSSL: false, pathStyle: true };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pitwall-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    ({ port } = await server.run());
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  // The bucket does not exist yet: init() must create it.
  blobStoreContract(() => createS3BlobStore({ ...credentials, endPoint: '127.0.0.1', port, bucket: 'pitwall-contract' }));
  unavailableS3Contract(() => ({ ...credentials, bucket: 'pitwall-contract' }));

  it('blobStoreFromEnv with S3_ENDPOINT talks to S3 and makes the default bucket', async () => {
    const store = blobStoreFromEnv(
      { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' },
      '/unused',
    );
    expect(store.description).toBe(`s3 http://127.0.0.1:${port}/pitwall`);
    await store.init();
    await store.put('env/check.png', Buffer.from('ok'), { contentType: 'image/png' });
    expect(await store.exists('env/check.png')).toBe(true);
  });

  it('blobStoreFromEnv refuses a half-configured S3', () => {
    expect(() => blobStoreFromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' }, '/d')).toThrow(/S3_ACCESS_KEY and S3_SECRET_KEY/);
    expect(() => blobStoreFromEnv({ S3_ENDPOINT: '127.0.0.1:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' }, '/d')).toThrow(
      /S3_ENDPOINT must/,
    );
  });
});

const containerEngine = await getContainerRuntimeClient().then(
  () => ({ available: true as const }),
  (error: unknown) => ({ available: false as const, reason: error instanceof Error ? error.message : String(error) }),
);
if (!containerEngine.available) {
  console.log(`MinIO contract suite skipped: no container engine (${containerEngine.reason})`);
}

describe.skipIf(!containerEngine.available)('BlobStore contract: MinIO (testcontainers)', () => {
  let minio: StartedMinioContainer;
  beforeAll(async () => {
    minio = await new MinioContainer(process.env.TEST_MINIO_IMAGE ?? 'minio/minio:RELEASE.2024-12-13T22-19-12Z').start();
  }, 180_000);
  afterAll(async () => {
    await minio?.stop();
  });

  const options = () => ({
    accessKey: minio.getUsername(),
    secretKey: minio.getPassword(),
    useSSL: false,
    pathStyle: true,
    bucket: 'pitwall-contract',
  });
  blobStoreContract(() => createS3BlobStore({ ...options(), endPoint: minio.getHost(), port: minio.getPort() }));
  unavailableS3Contract(options);
});
