import type { ImportAnswer } from '@pitwall/contracts';
import type { UploadProgress } from './post-with-progress';
import type { TeamExportFile } from './team-transfer-requests';

export type { TeamExportFile } from './team-transfer-requests';

/**
 * GET /api/teams/{teamId}/export (owner only): the team's export zip, read as it streams in;
 * `onProgress(bytes)` is called with the bytes received so far (the server builds the file while
 * it sends it, so its size is not known beforehand). Online only: there is no offline copy of a
 * whole team. The file name is the server's (Content-Disposition), else `pitwall-team-{teamId}.zip`.
 * The request's code is a chunk loaded on first use (./team-transfer-requests), off the initial JS.
 * @throws ApiError with the server's message for a non-OK answer (403 not the owner).
 */
export async function downloadTeamExport(teamId: number, onProgress?: (bytes: number) => void): Promise<TeamExportFile> {
  const { readTeamExport } = await import('./team-transfer-requests');
  return readTeamExport(teamId, onProgress);
}

/**
 * POST /api/teams/import (multipart, field `file`): imports a team export as a new team of the
 * signed-in user; `onProgress` reports the upload (the server then checks and writes the team
 * before it answers). Answers `{ teamId, renamedMembers }` (the members whose username was taken
 * there: `{ from, to }`). The request's code is a chunk loaded on first use.
 * @throws ApiError with the server's one-sentence refusal ('file: This export is damaged: …') for a non-OK answer;
 *   TypeError 'Import failed: network error' when no answer arrives.
 */
export async function importTeamFile(file: File, onProgress?: (progress: UploadProgress) => void): Promise<ImportAnswer> {
  const { sendTeamImport } = await import('./team-transfer-requests');
  return sendTeamImport(file, onProgress);
}
