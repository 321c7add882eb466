import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { ToastProvider, Toaster, outbox } from '@pitwall/kit';
import { PaddockStatus } from './paddock-status';

function renderStatus() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PaddockStatus />
        <Toaster />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => outbox.signIn(1));
afterEach(async () => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  for (const change of outbox.snapshot()) await outbox.discard(change.id);
});

describe('PaddockStatus (issue 14)', () => {
  it('shows nothing with signal and an empty outbox; the quiet offline line without signal', async () => {
    const { container } = renderStatus();
    expect(container).toBeEmptyDOMElement();
    onlineManager.setOnline(false);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Offline — /);
  });

  it("names each waiting change, copies it as text and discards it", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    await outbox.enqueue({ name: 'Tire pressures — MX-5 #27', method: 'PUT', url: '/api/cars/7/tire-pressures', body: { notes: 'x' }, invalidates: [] });
    await outbox.enqueue({ name: "Checklist: tick 'Torque wheel nuts' — MX-5 #27", method: 'PATCH', url: '/api/cars/7/checklist/4', body: { isCompleted: true }, invalidates: [] });
    const user = userEvent.setup(); // with its own clipboard
    renderStatus();
    await user.click(await screen.findByRole('button', { name: '2 changes waiting for signal' }));
    const outboxRegion = screen.getByRole('region', { name: 'Outbox' });
    expect(within(outboxRegion).getByText('Tire pressures — MX-5 #27')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy: Tire pressures — MX-5 #27' }));
    expect(await navigator.clipboard.readText()).toMatch(/^Tire pressures — MX-5 #27 \(made .+\)\nPUT \/api\/cars\/7\/tire-pressures\nIdempotency-Key: \S+\n\n\{\n {2}"notes": "x"\n\}$/);
    await user.click(screen.getByRole('button', { name: 'Discard: Tire pressures — MX-5 #27' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '1 change waiting for signal' })).toBeInTheDocument());
  });
});
