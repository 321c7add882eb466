import { onlineManager } from '@tanstack/react-query';
import { writeQueue } from '../offline/write-queue';
import { ApiError, apiFetch, errorMessage, failureText, SavedNotShownError } from './api-fetch';

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

describe('apiFetch and the write queue', () => {
  const change = { name: 'Tire pressures — Car 7', offlineAnswer: () => ({ shown: true }), invalidates: [] };

  beforeAll(() => writeQueue.signIn(1));
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    // A request that could not reach the server took the page offline (reachability.ts).
    onlineManager.setOnline(true);
    for (const c of writeQueue.snapshot()) await writeQueue.discard(c.id);
  });

  it('sends every mutation with an Idempotency-Key of its own', async () => {
    const fetchMock = vi.fn().mockImplementation(() => Promise.resolve(Response.json({})));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/cars/7/checklist/4', { method: 'PATCH', body: { isCompleted: true } });
    await apiFetch('/api/cars/7/checklist/4', { method: 'PATCH', body: { isCompleted: false } });
    const keys = fetchMock.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/\S{16,}/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows what a change would show offline when the server stored it but cannot show it yet (202), and says so for a change without one', async () => {
    const accepted = () => Response.json({ status: 'accepted', position: '812/812', message: 'Saved. It will show once the server has caught up.' }, { status: 202 });
    vi.stubGlobal('fetch', vi.fn().mockImplementation(() => Promise.resolve(accepted())));
    await expect(apiFetch('/api/cars/7/tire-pressures', { method: 'PUT', body: { items: [] }, change })).resolves.toEqual({ shown: true });
    expect(writeQueue.snapshot()).toEqual([]);
    const error = await apiFetch('/api/cars', { method: 'POST', body: { name: 'GT' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SavedNotShownError);
    expect(failureText('Failed to add car. Please try again.', error)).toBe('Saved. It will show once the server has caught up.');
  });

  it('keeps a change that names itself in the write queue with no signal, and answers what to show meanwhile', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(apiFetch('/api/cars/7/tire-pressures', { method: 'PUT', body: { items: [] }, change })).resolves.toEqual({ shown: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(writeQueue.snapshot()).toEqual([expect.objectContaining({ name: 'Tire pressures — Car 7', method: 'PUT', url: '/api/cars/7/tire-pressures', body: { items: [] }, status: 'waiting' })]);
  });

  it('keeps it, under the key it was sent with, when the request cannot reach the server; other changes fail as before', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/cars/7/tire-pressures', { method: 'PUT', body: { items: [] }, change })).resolves.toEqual({ shown: true });
    const sentKey = (fetchMock.mock.calls[0]![1] as { headers: Record<string, string> }).headers['Idempotency-Key'];
    expect(writeQueue.snapshot()[0]!.idempotencyKey).toBe(sentKey);
    await expect(apiFetch('/api/cars', { method: 'POST', body: { name: 'GT' } })).rejects.toBeInstanceOf(TypeError);
    expect(writeQueue.snapshot()).toHaveLength(1);
  });
});

describe('failureText', () => {
  const sentence = 'Failed to add team member. Please try again.';
  it("adds a 400's reason to the form's fixed sentence, and nothing else's", () => {
    expect(failureText(sentence, new ApiError(400, '400: …', 'password: Password must not contain the username'))).toBe(`${sentence} password: Password must not contain the username`);
    expect(failureText(sentence, new ApiError(500, '500: boom', 'Internal Server Error'))).toBe(sentence);
    expect(failureText(sentence, new TypeError('Failed to fetch'))).toBe(sentence);
  });
});
