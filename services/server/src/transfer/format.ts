import { z } from 'zod';

/**
 * The team export file (a zip), format `pitwall-team-export` version 1. Its layout, each file's
 * content and the rules of a reader are documented in services/server/README.md ("Team export
 * file"); the zod schemas here are what the importer checks before it writes anything.
 */
export const EXPORT_FORMAT = 'pitwall-team-export';
/** The version of the file layout (not of the events: each event carries its own schemaVersion). */
export const EXPORT_FORMAT_VERSION = 1;

export const EVENTS_FILE = 'events.ndjson';
export const MEMBERS_FILE = 'members.json';
export const MANIFEST_FILE = 'manifest.json';
export const README_FILE = 'README.txt';
/** Folder of the images: `images/<image key>` and its thumbnail `images/<thumbnail key>`. */
export const IMAGES_FOLDER = 'images/';
/** Folder of the readable tables: `csv/<read model>.csv`. */
export const CSV_FOLDER = 'csv/';

const Metadata = z.object({
  userId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  at: z.string(),
  schemaVersion: z.number().int().positive().optional(),
});

/** One line of events.ndjson: a stored event as the exporting instance read it, in global order. */
export const ExportedEvent = z.object({
  stream: z.string().min(1),
  streamPosition: z.number().int().nonnegative(),
  id: z.string(),
  type: z.string().min(1),
  data: z.unknown(),
  metadata: Metadata,
  recordedAt: z.string(),
});
export type ExportedEvent = z.infer<typeof ExportedEvent>;

/** members.json: the accounts of the team's members (never their password hashes). `userId` is the exporting instance's. */
export const ExportedMembers = z.array(
  z.object({ userId: z.number().int(), username: z.string().min(1), firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string().nullable() }),
);
export type ExportedMembers = z.infer<typeof ExportedMembers>;

/** manifest.json, written last: what the file holds and the SHA-256 (hex) of every other file but README.txt. */
export const Manifest = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.number().int().positive(),
  exportedAt: z.string(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  counts: z.object({ streams: z.number().int(), events: z.number().int(), images: z.number().int() }),
  sha256: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
});
export type Manifest = z.infer<typeof Manifest>;
