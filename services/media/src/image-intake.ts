import type SharpDefault from 'sharp';
import type { Metadata, Sharp } from 'sharp';

let loadedSharp: Promise<typeof SharpDefault> | undefined;

/**
 * sharp (libvips), loaded on the first upload so that a start does not pay for it. Every upload is
 * a new image: libvips' operation cache would only hold memory (up to 50 MB), so it is off.
 */
async function sharpModule(): Promise<typeof SharpDefault> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

/** The image types kept as uploaded (after re-encoding). */
export type AcceptedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * Limits of {@link processUpload}.
 * - `maxPixels`: width × height of the decoded image, default 50 000 000 (50 megapixels; a 48 MP
 *   phone photo passes, decompression bombs do not).
 * - `thumbnailSize`: the thumbnail's long side in px, default 400; smaller images are not enlarged.
 */
export interface IntakeLimits {
  maxPixels: number;
  thumbnailSize: number;
}

/** Defaults of {@link IntakeLimits}. */
export const DEFAULT_INTAKE_LIMITS: IntakeLimits = { maxPixels: 50_000_000, thumbnailSize: 400 };

/**
 * The result of {@link processUpload}.
 * - `original`: the upright, metadata-free re-encoding to store (JPEG q90, PNG, or WebP q90) with
 *   its MIME type and file extension (`jpg`, `png`, `webp`).
 * - `thumbnail`: WebP (q80), `thumbnailSize` px on the long side.
 * - `width`, `height`: of `original` in px, after EXIF orientation was applied.
 */
export interface ProcessedImage {
  original: { bytes: Buffer; contentType: AcceptedImageType; ext: 'jpg' | 'png' | 'webp' };
  thumbnail: { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };
  width: number;
  height: number;
}

/**
 * Why an upload was refused:
 * - `empty` (422): no bytes;
 * - `unsupported-type` (415): the bytes are not JPEG, PNG or WebP (SVG, GIF, HEIC without a
 *   decoder, PDF, scripts, text, …) whatever the client's MIME type or file name said;
 * - `not-an-image` (422): the signature says image but the header cannot be read (e.g. a PNG
 *   signature followed by a script);
 * - `incomplete` (422): the pixel data is truncated or corrupt;
 * - `too-many-pixels` (422): more than `maxPixels` (decompression-bomb guard).
 */
export type ImageRejectionReason = 'empty' | 'unsupported-type' | 'not-an-image' | 'incomplete' | 'too-many-pixels';

/**
 * An upload that is not an acceptable image. `statusCode` is 415 for a type that is not accepted
 * and 422 for an accepted type whose content is broken or too large; `message` is written for the
 * user and is safe to return as `{ message }`.
 */
export class ImageRejectedError extends Error {
  readonly statusCode: 415 | 422;
  readonly reason: ImageRejectionReason;

  constructor(reason: ImageRejectionReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
    this.reason = reason;
    this.statusCode = reason === 'unsupported-type' ? 415 : 422;
  }
}

const ACCEPTED_TYPES_TEXT = 'Only JPEG, PNG and WebP images can be uploaded.';

/**
 * Whether this sharp build decodes HEIC (HEVC). The prebuilt sharp binaries decode AVIF only
 * (HEVC is patent-encumbered), so HEIC is refused unless sharp runs on a global libvips with
 * libde265.
 */
export async function canDecodeHeic(): Promise<boolean> {
  return (await sharpModule()).format.heif.input.fileSuffix?.includes('.heic') ?? false;
}

type SharpFormat = 'jpeg' | 'png' | 'webp' | 'heif';

