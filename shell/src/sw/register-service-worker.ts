import type { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen } from '../remotes/after-first-screen';
import { REFRESH_MESSAGE } from './refresh-message';

/**
 * Registers the service worker (/sw.js, src/sw/service-worker.ts) in a production build once the first
 * screen is shown (the page has loaded and has its data: afterFirstScreen), from a chunk of its own
 * (workbox-window is not part of main.js, nor fetched before the first screen's content). A worker
 * already in control, which answered this load from its caches, is then asked to refresh the
 * deployment it caches (so a remote deployed again starts on the next load, and nothing of the
 * refresh comes before this one's screen).
 * Development builds and the unit tests register nothing.
 */
export function registerServiceWorkerAfterFirstScreen(queryClient: QueryClient): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  afterFirstScreen(queryClient, () => {
    navigator.serviceWorker.controller?.postMessage({ type: REFRESH_MESSAGE });
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => console.warn('[pitwall] the service worker could not be registered: no offline use', error));
  });
}
