import { REFRESH_MESSAGE } from './refresh-message';

/**
 * Registers the service worker (/sw.js, src/sw/service-worker.ts) in a production build once the page
 * has loaded, from a chunk of its own (workbox-window is not part of main.js: it would cost the first
 * load). A worker already in control, which answered this load from
 * its caches, is then asked to refresh the deployment it caches (so a remote
 * deployed again starts on the next load, and nothing of the refresh delays this one).
 * Development builds and the unit tests register nothing.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // After this page's own load: nothing of the refresh competes with it.
    navigator.serviceWorker.controller?.postMessage({ type: REFRESH_MESSAGE });
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => console.warn('[pitwall] the service worker could not be registered: no offline use', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
