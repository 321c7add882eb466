import { useMutation } from '@tanstack/react-query';
import type { UploadAnswer } from '@pitwall/contracts';

/**
 * POST /api/upload: multipart form with field `image`. Answers { url, thumbnailUrl } of the stored image.
 * @throws Error 'Upload failed: {status text}' on a non-OK answer (spec §8); TypeError when the network fails.
 */
export async function uploadImage(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('image', file);
  const response = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include' });
  if (!response.ok) throw new Error(`Upload failed: ${response.statusText || response.status}`);
  return (await response.json()) as UploadAnswer;
}

/** Uploads one image file. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
