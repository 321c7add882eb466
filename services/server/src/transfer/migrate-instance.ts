import type { IdKind } from '../command/ids.ts';
import { rebuild } from '../roles/projections-admin.ts';
import { advanceIdSequences, highestIds, type Endpoint } from './endpoints.ts';
import { copyEvents, copyIsComplete, formatChecks, verifyCopy, type StreamCheck } from './migrate.ts';

/** The outcome of a migration run: null checks when it stopped early (`stopAfter`), else the verification. */
export interface MigrationResult {
  appended: number;
  alreadyThere: number;
  images: number;
  checks: StreamCheck[] | null;
}

/**
 * `pitwall migrate`: copies every stream of `from` to `to` in order with its metadata and the
 * images (copyEvents: resumable, a second run goes on where an interrupted one stopped), moves the
 * target's id sequences past every id copied, verifies each stream (count and digest on both sides,
 * printed as a table through `out`), then rebuilds the target's read models from its events.
 * `stopAfter` ends the copy after that many appended events (an interruption, for tests).
 */
export async function migrateInstance(from: Endpoint, to: Endpoint, options: { out: (line: string) => void; stopAfter?: number }): Promise<MigrationResult> {
  const { out } = options;
  out(`copying ${from.description} → ${to.description}`);
  const highest = new Map<IdKind, number>();
  const copy = await copyEvents(from.store, to.store, { blobs: { from: from.blobs, to: to.blobs }, stopAfter: options.stopAfter, onPage: (page) => highestIds(page, highest) });
  out(`${copy.appended} events appended, ${copy.alreadyThere} already on the target, ${copy.images} images copied`);
  if (options.stopAfter !== undefined && copy.appended >= options.stopAfter) {
    out('stopped before the end: run the same command again to go on');
    return { ...copy, checks: null };
  }
  if (to.db) await advanceIdSequences(to.db, highest);
  const checks = await verifyCopy(from.store, to.store);
  for (const line of formatChecks(checks)) out(line);
  if (!copyIsComplete(checks)) return { ...copy, checks };
  if (to.db && to.database) await rebuild({ db: to.db, database: to.database, store: to.store, out });
  else out('read models: the target has no database here (set DATABASE_URL); its projector builds them from position 0 when it starts');
  return { ...copy, checks };
}
