import { createHash, type Hash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import archiver, { type Archiver } from 'archiver';
import { stringify } from 'csv-stringify';
import { csvSafeCell, ESCAPED_CELL } from './csv-cell.ts';
import { comparePositions, START, type EventStore, type RecordedEvent, type Sql } from '@pitwall/eventstore';
import { MAX_SECTORS, type LapValue, type StintValue } from '@pitwall/contracts';
import { lapSheetRows } from '@pitwall/contracts/values';
import { imageKeyFromUrl, thumbnailKeyOf, type MediaService } from '@pitwall/media';
import { CSV_FOLDER, EVENTS_FILE, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, IMAGES_FOLDER, MANIFEST_FILE, MEMBERS_FILE, README_FILE, type ExportedEvent, type ExportedMembers, type Manifest } from './format.ts';
import { exportReadme } from './readme.ts';

/** What an export reads: the event store, the read models (members, CSV tables) and the images. */
export interface ExportSources {
  store: EventStore;
  db: Sql;
  media: MediaService;
}

/** Events read from the store per page while the export streams. */
const PAGE = 500;
/** Event types that open an account stream: accounts are the instance's, never a team's (they hold password hashes). */
export const ACCOUNT_TYPES: ReadonlySet<string> = new Set(['UserRegistered', 'UsernameClaimed', 'UserImported', 'ImportedUserPasswordSet', 'ImportedUserDiscarded', 'UsernameReleased']);
/** The server's bookkeeping of team imports (stream `teamImport-<id>`): the instance's, never a team's history. */
export const IMPORT_BOOKKEEPING_TYPES: ReadonlySet<string> = new Set(['TeamImportStarted', 'TeamImportImagesStored', 'TeamImportCompleted', 'TeamImportAbandoned']);

/**
 * Whether a stream whose first event is `first` belongs to team `teamId`: the team that was
 * acting when the stream was created (every command records it in the metadata), or, for an
 * uploaded image, one of the teams it was uploaded for. Generic over stream types, so a new
 * aggregate is exported without a change here.
 */
export function streamBelongsToTeam(first: RecordedEvent, teamId: number): boolean {
  if (ACCOUNT_TYPES.has(first.type) || IMPORT_BOOKKEEPING_TYPES.has(first.type)) return false;
  if (first.metadata.teamId === teamId) return true;
  const teamIds = (first.data as { teamIds?: unknown }).teamIds;
  return first.type === 'ImageUploaded' && Array.isArray(teamIds) && teamIds.includes(teamId);
}

/**
 * Streams the export of team `team` as a zip (format in format.ts, documented in the package
 * README): events.ndjson (every event of the team's streams in the store's global order, up to
 * the head when the export started, with its metadata), members.json, the images and their
 * thumbnails, csv/<read model>.csv, manifest.json (counts and SHA-256 of each file) and
 * README.txt. Nothing is held whole in memory but a page of events or of CSV rows and the names
 * of the team's streams and images.
 * A failure while it streams destroys the returned stream with the error (the download breaks
 * off; a reader never takes a cut file for whole, as the manifest is written last).
 */
export function exportTeam(sources: ExportSources, team: { id: number; name: string }, now: Date): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  void writeExport(archive, sources, team, now).catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}

