import type { ImportAnswer } from '@pitwall/contracts';
import { ApiError, serverMessageOf } from './api-error';
import type { UploadProgress } from './upload-image';

/** A downloaded team export: the zip and the file name the server gave it. */
export interface TeamExportFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`attachment; filename="…"`), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * GET /api/teams/{teamId}/export (owner only): the team's export zip, read as it streams in;
 * `onProgress(bytes)` is called with the bytes received so far (the server builds the file while
 * it sends it, so its size is not known beforehand). Online only: there is no offline copy of a
 * whole team. @throws ApiError with the server's message for a non-OK answer (403 not the owner).
 */
export async function downloadTeamExport(teamId: number, onProgress?: (bytes: number) => void): Promise<TeamExportFile> {
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

/**
 * POST /api/teams/import (multipart, field `file`): imports a team export as a new team of the
 * signed-in user; `onProgress` reports the upload (the server then checks and writes the team
 * before it answers). Answers `{ teamId }`.
 * @throws ApiError with the server's one-sentence refusal ('file: This export is damaged: …') for a non-OK answer;
 *   TypeError 'Import failed: network error' when no answer arrives.
 */
export function importTeamFile(file: File, onProgress?: (progress: UploadProgress) => void): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/teams/import');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const message = serverMessageOf(xhr.responseText) ?? `Import failed: ${xhr.statusText || xhr.status}`;
        const sentence = message.replace(/^file: /, '');
        reject(new ApiError(xhr.status, sentence, sentence));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as ImportAnswer);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new TypeError('Import failed: network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
