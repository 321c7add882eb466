import { json, stubFetch } from '../../test/fetch-stub';
import { ApiError, errorMessage, isNetworkError } from './api-fetch';
import { uploadImage } from './upload-image';

afterEach(() => vi.unstubAllGlobals());

const file = () => new File([new Uint8Array(4)], 'grid.jpg', { type: 'image/jpeg' });

describe('uploadImage', () => {
  it('posts the file as multipart field `image`, reports progress and answers { url, thumbnailUrl }', async () => {
    const mock = stubFetch({ 'POST /api/upload': () => json({ url: '/api/images/a.jpg', thumbnailUrl: '/api/images/a.jpg?size=thumb' }, 201) });
    const onProgress = vi.fn();
    await expect(uploadImage(file(), onProgress)).resolves.toEqual({ url: '/api/images/a.jpg', thumbnailUrl: '/api/images/a.jpg?size=thumb' });
    const [, init] = mock.mock.calls[0]!;
    expect((init?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(init?.credentials).toBe('include');
    expect(onProgress).toHaveBeenCalledWith({ loaded: 1, total: 1 });
  });

  it("rejects with an ApiError 'Upload failed: {status text}'", async () => {
    stubFetch({ 'POST /api/upload': () => new Response('{"message":"File too large"}', { status: 413, statusText: 'Payload Too Large' }) });
    const error = await uploadImage(file()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(errorMessage(error)).toBe('Upload failed: Payload Too Large');
    expect(isNetworkError(error)).toBe(false);
  });
});