async function writeExport(archive: Archiver, sources: ExportSources, team: { id: number; name: string }, now: Date): Promise<void> {
  const sha256: Record<string, string> = {};
  const teamStreams = new Set<string>();
  const imageKeys = new Set<string>();
  const userIds = new Set<number>();
  let events = 0;

  const head = await sources.store.headPosition();
  const hash = createHash('sha256');
  async function* lines(): AsyncGenerator<string> {
    let after = START;
    for (;;) {
      const page = await sources.store.readAll({ after, limit: PAGE });
      for (const event of page) {
        if (comparePositions(event.position, head) > 0) return;
        after = event.position;
        if (event.streamPosition === 0 && streamBelongsToTeam(event, team.id)) teamStreams.add(event.streamName);
        if (!teamStreams.has(event.streamName)) continue;
        noteReferences(event, imageKeys, userIds);
        const line: ExportedEvent = { stream: event.streamName, streamPosition: event.streamPosition, id: event.id, type: event.type, data: event.data, metadata: event.metadata, recordedAt: event.recordedAt.toISOString() };
        const text = `${JSON.stringify(line)}\n`;
        hash.update(text);
        events++;
        yield text;
      }
      if (page.length < PAGE) return;
    }
  }
  await addEntry(archive, Readable.from(lines()), EVENTS_FILE);
  sha256[EVENTS_FILE] = hash.digest('hex');

  const members = await membersOf(sources.db, [...userIds]);
  await addText(archive, JSON.stringify(members, null, 2), MEMBERS_FILE, sha256);

  let images = 0;
  // Only the team's own uploads: a URL in its data may name any image, which is not the team's to give away.
  for (const key of [...imageKeys].filter((k) => teamStreams.has(`upload-${k}`))) {
    for (const thumbnail of [false, true]) {
      const blob = await sources.media.openImage(key, { thumbnail });
      if (!blob) continue; // an image whose blob is gone: its events still tell what it was
      const name = `${IMAGES_FOLDER}${thumbnail ? thumbnailKeyOf(key) : key}`;
      const digest = createHash('sha256');
      await addEntry(archive, hashing(blob.stream, digest), name);
      sha256[name] = digest.digest('hex');
      if (!thumbnail) images++;
    }
  }

  for (const table of await csvTables(sources.db, team.id)) {
    const first = await table.batch(null);
    if (first.length === 0) continue;
    const name = `${CSV_FOLDER}${table.name}.csv`;
    const digest = createHash('sha256');
    await addEntry(archive, hashing(Readable.from(csvRows(table, first)).pipe(stringify({ quoted_match: ESCAPED_CELL })), digest), name);
    sha256[name] = digest.digest('hex');
  }
  const lapSheet = `${CSV_FOLDER}${LAP_SHEET_TABLE}.csv`;
  const digest = createHash('sha256');
  await addEntry(archive, hashing(Readable.from(lapSheetRowsOf(sources.db, team.id)).pipe(stringify()), digest), lapSheet);
  sha256[lapSheet] = digest.digest('hex');
  await addEntry(archive, exportReadme(team.name, now), README_FILE);

  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    team,
    counts: { streams: teamStreams.size, events, images },
    sha256,
  };
  await addEntry(archive, JSON.stringify(manifest, null, 2), MANIFEST_FILE);
  await archive.finalize();
}

/** Notes the image keys (in any URL of the data) and the user ids (metadata, members) an event refers to. */
function noteReferences(event: RecordedEvent, imageKeys: Set<string>, userIds: Set<number>): void {
  if (event.metadata.userId !== null) userIds.add(event.metadata.userId);
  const data = event.data as Record<string, unknown>;
  if (event.type === 'MemberAdded' && typeof data.userId === 'string') userIds.add(Number(data.userId));
  JSON.stringify(event.data, (_key, value: unknown) => {
    if (typeof value === 'string') {
      const key = imageKeyFromUrl(value);
      if (key) imageKeys.add(key);
    }
    return value;
  });
}

/** The accounts (without password hashes) of `userIds` that exist in the read models. */
async function membersOf(db: Sql, userIds: number[]): Promise<ExportedMembers> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ id: number; username: string; first_name: string | null; last_name: string | null; email: string | null }>(
    'SELECT id, username, first_name, last_name, email FROM users WHERE id = ANY($1::int[]) ORDER BY id',
    [userIds],
  );
  return rows.map((r) => ({ userId: Number(r.id), username: r.username, firstName: r.first_name, lastName: r.last_name, email: r.email }));
}

/** Columns never written to a CSV: read-model bookkeeping (event store positions), not the team's data. */
const INTERNAL_COLUMN = /(_position_(commit|prepare)|^position_(commit|prepare)|password)/;

/** Rows of a CSV table read per query while the export streams. */
const CSV_BATCH = 1000;

/**
 * One read-model table of the team: its shown columns and `batch(after)`, the next rows (at most
 * CSV_BATCH, as cells) after the row `after` (null: from the first), in a stable order — by `id`
 * when the table has one (keyset), else by every shown column (offset).
 */
interface CsvTable {
  name: string;
  columns: string[];
  batch(after: CsvBatch | null): Promise<CsvBatch>;
}
type CsvBatch = string[][] & { next?: unknown };

/**
 * The team's read-model tables that have a `team_id` column, or a `car_id` column of one of the
 * team's cars (header row, ISO times, lists and objects as JSON), so a new read model is exported
 * without a change here. Rows are read per batch, never a whole table at once.
 */
