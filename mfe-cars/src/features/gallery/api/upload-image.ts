import type { UploadAnswer } from '@pitwall/contracts';

/** Upload progress: bytes sent so far and the total (both from the browser's upload events). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POST /api/upload (multipart, field `image`) through XMLHttpRequest, so large phone photos can
 * report real progress through `onProgress`. Answers `{ url, thumbnailUrl }`.
 * @throws Error 'Upload failed: {status text}' for a non-OK answer (spec §8), or
 *   'Upload failed: network error' when no answer arrives.
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
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadAnswer);
        } catch {
          reject(new Error('Upload failed: the answer was not JSON'));
        }
      } else reject(new Error(`Upload failed: ${xhr.statusText || xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
