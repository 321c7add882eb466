import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import yauzl from 'yauzl';
import { z } from 'zod';
import { openPgliteDatabase, type Database } from '@pitwall/eventstore';
import { pgliteDataDir } from '../embedded-database.ts';
import { addEntry, hashing } from '../transfer/export-team.ts';

/**
 * Backups of the embedded instance: one zip holding `pgdata.tar.gz` (the PGlite database as a
 * snapshot, Database.snapshot: every transaction committed before it, nothing after),
 * `blobs/<key>` (the images on disk) and `backup.json` (format, time, events, SHA-256 of the
 * snapshot and of every image file). The running server makes it (control-server.ts), so it never stops; a stopped data
 * dir is backed up by opening it directly.
 */
const BACKUP_FORMAT = 'pitwall-backup';
const BACKUP_FORMAT_VERSION = 1;
const SNAPSHOT_FILE = 'pgdata.tar.gz';
const MANIFEST_FILE = 'backup.json';
const BLOBS = 'blobs';

const BackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  events: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** SHA-256 (hex) of each image file by its name in the zip; absent in backups made before it was kept (their images are not checked). */
  blobs: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)).optional(),
});
export type BackupManifest = z.infer<typeof BackupManifest>;

/** Every file under `dir`, as paths relative to it ('/' separators); none when it does not exist. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, relative)));
    // The disk store writes a temporary file and renames it: a half-written image is never copied.
    else if (entry.isFile() && !entry.name.startsWith('.')) out.push(relative);
  }
  return out;
}

/**
 * Streams a backup of the embedded instance on `db` (a PGlite database) with the images under
 * `<dataDir>/blobs`. The snapshot is taken first; images written after it may be in the file too
 * (unreferenced), never one missing that the snapshot's events refer to (an image is stored before
 * its event is). @throws TypeError when `db` cannot take snapshots (not PGlite).
 */
export function streamBackup(db: Database, dataDir: string, now: Date): Readable {
  if (!db.snapshot) throw new TypeError('backups are of the embedded database (PGlite) only');
  const snapshotOf = db.snapshot.bind(db);
  const archive = archiver('zip', { zlib: { level: 1 } });
  const fill = async () => {
    const snapshot = Buffer.from(await (await snapshotOf()).arrayBuffer());
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    await addEntry(archive, snapshot, SNAPSHOT_FILE);
    const blobs = path.join(dataDir, BLOBS);
    const digests: Record<string, string> = {};
    for (const file of await filesUnder(blobs)) {
      const name = `${BLOBS}/${file}`;
      const digest = createHash('sha256');
      await addEntry(archive, hashing(createReadStream(path.join(blobs, file)), digest), name);
      digests[name] = digest.digest('hex');
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), events: rows[0]!.n, sha256: createHash('sha256').update(snapshot).digest('hex'), blobs: digests };
    await addEntry(archive, JSON.stringify(manifest, null, 2), MANIFEST_FILE);
    await archive.finalize();
  };
  void fill().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}

/** The files of a zip by name (a backup is read whole: the snapshot is loaded at once anyway). */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(new Error(`${file} is not a Pitwall backup (not a readable zip file)`));
      const files = new Map<string, Buffer>();
      const damaged = (name: string) => new Error(`${file} is damaged: ${name} cannot be read`);
      zip.on('error', () => reject(damaged('its zip directory')));
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(damaged(entry.fileName));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', () => reject(damaged(entry.fileName)));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A backup read and checked: its manifest, snapshot and images (each SHA-256 matching its manifest). @throws Error naming what is wrong. */
async function readBackup(file: string): Promise<{ manifest: BackupManifest; snapshot: Buffer; blobs: [string, Buffer][] }> {
  const files = await readZip(file);
  const parsed = BackupManifest.safeParse(JSON.parse(files.get(MANIFEST_FILE)?.toString('utf8') ?? 'null'));
  if (!parsed.success) throw new Error(`${file} is not a Pitwall backup (no backup.json)`);
  if (parsed.data.formatVersion > BACKUP_FORMAT_VERSION) throw new Error(`${file} was made by a newer Pitwall (backup format ${parsed.data.formatVersion})`);
  const snapshot = files.get(SNAPSHOT_FILE);
  if (!snapshot || createHash('sha256').update(snapshot).digest('hex') !== parsed.data.sha256) throw new Error(`${file} is damaged: ${SNAPSHOT_FILE} does not match its checksum`);
  const blobs = [...files].filter(([name]) => name.startsWith(`${BLOBS}/`));
  // Every image the backup was written with, with its bytes unchanged (a lost or bit-rotted image fails the check).
  for (const [name, digest] of Object.entries(parsed.data.blobs ?? {})) {
    const bytes = files.get(name);
    if (!bytes) throw new Error(`${file} is damaged: ${name} is missing`);
    if (createHash('sha256').update(bytes).digest('hex') !== digest) throw new Error(`${file} is damaged: ${name} does not match its checksum`);
  }
  return { manifest: parsed.data, snapshot, blobs };
}

/**
 * Checks a backup without restoring it anywhere: the checksums (snapshot, every image), then the snapshot opened in memory
 * and its events counted against the manifest. Answers the manifest and the events found.
 * @throws Error naming the problem (not a backup, damaged, a different number of events).
 */
export async function checkBackup(file: string): Promise<{ manifest: BackupManifest; events: number; images: number }> {
  const { manifest, snapshot, blobs } = await readBackup(file);
  const db = await openPgliteDatabase(undefined, { loadDataDir: new Blob([new Uint8Array(snapshot)]) });
  try {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    if (rows[0]!.n !== manifest.events) throw new Error(`${file} is damaged: it holds ${rows[0]!.n} events, its manifest says ${manifest.events}`);
    return { manifest, events: rows[0]!.n, images: blobs.filter(([name]) => !name.endsWith('-thumb.webp')).length };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup into `dataDir`, which must be empty or not exist (a restore never mixes with
 * other data): the images into `<dataDir>/blobs`, the database into `<dataDir>/pgdata`. Start the
 * server on it afterwards. Answers the manifest. @throws Error naming the problem, writing nothing into a non-empty dir.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  const dir = path.resolve(dataDir);
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new Error(`${dir} is not empty: restore into an empty data dir (move the old one away first)`);
  if ((await stat(dir).catch(() => null))?.isFile()) throw new Error(`${dir} is a file, not a data dir`);
  const { manifest, snapshot, blobs } = await readBackup(file);
  for (const [name, bytes] of blobs) {
    const target = path.join(dir, name);
    if (!target.startsWith(path.join(dir, BLOBS) + path.sep)) throw new Error(`${file} is damaged: ${name} points outside the data dir`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  const db = await openPgliteDatabase(pgliteDataDir(dir), { loadDataDir: new Blob([new Uint8Array(snapshot)]) });
  await db.close();
  return manifest;
}
