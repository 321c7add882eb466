import { ApiError, apiFetch, errorMessage } from './api-fetch';

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and JSON, and answers the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ id: 1 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/cars', { method: 'POST', body: { name: 'GT' } })).resolves.toEqual({ id: 1 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/cars',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"name":"GT"}' }),
    );
  });

  it('throws "status: body" and keeps the server message for display', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"Car not found"}', { status: 404 })));
    const error = await apiFetch('/api/cars/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Car not found"}');
    expect(errorMessage(error)).toBe('Car not found');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' })));
    await expect(apiFetch('/api/cars')).rejects.toThrow('500: Internal Server Error');
  });
});
