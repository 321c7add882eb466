/**
 * The bookkeeping of a team import (stream `teamImport-{teamId}`, `teamId` the new team's id): an
 * import is staged under a pending team that nobody sees until it completes in one event, and one
 * broken off (the process killed, the store failing) is abandoned: its team deleted, the accounts and
 * images it made taken back. These events are the server's, not the team's history: their metadata
 * names no team, so a team export never carries them.
 */

/** An import began writing team `teamId` for `ownerId` (the importer, as text like every user id of team events). */
export interface TeamImportStarted {
  type: 'TeamImportStarted';
  data: { teamId: number; ownerId: string };
}

/** The images the import stored in the blob store (their new keys), before any event names them. */
export interface TeamImportImagesStored {
  type: 'TeamImportImagesStored';
  data: { teamId: number; keys: string[] };
}

/** Every event of the import is stored: the team becomes visible, in this one step. */
export interface TeamImportCompleted {
  type: 'TeamImportCompleted';
  data: { teamId: number };
}

/** The import was broken off and taken back: its team stays hidden (and is deleted). */
export interface TeamImportAbandoned {
  type: 'TeamImportAbandoned';
  data: { teamId: number };
}

export type TeamImportEvent = TeamImportStarted | TeamImportImagesStored | TeamImportCompleted | TeamImportAbandoned;

/** Where team import `teamId` keeps its bookkeeping. */
export const teamImportStream = (teamId: number) => `teamImport-${teamId}`;
