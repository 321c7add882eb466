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

/**
 * Layout-route element that mounts a remote. The remote's own <Routes> match the full path
 * (e.g. `car/:id`), because this route is pathless and its base is '/'.
 */
export function RemoteRoute({ remote }: { remote: RemoteName }) {
  const loaders = useContext(RemoteLoadersContext);
  return <RemoteModule key={remote} name={remote} load={loaders[remote]} onRetry={() => resetRemote(remote)} />;
}
