import sharp from 'sharp';
import { canDecodeHeic, ImageRejectedError, processUpload } from '../src/index.ts';
import type { ImageRejectionReason } from '../src/index.ts';
import { canvas, pngClaiming, sidewaysJpegWithGps } from './images.ts';

async function rejection(bytes: Buffer, limits?: Parameters<typeof processUpload>[1]): Promise<ImageRejectedError> {
  const error = await processUpload(bytes, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

function expectRejected(error: ImageRejectedError, reason: ImageRejectionReason, status: 415 | 422, message: RegExp | string) {
  expect(error.reason).toBe(reason);
  expect(error.statusCode).toBe(status);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SCRIPT = Buffer.from('<script>fetch("/api/teams").then(r => r.text()).then(alert)</script>');

describe('processUpload', () => {
  describe('when the photo comes from a phone held upright (EXIF orientation 6) with a GPS position', () => {
    let input: Buffer;
    let result: Awaited<ReturnType<typeof processUpload>>;
    beforeAll(async () => {
      input = await sidewaysJpegWithGps();
      result = await processUpload(input);
    });

    it('the input really carries orientation 6 and EXIF', async () => {
      const meta = await sharp(input).metadata();
      expect(meta.orientation).toBe(6);
      expect(meta.width).toBe(200);
      expect(meta.exif?.includes(Buffer.from('PitwallPhone'))).toBe(true);
    });

    it('stores the original upright as JPEG: width and height swapped, red on top', async () => {
      expect(result.original.contentType).toBe('image/jpeg');
      expect(result.original.ext).toBe('jpg');
      expect([result.width, result.height]).toEqual([100, 200]);
      const { data, info } = await sharp(result.original.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([100, 200]);
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(pixel(50, 20)[0]).toBeGreaterThan(200); // red on top
      expect(pixel(50, 180)[2]).toBeGreaterThan(200); // blue below
    });

    it('keeps no metadata in the stored original: no EXIF, no GPS, no orientation tag', async () => {
      const meta = await sharp(result.original.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(result.original.bytes.includes(Buffer.from('PitwallPhone'))).toBe(false);
      expect(result.thumbnail.bytes.includes(Buffer.from('PitwallPhone'))).toBe(false);
    });

    it('makes an upright WebP thumbnail', async () => {
      const meta = await sharp(result.thumbnail.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([100, 200]);
      expect(meta.exif).toBeUndefined();
    });
  });

  it.each([
    ['JPEG', 'jpeg', 'image/jpeg', 'jpg', 4032, 3024],
    ['PNG', 'png', 'image/png', 'png', 1600, 1200],
    ['WebP', 'webp', 'image/webp', 'webp', 900, 1800],
  ] as const)('accepts %s, keeps its format and makes a 400 px WebP thumbnail', async (_name, format, contentType, ext, width, height) => {
    const input = await canvas(width, height)[format]().toBuffer();
    const result = await processUpload(input);
    expect(result.original.contentType).toBe(contentType);
    expect(result.original.ext).toBe(ext);
    expect([result.width, result.height]).toEqual([width, height]);
    expect((await sharp(result.original.bytes).metadata()).format).toBe(format);
    const thumb = await sharp(result.thumbnail.bytes).metadata();
    expect(thumb.format).toBe('webp');
    expect(result.thumbnail.contentType).toBe('image/webp');
    expect(Math.max(thumb.width!, thumb.height!)).toBe(400);
    expect(thumb.width! / thumb.height!).toBeCloseTo(width / height, 1);
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([thumb.width, thumb.height]);
  });

  it('does not enlarge a small image for its thumbnail', async () => {
    const result = await processUpload(await canvas(120, 80).png().toBuffer());
    expect([result.thumbnail.width, result.thumbnail.height]).toEqual([120, 80]);
  });

  describe('refuses, whatever the client claimed', () => {
    it('a script behind a PNG signature (sent as image/png): 415, the signature alone is not enough', async () => {
      const lie = Buffer.concat([PNG_SIGNATURE, SCRIPT]);
      expectRejected(await rejection(lie), 'unsupported-type', 415, 'The file is not a recognised image. Only JPEG, PNG and WebP images can be uploaded.');
    });

    it('a script behind a real PNG header chunk: 422 not a valid image', async () => {
      const png = await canvas(50, 50).png().toBuffer();
      const lie = Buffer.concat([png.subarray(0, 33), SCRIPT]); // signature + IHDR, then the script
      expectRejected(await rejection(lie), 'not-an-image', 422, 'The file is not a valid image.');
    });

    it('an SVG with a script: 415', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
      );
      expectRejected(await rejection(svg), 'unsupported-type', 415, /^SVG and other markup files are not accepted\. Only JPEG, PNG and WebP/);
      const bare = Buffer.from('<svg onload="alert(1)" xmlns="http://www.w3.org/2000/svg"/>');
      expect((await rejection(bare)).statusCode).toBe(415);
    });

    it('a shell script or plain text: 415', async () => {
      expectRejected(
        await rejection(Buffer.from('#!/bin/sh\nrm -rf /\n')),
        'unsupported-type',
        415,
        'The file is not a recognised image. Only JPEG, PNG and WebP images can be uploaded.',
      );
    });

    it('an image type that is not accepted (GIF, AVIF) names the type: 415', async () => {
      expectRejected(await rejection(await canvas(20, 20).gif().toBuffer()), 'unsupported-type', 415, /^The file is a GIF file\./);
      expectRejected(await rejection(await canvas(20, 20).avif().toBuffer()), 'unsupported-type', 415, /^The file is a AVIF file\./);
    });

    it('a truncated JPEG: 422 not a complete image', async () => {
      const whole = await canvas(800, 600, { noise: true }).jpeg({ quality: 90 }).toBuffer();
      const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
      expectRejected(await rejection(truncated), 'incomplete', 422, 'The file is not a complete image.');
    });

    it('a truncated PNG: 422 not a complete image', async () => {
      const whole = await canvas(400, 300, { noise: true }).png().toBuffer();
      expectRejected(await rejection(whole.subarray(0, whole.length - 2000)), 'incomplete', 422, 'The file is not a complete image.');
    });

    it('a decompression bomb (a tiny PNG claiming 30000 × 30000 px): 422 before decoding', async () => {
      const bomb = await pngClaiming(30_000, 30_000);
      expect(bomb.length).toBeLessThan(100);
      expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
      const started = Date.now();
      expectRejected(await rejection(bomb), 'too-many-pixels', 422, 'Image is too large: at most 50 megapixels');
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('a real 60-megapixel PNG that compresses to a few kB: 422', async () => {
      const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(1_000_000);
      expectRejected(await rejection(bomb), 'too-many-pixels', 422, 'Image is too large: at most 50 megapixels');
    });

    it('an image over a configured pixel limit: 422', async () => {
      const input = await canvas(1200, 1000).jpeg().toBuffer();
      expectRejected(await rejection(input, { maxPixels: 1_000_000 }), 'too-many-pixels', 422, 'Image is too large: at most 1 megapixels');
    });

    it('an empty file: 422', async () => {
      expectRejected(await rejection(Buffer.alloc(0)), 'empty', 422, 'The file is empty.');
    });
  });

  it('HEIC is decoded where this sharp build can (a global libvips with libde265), else refused with a message', async () => {
    // A minimal ISO-BMFF header with the `heic` brand: enough for the signature check.
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    const error = await rejection(heicHeader);
    if (await canDecodeHeic()) {
      expect(error.reason).not.toBe('unsupported-type');
    } else {
      expectRejected(error, 'unsupported-type', 415, /^HEIC photos cannot be read here\./);
    }
  });
});
