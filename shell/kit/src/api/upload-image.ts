import type { UploadAnswer } from '@pitwall/contracts';
import { ApiError } from './api-fetch';

/** Upload progress: bytes sent so far and the total (both from the browser's upload events). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POST /api/upload (multipart, field `image`) with the session cookie, through XMLHttpRequest so
 * large phone photos can report real progress through `onProgress`. Answers `{ url, thumbnailUrl }`.
 * The one upload client of the web app (gallery, issues, race event images).
 * @throws ApiError 'Upload failed: {status text}' (with the status) for a non-OK answer (docs/product.md, 'Errors and messages');
 *   TypeError 'Upload failed: network error' when no answer arrives (see isNetworkError).
 */
export function uploadImage(file: File, onProgress?: (progress: UploadProgress) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, `Upload failed: ${xhr.statusText || xhr.status}`, undefined));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as UploadAnswer);
      } catch {
        reject(new ApiError(xhr.status, 'Upload failed: the answer was not JSON', undefined));
      }
    };
    xhr.onerror = () => reject(new TypeError('Upload failed: network error'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
