import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@pitwall/kit';
import { AppProviders } from '../src/app';
import { AuthGate } from '../src/auth-gate';
import { RemoteLoadersContext, type RemoteLoaders } from '../src/remotes/remote-route';
import type { RemoteAppModule } from '../src/remotes/remote-module';

export { signedInOwner as user } from '@pitwall/kit/test';

/** Renders the shell at `path` with every remote loaded by `load` (default: a remote naming itself). */
export function renderShell(path: string, options: { load?: () => Promise<RemoteAppModule | null | undefined> } = {}) {
  const queryClient = createQueryClient();
  const stub = (name: string) => options.load ?? (async () => ({ default: () => <p>{`remote ${name}`}</p> }));
  const loaders: RemoteLoaders = { mfe_cars: stub('mfe_cars'), mfe_events: stub('mfe_events'), mfe_teams: stub('mfe_teams') };
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RemoteLoadersContext.Provider value={loaders}>
        <MemoryRouter initialEntries={[path]}>
          <AuthGate />
        </MemoryRouter>
      </RemoteLoadersContext.Provider>
    </AppProviders>,
  );
  return { ...utils, queryClient };
}
