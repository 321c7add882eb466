import { createHash } from 'node:crypto';

/**
 * ETags, strong and opaque to clients:
 * - a resource in one stream: `"<stream>.<revision>"`, e.g. `"car-12.57"` for revision 57 (stream
 *   position of its last event, 0 after the first) of the stream `car-12`;
 * - a list spanning several streams: `"<label>.<digest>"`, e.g. `"issues-car-12.Vd3…"`, the digest
 *   being the first 22 characters (132 bits) of the base64url SHA-256 of the lines
 *   `<stream>:<revision>` of its streams sorted by name (a stream added, removed or changed
 *   changes it).
 */
export function streamTag(streamName: string, revision: number): string {
  return `"${streamName}.${revision}"`;
}

/** The ETag of a list spanning the streams of `revisions` (see streamTag). */
export function setTag(label: string, revisions: ReadonlyMap<string, number>): string {
  const lines = [...revisions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, revision]) => `${name}:${revision}\n`);
  return `"${label}.${createHash('sha256').update(lines.join('')).digest('base64url').slice(0, 22)}"`;
}

/**
 * The entity tags of an If-Match / If-None-Match header: '*' for any, else the listed tags (weak
 * ones kept with their W/ prefix, so the strong comparison never matches them); null when absent.
 */
export function parseTagList(header: string | string[] | undefined): '*' | string[] | null {
  if (header === undefined) return null;
  const text = [header].flat().join(',').trim();
  if (text === '*') return '*';
  return text.split(',').map((t) => t.trim()).filter(Boolean);
}
