import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { ValidationError } from '@pitwall/domain';

/**
 * What an import reads at most from a stranger's zip. Why these: a team export holds a few files
 * plus two per image (an image is at most the intake's 25 MiB), and a real team's history is
 * well under a million events; deflate packs at most ~1,032:1, and JSON and images rarely beyond
 * 20:1, so a higher ratio on a large entry is a bomb, not an export.
 */
export const IMPORT_LIMITS = {
  /** Files in the zip. */
  entries: 20_000,
  /** Bytes of every file inflated together (4 GiB). */
  inflatedBytes: 4 * 1024 ** 3,
  /** Inflated ÷ compressed size of an entry above `ratioFloorBytes` inflated. */
  ratio: 200,
  /** Entries smaller than this (1 MiB inflated) are not checked for their ratio (a small JSON file packs well). */
  ratioFloorBytes: 1024 ** 2,
  /** Events in events.ndjson. */
  events: 500_000,
  /** Bytes of one line of events.ndjson (1 MiB): one event, parsed at once. */
  eventLineBytes: 1024 ** 2,
} as const;
export type ImportLimits = { readonly [K in keyof typeof IMPORT_LIMITS]: number };

/** One file of the zip, written to the work dir: its path there, inflated size and SHA-256 (hex). */
export interface UnpackedFile {
  path: string;
  size: number;
  sha256: string;
}

/** A refusal of the whole file naming the limit it broke; answered as 400 naming the field `file`. */
export const overLimit = (what: string): ValidationError => new ValidationError(`file: This file is larger than an import takes (${what}).`);
const notZip = (): ValidationError => new ValidationError('file: This is not a Pitwall team export (it is not a readable zip file).');

const openZip = promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open);

/**
 * Inflates every file of the zip at `zipPath` into `workDir` (as `0`, `1`, …; names are never
 * used as paths), one entry at a time as a stream, counting bytes as they come: refuses the file
 * (ValidationError 'file: …', naming the limit) past `limits.entries`, `limits.inflatedBytes` in
 * all, or an entry whose declared size is beyond `limits.ratio` times its compressed size; yauzl
 * checks that no entry inflates beyond its declared size. Memory stays at a chunk or two whatever
 * the zip holds. Answers the files by their name in the zip.
 */
export async function unpackZip(zipPath: string, workDir: string, limits: ImportLimits = IMPORT_LIMITS): Promise<Map<string, UnpackedFile>> {
  const zip = await openZip(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }).catch(() => {
    throw notZip();
  });
  const files = new Map<string, UnpackedFile>();
  let inflated = 0;
  try {
    if (zip.entryCount > limits.entries) throw overLimit(`more than ${limits.entries} files`);
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > limits.ratio * Math.max(1, entry.compressedSize)) throw overLimit(`${entry.fileName} inflates more than ${limits.ratio} times`);
      if (inflated + entry.uncompressedSize > limits.inflatedBytes) throw overLimit(`more than ${limits.inflatedBytes} bytes unpacked`);
      const stream = await promisify<yauzl.Entry, Readable>(zip.openReadStream.bind(zip))(entry).catch(() => {
        throw notZip();
      });
      const digest = createHash('sha256');
      let size = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          // The declared size may lie on a zip without data descriptors' checks: count what comes.
          if (inflated + size > limits.inflatedBytes) return done(overLimit(`more than ${limits.inflatedBytes} bytes unpacked`));
          digest.update(chunk);
          done(null, chunk);
        },
      });
      const file = path.join(workDir, String(files.size));
      await pipeline(stream, counting, createWriteStream(file)).catch((error: unknown) => {
        throw error instanceof ValidationError ? error : notZip();
      });
      inflated += size;
      files.set(entry.fileName, { path: file, size, sha256: digest.digest('hex') });
    }
    return files;
  } finally {
    zip.close();
  }
}

/** The next entry of a lazily read zip, or null at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => (zip.off('entry', onEntry), zip.off('end', onEnd), zip.off('error', onError));
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = () => (cleanup(), reject(notZip()));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}
