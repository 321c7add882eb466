import { describe, expect, it } from 'vitest';
import { hasSafeImageUrls, safeImageUrl } from './safe-image-url';

describe('safeImageUrl', () => {
  it.each(['/api/images/2f1c.webp', 'https://images.example.com/laguna.jpg'])('keeps %s', (url) => {
    expect(safeImageUrl(url)).toBe(url);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a backslash protocol-relative URL', '/\\evil.example/x.png'],
    ['a doubled slash inside the image path', '/api/images//evil.example/x.png'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,iVBORw0KGgo='],
    ['http:', 'http://example.com/x.png'],
    ['another path on this site', '/api/cars/1'],
    ['nothing', null],
  ])('refuses %s', (_kind, url) => {
    expect(safeImageUrl(url)).toBeNull();
  });

  it('lets a gallery image through only when both its URLs are safe', () => {
    expect(hasSafeImageUrls({ url: '/api/images/a.jpg', thumbnailUrl: '/api/images/a-thumb.webp' })).toBe(true);
    expect(hasSafeImageUrls({ url: '//evil.example/a.jpg', thumbnailUrl: '/api/images/a-thumb.webp' })).toBe(false);
  });
});
