import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import split2 from 'split2';
import { EVENT_SCHEMAS, TEAM_EVENT_TYPES, evolveTeam, initialTeamState, teamImportStream, teamStream, usernameDecider, usernameStream, ValidationError, type TeamEvent, type UsernameClaimed, type UsernameReleased } from '@pitwall/domain';
import { SetupTeamBody } from '@pitwall/contracts';
import { createEventVersioning, UnknownEventVersionError, type EventMetadata, type NewEvent, type RecordedEvent } from '@pitwall/eventstore';
import { allProjections } from '@pitwall/read-models';
import { findBadDate } from '@pitwall/contracts';
import type { AppDeps } from '../deps.ts';
import type { IdKind } from '../command/ids.ts';
import { registerAccount } from '../identity/accounts.ts';
import { NotYetVisibleError } from '../command/command-handler.ts';
import { bookkeepingMetadata, takeBackImport, type CreatedAccount } from './abandon-import.ts';
import { EVENTS_FILE, EXPORT_FORMAT, EXPORT_FORMAT_VERSION, ExportedEvent, ExportedMembers, IMAGES_FOLDER, Manifest, MANIFEST_FILE, MEMBERS_FILE } from './format.ts';
import { mapIds, streamIdOf, UnmappedIdError } from './id-rules.ts';
import { ACCOUNT_TYPES, IMPORT_BOOKKEEPING_TYPES } from './export-team.ts';
import { IMPORT_LIMITS, overLimit, unpackZip, type ImportLimits } from './unpack.ts';

/** An image key inside any text: `img/2026/11/<uuid>.jpg`. */
const IMAGE_KEY_IN_TEXT = /img\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)/g;

/** Control characters (NUL among them) and zero-width or direction marks: none belongs in a username. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}]/u;

/**
 * Every event type this instance knows: the ones its read models apply, and the ones only the
 * timetable delivery reads from its aggregates (the race event of an entry at a round, the run
 * sheets a round's timetable became).
 */
export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set([...allProjections.flatMap((p) => (p.canHandle === 'all' ? [] : p.canHandle)), 'RoundRaceEventLinked', 'TimetableSessionsLinked']);

/** A refusal of the whole file, as one sentence for the user; answered as 400 naming the field `file`. */
function refuse(sentence: string): never {
  throw new ValidationError(`file: ${sentence}`);
}

/** Who imports, and when: the new team's owner and the time of the events the import adds. */
export interface Importer {
  userId: number;
  correlationId: string;
  now: Date;
  /** Takes the accounts the import is about to create from the client's budget of new accounts; throws (429) when it has not that many left. */
  reserveAccounts(count: number): Promise<void>;
}

/** The metadata of the events the import itself adds: the importer, now. */
function importMetadata(importer: Importer, teamId: number): EventMetadata {
  return { userId: importer.userId, teamId, correlationId: importer.correlationId, causationId: null, at: importer.now.toISOString() };
}

/** The command context of what the import itself does (accounts): the importer, for the new team, now. */
function importContext(importer: Importer, teamId: number) {
  return { userId: importer.userId, teamId, correlationId: importer.correlationId, now: importer.now, eventIdSeed: null, precondition: null };
}

/** What an import made: the new team, and the members whose username was taken here (`from` → `to`, e.g. `marco` → `marco-2`). */
export interface ImportResult {
  teamId: number;
  renamedMembers: { from: string; to: string }[];
}

/** The name of an imported team when a team of this instance has its name already: says it was imported (at most 100 characters, as any team name). */
export function importedTeamName(name: string): string {
  const suffix = ' (imported)';
  return `${name.slice(0, 100 - suffix.length)}${suffix}`;
}

/** A checked export, ready to be written: nothing of it is in the store yet. */
interface CheckedExport {
  manifest: Manifest;
  events: RecordedEvent[];
  members: ExportedMembers;
  /** Image key in the export → the file it was unpacked to. */
  images: Map<string, string>;
}

/**
 * Imports a team export (the zip at `zipPath`, unpacked into the empty dir `workDir`, which the
 * caller removes afterwards) as a new team owned by `importer`: checks the whole file first (the
 * limits of IMPORT_LIMITS, zip, format and version, every file's SHA-256, every event's
 * shape, type and schema version, every id rule) and refuses it with one sentence (ValidationError
 * 400 'file: …') before anything is written. Then it stores the images (through the image intake,
 * as an upload would: new keys), creates an account for each other member (their usernames, a
 * suffix when taken, a random password), allocates new ids for every id of the history, and
 * appends every stream with the events upcast by this instance's upcasters, ids and image keys
 * rewired, authors and times kept, in the original order. Then every member but the owner is
 * deactivated (the owner reactivates them). All of it is staged under a pending team
 * (TeamImportStarted first): nobody sees the team until TeamImportCompleted, the last event, shows
 * it whole in one step. An import broken off (the store failing) is taken back at once
 * (takeBackImport: the team deleted, its images and accounts gone); one whose process was killed
 * is taken back at the next start (abandonUnfinishedImports). Answers the new team id once the read
 * models show it, with the members it had to rename; the team's name gets ' (imported)' when a
 * team here has its name already.
 */
