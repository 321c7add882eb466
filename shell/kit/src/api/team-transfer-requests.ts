import type { ImportAnswer } from '@pitwall/contracts';
import { ApiError, serverMessageOf } from './api-error';
import { postWithProgress, type UploadProgress } from './post-with-progress';

/**
 * The requests of ./team-transfer (see there for what they answer and throw), a chunk of their own
 * loaded on first use: a team's export or import is a settings page's button, never a first screen's need.
 */

/** A downloaded team export: the zip and the file name the server gave it. */
export interface TeamExportFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="…"`), or `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** GET /api/teams/{teamId}/export, read as it streams in (./team-transfer's downloadTeamExport). */
export async function readTeamExport(teamId: number, onProgress?: (bytes: number) => void): Promise<TeamExportFile> {
  const response = await fetch(`/api/teams/${teamId}/export`, { credentials: 'include' });
  if (!response.ok || !response.body) {
    const message = serverMessageOf(await response.text().catch(() => '')) ?? response.statusText;
    throw new ApiError(response.status, message, message);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received);
  }
  return { blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }), fileName: fileNameOf(response.headers.get('content-disposition'), `pitwall-team-${teamId}.zip`) };
}

/** POST /api/teams/import with upload progress (./team-transfer's importTeamFile). */
export async function sendTeamImport(file: File, onProgress?: (progress: UploadProgress) => void): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file);
  const answer = await postWithProgress('/api/teams/import', form, 'Import failed: network error', onProgress);
  if (answer.status < 200 || answer.status >= 300) {
    const message = serverMessageOf(answer.text) ?? `Import failed: ${answer.statusText || answer.status}`;
    const sentence = message.replace(/^file: /, '');
    throw new ApiError(answer.status, sentence, sentence);
  }
  return JSON.parse(answer.text) as ImportAnswer;
}
