import { render, screen } from '@testing-library/react';
import { Spinner } from '@pitwall/kit';
import type * as Kit from '@pitwall/kit';
import { RemoteModule } from './remote-module';

const preloadKitParts = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@pitwall/kit', async (importOriginal) => ({ ...(await importOriginal<typeof Kit>()), preloadKitParts }));

/** A remote whose screen is still loading part of its data: its first screen is not shown yet. */
const loadingRemote = async () => ({
  default: () => (
    <>
      <h1>Run sheet</h1>
      <Spinner label="Loading laps" />
    </>
  ),
});

it("on a page the service worker controls, the kit's parts are fetched as soon as the remote renders, before its first screen is shown", async () => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
  try {
    render(<RemoteModule name="mfe_events" load={loadingRemote} />);
    await screen.findByRole('heading', { name: 'Run sheet' });
    // The preload runs in a passive effect of the remote's commit, which may flush after the heading shows.
    await vi.waitFor(() => expect(preloadKitParts).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading laps')).toBeInTheDocument();
  } finally {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
});
