import type { UploadAnswer } from '@pitwall/contracts';
import { ApiError } from './api-fetch';
import { postWithProgress, type UploadProgress } from './post-with-progress';

export type { UploadProgress } from './post-with-progress';

/**
 * POST /api/upload (multipart, field `image`) with the session cookie, reporting real progress
 * through `onProgress` (large phone photos). Answers `{ url, thumbnailUrl }`.
 * The one upload client of the web app (gallery, issues, race event images).
 * @throws ApiError 'Upload failed: {status text}' (with the status) for a non-OK answer (docs/product.md, 'Errors and messages');
 *   TypeError 'Upload failed: network error' when no answer arrives (see isNetworkError).
 */
export async function uploadImage(file: File, onProgress?: (progress: UploadProgress) => void): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('image', file);
  const answer = await postWithProgress('/api/upload', form, 'Upload failed: network error', onProgress);
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, `Upload failed: ${answer.statusText || answer.status}`, undefined);
  try {
    return JSON.parse(answer.text) as UploadAnswer;
  } catch {
    throw new ApiError(answer.status, 'Upload failed: the answer was not JSON', undefined);
  }
}