async function detectFormat(bytes: Buffer): Promise<SharpFormat> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  switch (detected?.mime) {
    case 'image/jpeg':
      return 'jpeg';
    case 'image/png':
      return 'png';
    case 'image/webp':
      return 'webp';
    case 'image/heic':
    case 'image/heif':
    case 'image/heic-sequence':
    case 'image/heif-sequence':
      if (await canDecodeHeic()) return 'heif';
      throw new ImageRejectedError(
        'unsupported-type',
        `HEIC photos cannot be read here. ${ACCEPTED_TYPES_TEXT} On an iPhone, choose Settings › Camera › Formats › Most Compatible, or share the photo as JPEG.`,
      );
  }
  const textual = detected === undefined || detected.mime.includes('xml') || detected.mime.startsWith('text/');
  if (textual && looksLikeSvgOrMarkup(bytes)) {
    throw new ImageRejectedError('unsupported-type', `SVG and other markup files are not accepted. ${ACCEPTED_TYPES_TEXT}`);
  }
  const what = detected ? `a ${detected.ext.toUpperCase()} file` : 'not a recognised image';
  throw new ImageRejectedError('unsupported-type', `The file is ${what}. ${ACCEPTED_TYPES_TEXT}`);
}

// Only for a better message: such bytes are refused anyway because no image signature matched.
function looksLikeSvgOrMarkup(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!doctype') || head.startsWith('<html');
}

function megapixels(pixels: number): string {
  return String(Math.floor(pixels / 1_000_000));
}

function tooManyPixels(limits: IntakeLimits, cause?: unknown): ImageRejectedError {
  return new ImageRejectedError('too-many-pixels', `Image is too large: at most ${megapixels(limits.maxPixels)} megapixels`, { cause });
}

/**
 * Checks an uploaded file and prepares what gets stored.
 *
 * 1. The type comes from the bytes' signature (`file-type`), never from the client: JPEG, PNG and
 *    WebP are accepted; HEIC only if {@link canDecodeHeic} (then stored as JPEG).
 * 2. The header must parse as that format, and width × height must not exceed `maxPixels`; this is
 *    checked before any pixel is decoded, and sharp's `limitInputPixels` enforces it again.
 * 3. The original is re-encoded upright (EXIF orientation applied) with all metadata dropped, so no
 *    GPS position, camera serial or embedded thumbnail leaks: JPEG q90, PNG as PNG,
 *    WebP q90. Colours are converted to sRGB. Animated WebP keeps its first frame only.
 * 4. The thumbnail is WebP q80, `thumbnailSize` px on the long side.
 *
 * Decoding is strict (`failOn: 'error'`): truncated or corrupt data is refused; libjpeg warnings
 * that phones produce (extraneous bytes) are tolerated.
 *
 * @param bytes the whole uploaded file (use the media service's size guard to bound it first).
 * @throws ImageRejectedError (415/422) with a user-readable message; nothing is returned then.
 */
export async function processUpload(bytes: Buffer, limits: Partial<IntakeLimits> = {}): Promise<ProcessedImage> {
  const effective: IntakeLimits = { ...DEFAULT_INTAKE_LIMITS, ...limits };
  if (bytes.length === 0) throw new ImageRejectedError('empty', 'The file is empty.');

  const format = await detectFormat(bytes);
  const sharp = await sharpModule();
  const input = () =>
    sharp(bytes, { failOn: 'error', limitInputPixels: effective.maxPixels, sequentialRead: true, autoOrient: true });

  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRejectedError('not-an-image', 'The file is not a valid image.', { cause: error });
  }
  if (header.format !== format || !header.width || !header.height) {
    throw new ImageRejectedError('not-an-image', 'The file is not a valid image.');
  }
  if (header.width * header.height > effective.maxPixels) throw tooManyPixels(effective);

  const ext = format === 'png' ? 'png' : format === 'webp' ? 'webp' : 'jpg';
  const contentType: AcceptedImageType = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
  const encodeOriginal = (image: Sharp) =>
    ext === 'png'
      ? image.png({ compressionLevel: 6 })
      : ext === 'webp'
        ? image.webp({ quality: 90 })
        : image.jpeg({ quality: 90, optimiseCoding: false });

  try {
    const [original, thumbnail] = await Promise.all([
      encodeOriginal(input()).toBuffer({ resolveWithObject: true }),
      input()
        .resize(effective.thumbnailSize, effective.thumbnailSize, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      original: { bytes: original.data, contentType, ext },
      thumbnail: {
        bytes: thumbnail.data,
        contentType: 'image/webp',
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
      width: original.info.width,
      height: original.info.height,
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(effective, error);
    throw new ImageRejectedError('incomplete', 'The file is not a complete image.', { cause: error });
  }
}