export async function importTeam(deps: AppDeps, zipPath: string, workDir: string, importer: Importer): Promise<ImportResult> {
  const checked = await checkExport(zipPath, workDir);
  const oldTeamId = checked.manifest.team.id;

  // Every id of the history, those in stream names too, gets a new one of its kind (users apart: accounts are made for them).
  const wanted = new Map<IdKind, Set<number>>();
  const want = (kind: IdKind, id: number) => {
    if (kind !== 'user') wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
    return id;
  };
  await inChunks(checked.events, (event) => {
    mapIds(event.type, event.data, want);
    const stream = streamIdOf(event.streamName);
    if (stream.kind !== 'upload') want(stream.kind, stream.id);
  });
  const ids = new Map<string, number>();
  for (const [kind, old] of wanted) {
    const fresh = await deps.ids.nextMany(kind, old.size);
    [...old].forEach((id, i) => ids.set(`${kind}:${id}`, fresh[i]!));
  }
  const teamId = ids.get(`team:${oldTeamId}`)!;
  // As many new accounts as sign-ups would make: refused (429) before anything is written.
  await importer.reserveAccounts(accountsToCreate(checked));

  // Staged under a pending team: nobody sees it until TeamImportCompleted (see activeMembership).
  const started: NewEvent = { id: randomUUID(), type: 'TeamImportStarted', data: { teamId, ownerId: String(importer.userId) }, metadata: bookkeepingMetadata(importer) };
  await deps.store.appendToStream(teamImportStream(teamId), [started], { expectedRevision: 'no_stream' });
  const storedKeys: string[] = [];
  const accounts: CreatedAccount[] = [];
  try {
    const keys = new Map<string, string>();
    const uploads = new Map<string, Awaited<ReturnType<AppDeps['media']['storeImage']>>>();
    for (const [key, file] of checked.images) {
      const stored = await deps.media.storeImage(await readFile(file));
      storedKeys.push(stored.key);
      keys.set(key, stored.key);
      uploads.set(key, stored);
    }
    if (storedKeys.length > 0) {
      const recorded: NewEvent = { id: randomUUID(), type: 'TeamImportImagesStored', data: { teamId, keys: storedKeys }, metadata: bookkeepingMetadata(importer) };
      await deps.store.appendToStream(teamImportStream(teamId), [recorded], { expectedRevision: 0 });
    }
    const renamedMembers: ImportResult['renamedMembers'] = [];
    const users = await recreateAccounts(deps, checked, importer, teamId, accounts, renamedMembers);
    const { rows: sameName } = await deps.db.query('SELECT 1 FROM teams WHERE name = $1 LIMIT 1', [checked.manifest.team.name]);
    const newId = (kind: IdKind, id: number): number => {
      const mapped = kind === 'user' ? users.get(id) : ids.get(`${kind}:${id}`);
      if (mapped === undefined) throw new UnmappedIdError(`${kind} ${id}`);
      return mapped;
    };
    const rekey = (text: string) => text.replace(IMAGE_KEY_IN_TEXT, (key) => keys.get(key) ?? key);

    const rewire = (event: RecordedEvent): { stream: string; event: NewEvent } => {
      const stream = streamIdOf(event.streamName);
      let data = mapIds(event.type, event.data, newId, rekey) as Record<string, unknown>;
      if (event.type === 'ImageUploaded' && stream.kind === 'upload') {
        const stored = uploads.get(stream.key);
        data = stored ? { ...data, key: stored.key, url: stored.url, thumbnailUrl: stored.thumbnailUrl, contentType: stored.contentType, width: stored.width, height: stored.height, size: stored.size, teamIds: [teamId] } : { ...data, teamIds: [teamId] };
      }
      // The same name as a team here (its own export imported back): the copy's name says it is one.
      if (event.type === 'TeamCreated' && sameName.length > 0) data = { ...data, name: importedTeamName(String(data.name)) };
      const metadata: EventMetadata = {
        ...event.metadata,
        userId: event.metadata.userId === null ? null : (users.get(event.metadata.userId) ?? null),
        teamId: event.metadata.teamId === null ? null : teamId,
      };
      return { stream: stream.kind === 'upload' ? `upload-${rekey(stream.key)}` : `${stream.prefix}-${newId(stream.kind, stream.id)}`, event: { id: randomUUID(), type: event.type, data, metadata } };
    };

    // Every stream in the original order (read models that note who did what need the team's
    // members before its cars' events), consecutive events of a stream in one append.
    type Batch = { stream: string; events: NewEvent[] };
    let batch = null as Batch | null;
    const revisions = new Map<string, number>();
    const flush = async () => {
      if (!batch) return;
      const { stream, events } = batch;
      const result = await deps.store.appendToStream(stream, events, { expectedRevision: revisions.get(stream) ?? 'no_stream' });
      revisions.set(stream, result.nextExpectedRevision);
      batch = null;
    };
    // Every event rewired before the first append: a rule that fails stops the import with nothing appended.
    const rewiredEvents: { stream: string; event: NewEvent }[] = [];
    await inChunks(checked.events, (e) => {
      const source = streamIdOf(e.streamName);
      if (source.kind !== 'upload' || keys.has(source.key)) rewiredEvents.push(rewire(e)); // an upload whose image is not in the file: no upload to record
    });
    const teamEvents = rewiredEvents.filter((e) => e.stream === teamStream(teamId)).map((e) => e.event);
    for (const { stream, event: rewired } of rewiredEvents) {
      if (batch?.stream !== stream) await flush();
      batch ??= { stream, events: [] };
      batch.events.push(rewired);
    }
    await flush();

    // The other members are inactive until the owner reactivates them.
    const state = teamEvents.reduce((s, e) => evolveTeam(s, e as unknown as TeamEvent), initialTeamState);
    const deactivations: NewEvent[] =
      state.status === 'active'
        ? [...state.members.values()]
            .filter((m) => m.isActive && m.userId !== String(importer.userId))
            .map((m) => ({ id: randomUUID(), type: 'MemberDeactivated', data: { teamId, memberId: m.memberId, userId: m.userId }, metadata: importMetadata(importer, teamId) }))
        : [];
    if (deactivations.length > 0) await deps.store.appendToStream(teamStream(teamId), deactivations, { expectedRevision: revisions.get(teamStream(teamId))! });
    // The one step that shows the whole team.
    const completed: NewEvent = { id: randomUUID(), type: 'TeamImportCompleted', data: { teamId }, metadata: bookkeepingMetadata(importer) };
    const { position } = await deps.store.appendToStream(teamImportStream(teamId), [completed], { expectedRevision: storedKeys.length > 0 ? 1 : 0 });
    await deps.commands.visible(position);
    return { teamId, renamedMembers };
  } catch (error) {
    // Broken off before it completed: the team, its images and the accounts made for it go again
    // (and should this fail too, the clean-up at the next start takes the import back).
    if (!(error instanceof NotYetVisibleError)) await takeBackImport(deps, teamId, { imageKeys: storedKeys, accounts }, importer).catch(() => undefined);
    throw error;
  }
}

