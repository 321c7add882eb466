import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Test images made with sharp itself, so no binary fixtures live in the repository. */

/** A solid-colour or noisy RGB image of `width` × `height` px. */
export function canvas(width: number, height: number, options: { noise?: boolean } = {}) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 90, b: 160 },
      ...(options.noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } } : {}),
    },
  });
}

/**
 * A 200 × 100 JPEG whose left half is red and right half blue, stored sideways with EXIF
 * orientation 6 (display rotated 90° clockwise: 100 × 200, red on top) and a GPS position.
 */
export async function sidewaysJpegWithGps(): Promise<Buffer> {
  const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }).png().toBuffer();
  const blue = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#000000' } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 100, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'PitwallPhone', Model: 'Paddock 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 4/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '1/1 1/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A valid tiny PNG whose IHDR claims `width` × `height` px (CRC fixed up): a decompression bomb's
 * header without the cost of encoding one.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4) + … + CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
