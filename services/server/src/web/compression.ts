import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';

/** Answers (JSON, the shell's page, a static file without a precompressed copy) smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Every answer of the app over COMPRESS_THRESHOLD_BYTES goes brotli (quality 4: a fast
 * level with most of the gain on JSON) or gzip, by Accept-Encoding, through @fastify/compress. The
 * built web files are precompressed at build time and pass through as they are (already encoded).
 * Register before the routes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
}