/**
 * Accounts for the team's members on this instance: the exporting owner becomes `importer`; every
 * other member gets a new account with their username (a numeric suffix when taken here), names
 * and e-mail, and a random password nobody knows, marked as imported into the new team (its owner
 * may give it its first password). Notes each account in `created` as soon as it exists (for
 * taking it back if the import fails) and each username it had to change in `renamed`. Answers old user id → new user id.
 */
async function recreateAccounts(deps: AppDeps, checked: CheckedExport, importer: Importer, teamId: number, created: CreatedAccount[], renamed: ImportResult['renamedMembers']): Promise<Map<number, number>> {
  const users = new Map<number, number>();
  const team = checked.events.find((e) => e.streamName === teamStream(checked.manifest.team.id))!;
  users.set(Number((team.data as { ownerId: string }).ownerId), importer.userId);
  const memberUserIds = checked.events.filter((e) => e.type === 'MemberAdded').map((e) => Number((e.data as { userId: string }).userId));
  const accounts = new Map(checked.members.map((m) => [m.userId, m]));
  for (const oldId of memberUserIds) {
    if (users.has(oldId)) continue;
    const account = accounts.get(oldId) ?? { userId: oldId, username: `member-${oldId}`, firstName: null, lastName: null, email: null };
    const username = await freeUsername(deps, account.username);
    if (username !== account.username) renamed.push({ from: account.username, to: username });
    const context = importContext(importer, teamId);
    const userId = await registerAccount(deps, { username, password: randomBytes(24).toString('base64url'), firstName: account.firstName ?? username, lastName: account.lastName, email: account.email, teamName: '', importedInto: teamId }, context);
    created.push({ userId, username });
    users.set(oldId, userId);
  }
  return users;
}

