import { describe, expect, it } from 'vitest';
import { formatMegabytes, uploadSizeError } from './upload-limit';

const MB = 1024 * 1024;
const fileOf = (size: number) => new File([new Uint8Array(size)], 'photo.jpg', { type: 'image/jpeg' });

describe('uploadSizeError', () => {
  it('names the limit and the size of a file over it', () => {
    expect(uploadSizeError(fileOf(10 * MB + 1), 10 * MB)).toBe('The file is too large (10.0 MB): at most 10 MB can be uploaded.');
    expect(uploadSizeError(fileOf(3 * MB), 2.5 * MB)).toBe('The file is too large (3 MB): at most 2.5 MB can be uploaded.');
  });
  it('lets a file up to the limit, no file and an unknown limit through', () => {
    expect(uploadSizeError(fileOf(MB), MB)).toBeUndefined();
    expect(uploadSizeError(null, MB)).toBeUndefined();
    expect(uploadSizeError(fileOf(20 * MB), null)).toBeUndefined();
  });
  it('formats megabytes as the server does', () => {
    expect(formatMegabytes(10 * MB)).toBe('10');
    expect(formatMegabytes(1.25 * MB)).toBe('1.3');
  });
});
