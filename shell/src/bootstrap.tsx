import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient, startOnlineState } from '@pitwall/kit';
import { App } from './app';
import { prefetchFirstRoute } from './remotes/first-route';
import { loadRemoteConfig, registerAllRemotes } from './remotes/remote-config';
import { registerServiceWorkerAfterFirstScreen } from './sw/register-service-worker';
import './shell.css';

async function start() {
  // Remote manifest URLs come from the deploy-time /config.json, registered before the first render.
  registerAllRemotes(await loadRemoteConfig());
  startOnlineState();
  const queryClient = createQueryClient();
  prefetchFirstRoute(queryClient, window.location.pathname);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  registerServiceWorkerAfterFirstScreen(queryClient);
}

void start();
