import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import yauzl from 'yauzl';

/** Reading and writing team export files in tests: what a writer of the format (or an attacker) could make. */

/** The names and bytes of the files in a zip. */
export function unzipped(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(files));
      file.readEntry();
    });
  });
}

/** A zip of `files` (the test's way to write an export as an older Pitwall did). */
export async function zipOf(files: Map<string, Buffer | Readable>, options: archiver.ZipOptions = {}): Promise<Buffer> {
  const archive = archiver('zip', options);
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => archive.on('end', resolve).on('error', reject));
  for (const [name, bytes] of files) archive.append(bytes, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The export with its events.ndjson lines changed by `edit`, and the manifest's checksum to match (what a writer of the format could make). */
export async function withEvents(zip: Buffer, edit: (lines: string[]) => string[]): Promise<Buffer> {
  const files = await unzipped(zip);
  const events = Buffer.from(`${edit(files.get('events.ndjson')!.toString().trim().split('\n')).join('\n')}\n`);
  files.set('events.ndjson', events);
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { sha256: Record<string, string>; counts: { events: number } };
  manifest.sha256['events.ndjson'] = createHash('sha256').update(events).digest('hex');
  manifest.counts.events = events.toString().trim().split('\n').length;
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return zipOf(files);
}

/** A manifest for `events` whose checksum matches, claiming `count` events. */
export function manifestFor(events: Buffer, count: number): Buffer {
  return Buffer.from(
    JSON.stringify({
      format: 'pitwall-team-export',
      formatVersion: 1,
      exportedAt: '2026-11-28T10:00:00.000Z',
      team: { id: 1, name: 'Bomb Racing' },
      counts: { streams: 1, events: count, images: 0 },
      sha256: { 'events.ndjson': createHash('sha256').update(events).digest('hex'), 'members.json': createHash('sha256').update('[]').digest('hex') },
    }),
  );
}

/** `n` lines that are events by shape (a car's creation each, in its own stream). */
export function carLines(n: number): Buffer {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    const data = { carId: i, name: `Car ${randomUUID()}`, makeModel: 'Mazda MX-5 (ND2)', year: 2022, color: '#c8102e' };
    lines.push(JSON.stringify({ stream: `car-${i}`, streamPosition: 0, id: randomUUID(), type: 'CarCreated', data, metadata: { userId: 1, teamId: 1, correlationId: randomUUID(), causationId: null, at: '2026-11-28T10:00:00.000Z' }, recordedAt: '2026-11-28T10:00:00.000Z' }));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}
