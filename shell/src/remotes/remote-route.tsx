import { createContext, useContext } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { RemoteModule, type RemoteAppModule } from './remote-module';
import { resetRemote, type RemoteName } from './remote-config';

/** How each remote's './App' is loaded. */
export type RemoteLoaders = Record<RemoteName, () => Promise<RemoteAppModule | null | undefined>>;

const moduleFederationLoaders: RemoteLoaders = {
  mfe_cars: () => loadRemote<RemoteAppModule>('mfe_cars/App'),
  mfe_events: () => loadRemote<RemoteAppModule>('mfe_events/App'),
  mfe_teams: () => loadRemote<RemoteAppModule>('mfe_teams/App'),
};

/** Loaders in use: Module Federation in the app; tests provide stubs. */
export const RemoteLoadersContext = createContext<RemoteLoaders>(moduleFederationLoaders);

/** Mounts a remote's App (see app-routes.tsx for which paths go where). */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const loaders = useContext(RemoteLoadersContext);
  return <RemoteModule key={remote} name={remote} load={loaders[remote]} onRetry={() => resetRemote(remote)} />;
}
