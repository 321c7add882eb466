import { createContext, useContext } from 'react';
import { RemoteModule, type RemoteAppModule } from './remote-module';
import { loadRemoteApp, resetRemote, type RemoteName } from './remote-config';

/** How each remote's './App' is loaded. */
export type RemoteLoaders = Record<RemoteName, () => Promise<RemoteAppModule | null | undefined>>;

const moduleFederationLoaders: RemoteLoaders = {
  mfe_cars: () => loadRemoteApp('mfe_cars'),
  mfe_events: () => loadRemoteApp('mfe_events'),
  mfe_teams: () => loadRemoteApp('mfe_teams'),
};

/** Loaders in use: Module Federation in the app; tests provide stubs. */
export const RemoteLoadersContext = createContext<RemoteLoaders>(moduleFederationLoaders);

/** Mounts a remote's App (see app-routes.tsx for which paths go where). */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const loaders = useContext(RemoteLoadersContext);
  return <RemoteModule key={remote} name={remote} load={loaders[remote]} onRetry={() => resetRemote(remote)} />;
}
