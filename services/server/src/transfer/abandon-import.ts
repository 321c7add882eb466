import { randomUUID } from 'node:crypto';
import { teamImportStream, teamStream, userDecider, usernameDecider, userStream, usernameStream } from '@pitwall/domain';
import type { EventMetadata, NewEvent } from '@pitwall/eventstore';
import type { AppDeps } from '../deps.ts';
import { NotYetVisibleError } from '../command/command-handler.ts';
import { asTheOnlyImport, ImportBusyError } from './import-gate.ts';

/** An account a team import created: taken back (with its username) if the import does not complete. */
export interface CreatedAccount {
  userId: number;
  username: string;
}

/** What a team import wrote outside its events: the blobs it stored and the accounts it made. */
export interface ImportLeftovers {
  imageKeys: readonly string[];
  accounts: readonly CreatedAccount[];
}

/** Who takes an import back: the importer (a failure in the request), or nobody (the clean-up at start). */
export interface TakeBackContext {
  userId: number | null;
  correlationId: string;
  now: Date;
}

/** The metadata of the server's own import bookkeeping: no team, so no team export carries it. */
export function bookkeepingMetadata(context: TakeBackContext): EventMetadata {
  return { userId: context.userId, teamId: null, correlationId: context.correlationId, causationId: null, at: context.now.toISOString() };
}

/**
 * Takes back the import of team `teamId` that did not complete: its team deleted (TeamDeleted, if
 * its stream was begun), the blobs of `leftovers.imageKeys` deleted, its accounts discarded
 * (ImportedUserDiscarded) with their usernames freed (UsernameReleased), and the import marked
 * abandoned (TeamImportAbandoned: the team stays hidden whatever the read models hold of it).
 * Best effort on each part, so one failing part does not keep the others: an account the store
 * keeps failing on stays, inactive, with a password nobody knows.
 * @throws the store's error when the import cannot even be marked abandoned (the clean-up at the
 *   next start takes it back then).
 */
export async function takeBackImport(deps: AppDeps, teamId: number, leftovers: ImportLeftovers, context: TakeBackContext): Promise<void> {
  const team = await deps.store.readStream(teamStream(teamId));
  if (team.length > 0 && team.at(-1)!.type !== 'TeamDeleted') {
    const deleted: NewEvent = { id: randomUUID(), type: 'TeamDeleted', data: { teamId }, metadata: { ...bookkeepingMetadata(context), teamId } };
    await deps.store.appendToStream(teamStream(teamId), [deleted], { expectedRevision: team.at(-1)!.streamPosition }).catch(() => undefined);
  }
  for (const key of leftovers.imageKeys) await deps.media.deleteImage(key).catch(() => undefined);
  const commandContext = { userId: context.userId, teamId, correlationId: context.correlationId, now: context.now, eventIdSeed: null, precondition: null };
  for (const { userId, username } of leftovers.accounts) {
    try {
      await deps.commands.handle(userDecider, userStream(userId), { type: 'DiscardImportedUser', data: { userId, teamId } }, commandContext);
      await deps.commands.handle(usernameDecider, usernameStream(username), { type: 'ReleaseUsername', data: { username, userId } }, commandContext);
    } catch {
      // The store failed again: this account stays, inactive, with a password nobody knows.
    }
  }
  const abandoned: NewEvent = { id: randomUUID(), type: 'TeamImportAbandoned', data: { teamId }, metadata: bookkeepingMetadata(context) };
  const { position } = await deps.store.appendToStream(teamImportStream(teamId), [abandoned], { expectedRevision: 'stream_exists' });
  await deps.commands.visible(position).catch(() => undefined);
}

/**
 * At start: takes back every team import a process left unfinished (killed mid-way: its team
 * 'pending' in team_imports), with the blobs and accounts the read models know it made. Runs as the
 * deployment's only import (another process importing right now keeps its own: skipped then), once
 * the read models show every stored event (skipped when they do not within the read-your-writes
 * wait; the next start does it). Answers the teams taken back.
 */
export async function abandonUnfinishedImports(deps: AppDeps, context: TakeBackContext): Promise<number[]> {
  try {
    await deps.commands.visible(await deps.store.headPosition());
    return await asTheOnlyImport(deps.db, async () => {
      const { rows } = await deps.db.query<{ team_id: number; image_keys: string[] }>(`SELECT team_id, image_keys FROM team_imports WHERE status = 'pending' ORDER BY team_id`);
      for (const { team_id: teamId, image_keys: imageKeys } of rows) {
        const { rows: accounts } = await deps.db.query<CreatedAccount>(`SELECT id AS "userId", username FROM users WHERE awaits_password_from = $1`, [teamId]);
        await takeBackImport(deps, teamId, { imageKeys, accounts }, context);
      }
      return rows.map((r) => r.team_id);
    });
  } catch (error) {
    if (error instanceof ImportBusyError || error instanceof NotYetVisibleError) return [];
    throw error;
  }
}

