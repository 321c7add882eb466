import { createHash } from 'node:crypto';
import { START, type EventStore, type NewEvent, type RecordedEvent } from '@pitwall/eventstore';
import type { BlobStore } from '@pitwall/media';
import { thumbnailKeyOf } from '@pitwall/media';

/** Events read from the source per page. */
const PAGE = 500;

/** One stream's check after a migration: events and digest on each side. */
export interface StreamCheck {
  stream: string;
  sourceEvents: number;
  targetEvents: number;
  sourceDigest: string;
  targetDigest: string;
}

/** What {@link copyEvents} did: events appended now, events found already on the target (a resumed run), images copied. */
export interface CopyReport {
  appended: number;
  alreadyThere: number;
  images: number;
}

/** JSON with object keys sorted, so the same event digests the same whichever store (jsonb reorders keys) kept it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The digest of a stream's events, SHA-256 (hex) over each event's id, type, data and metadata
 * (canonical JSON, in stream order). The schema version is left out: both sides read events
 * upcast to the current version. Equal digests: the same history.
 */
function digestEvents(events: readonly RecordedEvent[]): string {
  const hash = createHash('sha256');
  for (const e of events) {
    const { schemaVersion: _version, ...metadata } = e.metadata;
    hash.update(`${canonical({ id: e.id, type: e.type, data: e.data, metadata })}\n`);
  }
  return hash.digest('hex');
}

/**
 * Copies every stream of `source` to `target` in the source's global order, with each event's id,
 * type, data and metadata (the time of each change is in its metadata `at`; the store's own
 * recorded time is the copy's). Resumable and idempotent: a stream's events already on the
 * target (by position) are skipped, so after an interruption the same call goes on where the
 * last one stopped. `stopAfter` (events appended) ends the run early, as an interruption would.
 * Also copies the image of every ImageUploaded (and its thumbnail) from `blobs.from` to
 * `blobs.to` when it is not there yet. `onProgress` gets the number of source events handled,
 * `onPage` every page of source events read.
 * @throws ConcurrencyError when a stream on the target has other events than the source at the same positions.
 */
export async function copyEvents(
  source: EventStore,
  target: EventStore,
  options: { stopAfter?: number; blobs?: { from: BlobStore; to: BlobStore }; onProgress?: (handled: number) => void; onPage?: (events: readonly RecordedEvent[]) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { appended: 0, alreadyThere: 0, images: 0 };
  const onTarget = new Map<string, number>();
  const lengthOnTarget = async (stream: string) => {
    let length = onTarget.get(stream);
    if (length === undefined) {
      length = (await target.readStream(stream)).length;
      onTarget.set(stream, length);
    }
    return length;
  };
  let handled = 0;
  let after = START;
  for (;;) {
    const page = await source.readAll({ after, limit: PAGE });
    options.onPage?.(page);
    // Consecutive events of one stream in one append.
    let i = 0;
    while (i < page.length) {
      const stream = page[i]!.streamName;
      let j = i;
      while (j < page.length && page[j]!.streamName === stream) j++;
      const length = await lengthOnTarget(stream);
      const missing = page.slice(i, j).filter((e) => e.streamPosition >= length);
      report.alreadyThere += j - i - missing.length;
      const room = options.stopAfter === undefined ? missing.length : Math.max(0, options.stopAfter - report.appended);
      const batch = missing.slice(0, room);
      if (batch.length > 0) {
        const first = batch[0]!.streamPosition;
        const events: NewEvent[] = batch.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }));
        await target.appendToStream(stream, events, { expectedRevision: first === 0 ? 'no_stream' : first - 1 });
        onTarget.set(stream, first + batch.length);
        report.appended += batch.length;
        if (options.blobs) report.images += await copyImages(batch, options.blobs.from, options.blobs.to);
      }
      if (batch.length < missing.length) return report;
      handled += j - i;
      options.onProgress?.(handled);
      i = j;
    }
    if (page.length < PAGE) return report;
    after = page[page.length - 1]!.position;
  }
}

/** Copies the images (original and thumbnail) that `events` record as uploaded and the target lacks; answers how many originals it copied. */
async function copyImages(events: readonly RecordedEvent[], from: BlobStore, to: BlobStore): Promise<number> {
  let copied = 0;
  for (const e of events) {
    if (e.type !== 'ImageUploaded') continue;
    const key = (e.data as { key: string }).key;
    for (const blobKey of [key, thumbnailKeyOf(key)]) {
      if (await to.exists(blobKey)) continue;
      const blob = await from.get(blobKey);
      if (!blob) continue; // gone on the source too: its events still tell what it was
      await to.put(blobKey, blob.stream, { contentType: blob.contentType, size: blob.size });
      if (blobKey === key) copied++;
    }
  }
  return copied;
}

/**
 * Checks every stream of `source` against `target`: the number of events and their digest on each
 * side ({@link digestEvents}). Answers one row per stream, in the source's order of first event.
 */
export async function verifyCopy(source: EventStore, target: EventStore): Promise<StreamCheck[]> {
  const streams: string[] = [];
  const seen = new Set<string>();
  let after = START;
  for (;;) {
    const page = await source.readAll({ after, limit: PAGE });
    for (const e of page) {
      if (!seen.has(e.streamName)) {
        seen.add(e.streamName);
        streams.push(e.streamName);
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.position;
  }
  const checks: StreamCheck[] = [];
  for (const stream of streams) {
    const [from, to] = [await source.readStream(stream), await target.readStream(stream)];
    checks.push({ stream, sourceEvents: from.length, targetEvents: to.length, sourceDigest: digestEvents(from), targetDigest: digestEvents(to) });
  }
  return checks;
}

/** Whether every stream has the same count and digest on both sides. */
export const copyIsComplete = (checks: readonly StreamCheck[]) => checks.every((c) => c.sourceEvents === c.targetEvents && c.sourceDigest === c.targetDigest);

/** The verification as a text table: stream, events on each side, the first 16 hex digits of each digest, and 'ok' or 'DIFFERS'; a total line at the end. */
export function formatChecks(checks: readonly StreamCheck[]): string[] {
  const width = Math.max('stream'.length, ...checks.map((c) => c.stream.length));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padStart(i < 3 ? 7 : 16))).join('  ');
  const lines = [row(['stream', 'source', 'target', 'source digest', 'target digest', 'check'])];
  for (const c of checks) {
    const ok = c.sourceEvents === c.targetEvents && c.sourceDigest === c.targetDigest;
    lines.push(row([c.stream, String(c.sourceEvents), String(c.targetEvents), c.sourceDigest.slice(0, 16), c.targetDigest.slice(0, 16), ok ? 'ok' : 'DIFFERS']));
  }
  const differing = checks.filter((c) => c.sourceEvents !== c.targetEvents || c.sourceDigest !== c.targetDigest).length;
  const events = checks.reduce((n, c) => n + c.sourceEvents, 0);
  lines.push(`${checks.length} streams, ${events} events: ${differing === 0 ? 'all equal' : `${differing} differ`}`);
  return lines;
}