/** How many accounts an import of `checked` creates: one per member other than the exporting owner (who becomes the importer). */
function accountsToCreate(checked: CheckedExport): number {
  const team = checked.events.find((e) => e.streamName === teamStream(checked.manifest.team.id))!;
  const owner = Number((team.data as { ownerId: string }).ownerId);
  return new Set(checked.events.filter((e) => e.type === 'MemberAdded').map((e) => Number((e.data as { userId: string }).userId)).filter((id) => id !== owner)).size;
}

/** `username`, or `username-2`, `-3`, … : the first not taken on this instance (case-insensitive, as usernames are). */
async function freeUsername(deps: AppDeps, username: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? username : `${username}-${n}`;
    const { rows } = await deps.db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [candidate]);
    const claims = await deps.store.readStream(usernameStream(candidate));
    const { claimedBy } = claims.reduce((state, e) => usernameDecider.evolve(state, e as unknown as UsernameClaimed | UsernameReleased), usernameDecider.initialState);
    if (rows.length === 0 && claimedBy === null) return candidate;
  }
}

/**
 * Reads and checks the export unpacked from the zip at `zipPath` into `workDir` (see unpackZip for
 * the limits of the zip); refuses it (ValidationError 'file: …') at the first problem, having
 * written nothing to the store. events.ndjson is read as a stream of lines (at most
 * `limits.eventLineBytes` each, `limits.events` in all and no more than its manifest says), and
 * every pass over the events yields to the event loop between chunks, so other requests are
 * answered meanwhile. Images stay on disk in `workDir` (their paths answered).
 */
export async function checkExport(zipPath: string, workDir: string, limits: ImportLimits = IMPORT_LIMITS): Promise<CheckedExport> {
  const files = await unpackZip(zipPath, workDir, limits);
  const smallFile = async (name: string) => {
    const file = files.get(name);
    return file && file.size <= limits.eventLineBytes ? readFile(file.path) : undefined;
  };
  const manifestBytes = await smallFile(MANIFEST_FILE);
  if (!manifestBytes) refuse('This is not a Pitwall team export (it has no manifest.json).');
  const manifest = Manifest.safeParse(parseJson(manifestBytes));
  if (!manifest.success) refuse('This is not a Pitwall team export (its manifest.json is not one).');
  if (manifest.data.format !== EXPORT_FORMAT) refuse('This is not a Pitwall team export.');
  if (manifest.data.formatVersion > EXPORT_FORMAT_VERSION) refuse(`This export was made by a newer version of Pitwall (format version ${manifest.data.formatVersion}); update this Pitwall to import it.`);
  for (const [name, digest] of Object.entries(manifest.data.sha256)) {
    const file = files.get(name);
    if (!file) refuse(`This export is incomplete: ${name} is missing.`);
    if (file.sha256 !== digest) refuse(`This export is damaged: ${name} does not match its checksum.`);
  }
  for (const required of [EVENTS_FILE, MEMBERS_FILE]) if (!(required in manifest.data.sha256)) refuse(`This export is incomplete: ${required} is missing.`);
  if (manifest.data.counts.events > limits.events) throw overLimit(`more than ${limits.events} events`);

  const events = await readEvents(files.get(EVENTS_FILE)!.path, manifest.data.counts.events, limits);
  const teamStreamName = teamStream(manifest.data.team.id);
  const creation = events.find((e) => e.streamName === teamStreamName);
  if (creation?.type !== 'TeamCreated') refuse("This export is damaged: it does not hold the team's creation.");
  // Every user the data names is the owner or a member (their accounts are made here); authors who are neither lose their name only.
  const people = new Set([Number((creation.data as { ownerId: string }).ownerId), ...events.filter((e) => e.type === 'MemberAdded').map((e) => Number((e.data as { userId: string }).userId))]);
  await inChunks(events, (e) => {
    if (e.streamName === teamStreamName && !TEAM_EVENT_TYPES.has(e.type)) refuse(`This export is damaged: its team's history holds a change of another kind (${e.type}).`);
    // An image is the team's only by its own upload stream, whose key the import replaces by the one its file gets here.
    if (e.type === 'ImageUploaded' && e.streamName !== `upload-${(e.data as { key?: unknown }).key}`) refuse(`This export is damaged: ImageUploaded in ${e.streamName} names an image it does not hold.`);
    mapIds(e.type, e.data, (kind, id) => (kind === 'user' && !people.has(id) ? refuse(`This export is damaged: ${e.type} names a user who is not in the team.`) : id));
  });
  const members = ExportedMembers.safeParse(parseJson((await smallFile(MEMBERS_FILE)) ?? Buffer.alloc(0)));
  if (!members.success) refuse('This export is damaged: members.json is not a list of members.');
  members.data.forEach((m, i) => {
    // The rules of a username at sign-up; and never a control or invisible character (a look-alike of another name, or NUL that no database column takes).
    const checked = SetupTeamBody.shape.username.safeParse(m.username);
    if (!checked.success) refuse(`members.json: member ${i + 1}: ${checked.error.issues[0]!.message}.`);
    if (INVISIBLE_OR_CONTROL.test(m.username)) refuse(`members.json: member ${i + 1}: Username must not hold control or invisible characters.`);
  });

  const images = new Map<string, string>();
  for (const [name, file] of files) {
    const key = name.startsWith(IMAGES_FOLDER) ? name.slice(IMAGES_FOLDER.length) : null;
    if (key && !key.endsWith('-thumb.webp') && name in manifest.data.sha256) images.set(key, file.path);
  }
  return { manifest: manifest.data, events, members: members.data, images };
}

