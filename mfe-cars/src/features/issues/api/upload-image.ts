import type { UploadAnswer } from '@pitwall/contracts';

/**
 * POST /api/upload as multipart with the field `image`; answers `{ url, thumbnailUrl }`.
 * @throws Error 'Upload failed: {status text}' for a non-OK answer (spec §8 "Generic"); TypeError when the network fails.
 */
export async function uploadImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('image', file);
  const response = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
  if (!response.ok) throw new Error(`Upload failed: ${response.statusText || response.status}`);
  return (await response.json()) as UploadAnswer;
}
