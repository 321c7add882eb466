import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import {
  BlobStoreUnavailableError,
  createMediaService,
  ImageRejectedError,
  imageKeyFromUrl,
  PayloadTooLargeError,
  readWithLimit,
} from '../src/index.ts';
import type { BlobMeta, BlobStore, StoredBlob } from '../src/index.ts';
import { canvas } from './images.ts';

/** An in-memory BlobStore for these tests; `failPut` makes chosen writes fail like an outage. */
function memoryBlobStore(failPut: (key: string) => boolean = () => false) {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const calls: string[] = [];
  const store: BlobStore = {
    description: 'memory',
    async init() {},
    async put(key: string, body: Buffer | Readable, meta: BlobMeta) {
      calls.push(`put ${key}`);
      if (failPut(key)) throw new BlobStoreUnavailableError('write', `memory put ${key} failed`);
      objects.set(key, { bytes: Buffer.isBuffer(body) ? body : await buffer(body), contentType: meta.contentType });
    },
    async get(key: string): Promise<StoredBlob | null> {
      calls.push(`get ${key}`);
      const object = objects.get(key);
      return object ? { stream: Readable.from([object.bytes]), contentType: object.contentType, size: object.bytes.length } : null;
    },
    async delete(key: string) {
      calls.push(`delete ${key}`);
      objects.delete(key);
    },
    async exists(key: string) {
      return objects.has(key);
    },
  };
  return { store, objects, calls };
}

/** An endless upload that counts how many bytes were pulled from it. */
function endlessUpload(chunkSize = 64 * 1024) {
  const state = { bytesRead: 0, destroyed: false };
  const stream = new Readable({
    read() {
      state.bytesRead += chunkSize;
      this.push(Buffer.alloc(chunkSize, 0xff));
    },
    destroy(error, callback) {
      state.destroyed = true;
      callback(error);
    },
  });
  return { stream, state };
}

const ID = '0b6f3c1e-5d2a-4f7b-9c8d-1e2f3a4b5c6d';
const fixed = { now: () => new Date('2026-11-05T10:00:00Z'), newId: () => ID };