/** Events handled between two yields to the event loop: a few milliseconds of work. */
const CHUNK = 500;

/** Runs `fn` on every item, yielding to the event loop after each CHUNK (so one import never holds the loop for long). */
export async function inChunks<T>(items: readonly T[], fn: (item: T, index: number) => void): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    fn(items[i]!, i);
    if (i % CHUNK === CHUNK - 1) await setImmediate();
  }
}

/**
 * The events of events.ndjson at `file`, upcast to this instance's versions and checked (shape,
 * known type, not an account's, ids the rules know), read line by line: refuses a line longer than
 * `limits.eventLineBytes` and a file holding another number of events than `expected`.
 */
async function readEvents(file: string, expected: number, limits: ImportLimits): Promise<RecordedEvent[]> {
  const versioning = createEventVersioning(EVENT_SCHEMAS);
  const events: RecordedEvent[] = [];
  const differentCount = () => refuse('This export is damaged: it holds a different number of events than its manifest says.');
  const lines = createReadStream(file).pipe(split2({ maxLength: limits.eventLineBytes }));
  try {
    for await (const line of lines as AsyncIterable<string>) {
      if (line.length === 0) continue;
      if (events.length >= expected) differentCount();
      events.push(checkedEvent(line, events.length, versioning));
      if (events.length % CHUNK === 0) await setImmediate();
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw overLimit(`an event longer than ${limits.eventLineBytes} bytes`);
  } finally {
    lines.destroy();
  }
  if (events.length !== expected) differentCount();
  return events;
}

/** Line `i` (0-based) of events.ndjson as a checked, upcast event; refuses it naming what is wrong. */
function checkedEvent(line: string, i: number, versioning: ReturnType<typeof createEventVersioning>): RecordedEvent {
  const parsed = ExportedEvent.safeParse(parseJson(Buffer.from(line)));
  if (!parsed.success) refuse(`This export is damaged: event ${i + 1} is not a Pitwall event.`);
  const e = parsed.data;
  if (ACCOUNT_TYPES.has(e.type)) refuse('This export holds user accounts, which no team export does.');
  if (IMPORT_BOOKKEEPING_TYPES.has(e.type)) refuse(`This export holds a server's own record of an import (${e.type}), which no team export does.`);
  if (!KNOWN_EVENT_TYPES.has(e.type)) refuse(`This export holds changes of a kind this Pitwall does not know (${e.type}); update this Pitwall to import it.`);
  const badDate = findBadDate(e.data);
  if (badDate) refuse(`This export is damaged: event ${i + 1} (${e.type}) has a date ${badDate.path.join('.')} that ${badDate.reason}.`);
  const recorded: RecordedEvent = { id: e.id, streamName: e.stream, streamPosition: e.streamPosition, position: { commit: 0n, prepare: BigInt(i) }, type: e.type, data: e.data, metadata: e.metadata, recordedAt: new Date(e.recordedAt) };
  try {
    const current = versioning.upcast(recorded);
    mapIds(current.type, current.data, (_k, id) => id);
    streamIdOf(current.streamName);
    return current;
  } catch (error) {
    if (error instanceof UnknownEventVersionError) refuse(`This export was made by a newer version of Pitwall (${e.type} version ${error.stored}); update this Pitwall to import it.`);
    if (error instanceof UnmappedIdError) refuse(`This export holds data this Pitwall cannot take apart (${error.message}).`);
    refuse(`This export is damaged: event ${i + 1} cannot be read.`);
  }
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