async function csvTables(db: Sql, teamId: number): Promise<CsvTable[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
  const out: CsvTable[] = [];
  for (const [table, cols] of tables) {
    const scope = cols.includes('team_id') ? 'team_id = $1' : cols.includes('car_id') && table !== 'cars' ? 'car_id IN (SELECT id FROM cars WHERE team_id = $1)' : null;
    if (!scope) continue;
    const shown = cols.filter((c) => !INTERNAL_COLUMN.test(c));
    const selected = cols.includes('id') && !shown.includes('id') ? ['id', ...shown] : shown;
    const select = `SELECT ${selected.map((c) => `"${c}"`).join(', ')} FROM "${table}"`;
    const batch = async (after: CsvBatch | null): Promise<CsvBatch> => {
      const { rows } = cols.includes('id')
        ? await db.query<Record<string, unknown>>(`${select} WHERE ${scope}${after ? ' AND id > $2' : ''} ORDER BY id LIMIT ${CSV_BATCH}`, after ? [teamId, after.next] : [teamId])
        : await db.query<Record<string, unknown>>(`${select} WHERE ${scope} ORDER BY ${shown.map((_c, i) => i + 1).join(', ')} LIMIT ${CSV_BATCH} OFFSET $2`, [teamId, Number(after?.next ?? 0)]);
      const cells: CsvBatch = rows.map((row) => shown.map((c) => cellOf(row[c])));
      cells.next = cols.includes('id') ? rows.at(-1)?.id : Number(after?.next ?? 0) + rows.length;
      return cells;
    };
    out.push({ name: table, columns: shown, batch });
  }
  return out;
}

/** The CSV of every run sheet's laps, one row per lap, for a spreadsheet (csv/run_sheet_laps.csv). */
const LAP_SHEET_TABLE = 'run_sheet_laps';
/** Sessions read per query while the lap sheet streams (up to MAX_LAPS laps each). */
const LAP_SHEET_BATCH = 20;

/**
 * The team's run sheets as one lap table: `session_id, session`, then lapSheetRows' columns with
 * MAX_SECTORS sector columns (stint drivers by the members' display names), session by session in
 * id order, read LAP_SHEET_BATCH sessions at a time.
 */
async function* lapSheetRowsOf(db: Sql, teamId: number): AsyncGenerator<string[]> {
  const { rows: members } = await db.query<{ id: number; display_name: string | null }>('SELECT id, display_name FROM team_members WHERE team_id = $1', [teamId]);
  const names = new Map(members.map((m) => [Number(m.id), m.display_name]));
  const memberName = (id: number) => names.get(id) ?? null;
  yield ['session_id', 'session', ...lapSheetRows([], [], memberName, MAX_SECTORS)[0]!];
  for (let after = 0; ; ) {
    const { rows } = await db.query<{ id: number; name: string; laps: LapValue[]; stints: StintValue[] }>(
      `SELECT id, name, laps, stints FROM run_sessions WHERE team_id = $1 AND id > $2 ORDER BY id LIMIT ${LAP_SHEET_BATCH}`,
      [teamId, after],
    );
    for (const session of rows) for (const row of lapSheetRows(session.laps, session.stints ?? [], memberName, MAX_SECTORS).slice(1)) yield [String(session.id), session.name, ...row];
    if (rows.length < LAP_SHEET_BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** The header row, then every row of `table`, reading batch after batch from `first`. */
async function* csvRows(table: CsvTable, first: CsvBatch): AsyncGenerator<string[]> {
  yield table.columns;
  for (let batch = first; batch.length > 0; batch = batch.length < CSV_BATCH ? ([] as CsvBatch) : await table.batch(batch)) yield* batch;
}

/** A read-model value as a CSV cell: '' for none, ISO times, JSON for lists and objects, text escaped against formulas (csvSafeCell). */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return csvSafeCell(JSON.stringify(value));
  return csvSafeCell(String(value));
}

/** A stream of `source`'s bytes that feeds `digest` on the way. */
export function hashing(source: Readable, digest: Hash): Readable {
  const through = new PassThrough();
  source.on('data', (chunk: Buffer) => digest.update(chunk));
  source.on('error', (error) => through.destroy(error));
  return source.pipe(through);
}

async function addText(archive: Archiver, text: string, name: string, sha256: Record<string, string>): Promise<void> {
  sha256[name] = createHash('sha256').update(text).digest('hex');
  await addEntry(archive, text, name);
}

/** Appends an entry and waits until the archive has written it, so sources are opened one at a time. */
export function addEntry(archive: Archiver, source: Readable | Buffer | string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: archiver.EntryData) => {
      if (entry.name !== name) return;
      done();
      resolve();
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const done = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
    };
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.append(source, { name });
  });
}