describe('media service', () => {
  describe('storeImage', () => {
    it('stores the original and its thumbnail under generated keys and answers their URLs', async () => {
      const { store, objects } = memoryBlobStore();
      const media = createMediaService({ blobs: store, ...fixed });
      const stored = await media.storeImage(await canvas(1200, 800).jpeg().toBuffer());
      expect(stored).toEqual({
        key: `img/2026/11/${ID}.jpg`,
        thumbnailKey: `img/2026/11/${ID}-thumb.webp`,
        url: `/api/images/img/2026/11/${ID}.jpg`,
        thumbnailUrl: `/api/images/img/2026/11/${ID}.jpg?size=thumb`,
        contentType: 'image/jpeg',
        width: 1200,
        height: 800,
        size: objects.get(stored.key)!.bytes.length,
      });
      expect([...objects.keys()].sort()).toEqual([stored.key, stored.thumbnailKey].sort());
      expect(objects.get(stored.thumbnailKey)!.contentType).toBe('image/webp');
    });

    it('reads an upload stream under the limit', async () => {
      const { store } = memoryBlobStore();
      const media = createMediaService({ blobs: store, maxBytes: 1024 * 1024 });
      const png = await canvas(300, 200).png().toBuffer();
      const stored = await media.storeImage(Readable.from([png.subarray(0, 100), png.subarray(100)]));
      expect(stored.contentType).toBe('image/png');
      expect(stored.key).toMatch(/^img\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    });

    it('stops reading an upload stream at the limit: 413, the rest never read, nothing stored', async () => {
      const { store, calls } = memoryBlobStore();
      const maxBytes = 1024 * 1024;
      const media = createMediaService({ blobs: store, maxBytes });
      const upload = endlessUpload();
      const error = await media.storeImage(upload.stream).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayloadTooLargeError);
      expect((error as PayloadTooLargeError).statusCode).toBe(413);
      expect((error as PayloadTooLargeError).message).toBe('The file is too large: at most 1 MB can be uploaded.');
      expect(upload.state.destroyed).toBe(true);
      // The stream may buffer a chunk or two ahead (highWaterMark); an endless body ends right there.
      expect(upload.state.bytesRead).toBeLessThanOrEqual(maxBytes + 4 * 64 * 1024);
      expect(calls).toEqual([]);
    });

    it('refuses a Buffer over the limit at once: 413', async () => {
      const { store } = memoryBlobStore();
      const media = createMediaService({ blobs: store, maxBytes: 1000 });
      await expect(media.storeImage(Buffer.alloc(1001))).rejects.toBeInstanceOf(PayloadTooLargeError);
    });

    it('has a 10 MiB limit by default', () => {
      expect(createMediaService({ blobs: memoryBlobStore().store }).maxBytes).toBe(10 * 1024 * 1024);
    });

    it('stores nothing for a refused image', async () => {
      const { store, calls } = memoryBlobStore();
      const media = createMediaService({ blobs: store });
      await expect(media.storeImage(Buffer.from('<svg onload="alert(1)"/>'))).rejects.toBeInstanceOf(ImageRejectedError);
      expect(calls).toEqual([]);
    });

    it('deletes the original again when the thumbnail cannot be written, and reports the outage', async () => {
      const { store, objects, calls } = memoryBlobStore((key) => key.endsWith('-thumb.webp'));
      const media = createMediaService({ blobs: store, ...fixed });
      const error = await media.storeImage(await canvas(640, 480).jpeg().toBuffer()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlobStoreUnavailableError);
      expect((error as BlobStoreUnavailableError).statusCode).toBe(503);
      expect(calls).toEqual([
        `put img/2026/11/${ID}.jpg`,
        `put img/2026/11/${ID}-thumb.webp`,
        `delete img/2026/11/${ID}.jpg`,
      ]);
      expect(objects.size).toBe(0);
    });

    it('passes an error of the upload stream itself through', async () => {
      const media = createMediaService({ blobs: memoryBlobStore().store });
      const broken = new Readable({
        read() {
          this.destroy(new Error('connection reset by client'));
        },
      });
      await expect(media.storeImage(broken)).rejects.toThrow('connection reset by client');
    });
  });

  describe('openImage and deleteImage', () => {
    it('opens the original or the thumbnail by the image key', async () => {
      const { store } = memoryBlobStore();
      const media = createMediaService({ blobs: store });
      const stored = await media.storeImage(await canvas(900, 600).webp().toBuffer());

      const original = await media.openImage(stored.key);
      expect(original!.contentType).toBe('image/webp');
      expect((await sharp(await buffer(original!.stream)).metadata()).width).toBe(900);

      const thumbnail = await media.openImage(stored.key, { thumbnail: true });
      expect(thumbnail!.contentType).toBe('image/webp');
      expect((await sharp(await buffer(thumbnail!.stream)).metadata()).width).toBe(400);
    });

    it('answers null for keys it never generates, without asking the store', async () => {
      const { store, calls } = memoryBlobStore();
      const media = createMediaService({ blobs: store });
      for (const key of ['../../etc/passwd', `img/2026/11/${ID}-thumb.webp`, 'img/2026/11/x.jpg', `other/2026/11/${ID}.jpg`, `img/2026/11/${ID}.svg`]) {
        expect(await media.openImage(key)).toBeNull();
      }
      expect(calls).toEqual([]);
    });

    it('deleteImage removes the original and its thumbnail', async () => {
      const { store, objects } = memoryBlobStore();
      const media = createMediaService({ blobs: store });
      const stored = await media.storeImage(await canvas(500, 500).png().toBuffer());
      await media.deleteImage(stored.key);
      expect(objects.size).toBe(0);
      expect(await media.openImage(stored.key)).toBeNull();
    });
  });

  it('imageKeyFromUrl recovers the key from either URL and nothing else', () => {
    expect(imageKeyFromUrl(`/api/images/img/2026/11/${ID}.jpg`)).toBe(`img/2026/11/${ID}.jpg`);
    expect(imageKeyFromUrl(`/api/images/img/2026/11/${ID}.jpg?size=thumb`)).toBe(`img/2026/11/${ID}.jpg`);
    expect(imageKeyFromUrl('/uploads/photo.jpg')).toBeNull();
    expect(imageKeyFromUrl('/api/images/../secret')).toBeNull();
  });

  it('readWithLimit gives back everything up to exactly the limit', async () => {
    const bytes = Buffer.alloc(5000, 7);
    expect((await readWithLimit(Readable.from([bytes.subarray(0, 2500), bytes.subarray(2500)]), 5000)).equals(bytes)).toBe(true);
    await expect(readWithLimit(Readable.from([bytes, Buffer.from([1])]), 5000)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });
});
