import { isAllowedImageUrl } from '@pitwall/contracts/image-url';

/**
 * `url` when a screen may load it as an image or link to it: an uploaded image path ('/api/images/…')
 * or an https: URL; otherwise null. A protocol-relative ('//host/x.png'), 'javascript:', 'data:' or
 * other URL (one stored before the server refused them) is never shown, so it cannot load anything
 * from another site. Use it for every image URL that comes from data.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  return url && isAllowedImageUrl(url) ? url : null;
}

/** Whether a gallery image's full URL and thumbnail may both be shown (safeImageUrl); galleries leave out one that may not. */
export function hasSafeImageUrls(image: { url: string; thumbnailUrl: string }): boolean {
  return safeImageUrl(image.url) !== null && safeImageUrl(image.thumbnailUrl) !== null;
}
