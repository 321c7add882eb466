import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, onlineManager, useQuery } from '@tanstack/react-query';
import { AuthProvider, ChangeNotSavedError, ToastProvider, Toaster, getAuthUserQueryOptions, writeQueue } from '@pitwall/kit';
import { signedInOwner } from '@pitwall/kit/test';
import { PaddockStatus } from './paddock-status';

/** A screen showing the team's cars, as cached. */
function CarsShown() {
  useQuery({ queryKey: ['cars'], queryFn: () => Promise.resolve([]) });
  return null;
}

function renderStatus(setup: (client: QueryClient) => void = () => {}) {
  // The signed-in user as the AuthProvider knows it (never refetched here): the conflict dialog names 'you' by it.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(getAuthUserQueryOptions().queryKey, signedInOwner);
  setup(client);
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <ToastProvider>
          <CarsShown />
          <PaddockStatus />
          <Toaster />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => writeQueue.signIn(1));
afterEach(async () => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const change of writeQueue.snapshot()) await writeQueue.discard(change.id);
});

describe('PaddockStatus', () => {
  it('shows nothing with signal and an empty write queue; the quiet offline line without signal', async () => {
    const { container } = renderStatus();
    expect(container).toBeEmptyDOMElement();
    onlineManager.setOnline(false);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Offline — /);
  });

  it('the offline line gives the time the data on screen was loaded, not that of a session check kept from an earlier visit', async () => {
    renderStatus((client) => {
      client.setQueryData(getAuthUserQueryOptions().queryKey, signedInOwner, { updatedAt: new Date(2026, 10, 23, 9, 10).getTime() });
      client.setQueryData(['cars'], [], { updatedAt: new Date(2026, 10, 26, 14, 35).getTime() });
    });
    onlineManager.setOnline(false);
    expect(await screen.findByRole('status')).toHaveTextContent('Offline — showing what was saved at 14:35');
  });

  it("names each waiting change, copies it as text and discards it", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    await writeQueue.enqueue({ name: 'Tire pressures — MX-5 #27', method: 'PUT', url: '/api/cars/7/tire-pressures', body: { notes: 'x' }, invalidates: [] });
    await writeQueue.enqueue({ name: "Checklist: tick 'Torque wheel nuts' — MX-5 #27", method: 'PATCH', url: '/api/cars/7/checklist/4', body: { isCompleted: true }, invalidates: [] });
    const user = userEvent.setup(); // with its own clipboard
    renderStatus();
    await user.click(await screen.findByRole('button', { name: '2 changes waiting for signal' }));
    const writeQueueRegion = screen.getByRole('region', { name: 'Unsent changes' });
    expect(within(writeQueueRegion).getByText('Tire pressures — MX-5 #27')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy: Tire pressures — MX-5 #27' }));
    expect(await navigator.clipboard.readText()).toMatch(/^Tire pressures — MX-5 #27 \(made .+\)\nPUT \/api\/cars\/7\/tire-pressures\nIdempotency-Key: \S+\n\n\{\n {2}"notes": "x"\n\}$/);
    await user.click(screen.getByRole('button', { name: 'Discard: Tire pressures — MX-5 #27' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '1 change waiting for signal' })).toBeInTheDocument());
  });

  it('opens the choice at once for an online save a teammate changed too; closing it leaves the change in the write queue and tells the form', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ message: 'no history here' }, { status: 404 }))));
    renderStatus();
    const outcome = writeQueue.ask({
      id: 'save-1', idempotencyKey: 'key-2', name: 'Suspension — MX-5 #27', method: 'PUT', url: '/api/cars/7/suspension', body: { frontCamber: '-3.9°' }, ifMatch: '"car-7.4"', base: { frontCamber: '-3.4°' }, invalidates: [],
      conflict: { fields: [{ path: 'frontCamber', base: '-3.4°', mine: '-3.9°', theirs: '-3.6°' }], merged: { frontCamber: '-3.9°' }, theirs: { frontCamber: '-3.6°' }, etag: '"car-7.5"' },
    }).catch((error: unknown) => error);
    const dialog = await screen.findByRole('dialog', { name: 'Both changed: Suspension — MX-5 #27' });
    expect(within(dialog).getByRole('radio', { name: 'Keep mine: -3.9°' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await outcome).toBeInstanceOf(ChangeNotSavedError);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writeQueue.snapshot()).toEqual([expect.objectContaining({ id: 'save-1', status: 'conflict' })]);
    expect(screen.getByRole('button', { name: '1 change not saved · 1 needs your choice' })).toBeInTheDocument();
  });
});
