/**
 * Whether a browser may load `url` as an image Pitwall shows: a path of an uploaded image on this
 * server ('/api/images/…', as POST /api/upload answers it) or an absolute https: URL. Refuses
 * protocol-relative URLs ('//host/x.png' and '/\\host/x.png', loaded from another site),
 * 'javascript:', 'data:', 'http:' and anything else. Free of zod, so the web's first bundle can use it.
 */
export function isAllowedImageUrl(url: string): boolean {
  if (url.startsWith('/api/images/')) return !url.includes('\\') && !url.slice(1).includes('//');
  return /^https:\/\/[^/\\]/i.test(url);
}
