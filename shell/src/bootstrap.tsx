import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadRemoteConfig, registerAllRemotes } from './remotes/remote-config';
import './shell.css';

async function start() {
  // Remote manifest URLs come from the deploy-time /config.json, registered before the first render.
  registerAllRemotes(await loadRemoteConfig());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
