/**
 * Registers the service worker (/sw.js, src/sw/service-worker.ts) in a production build once the page
 * has loaded, from a chunk of its own (workbox-window is not part of main.js: it would cost the first load).
 * Development builds and the unit tests register nothing.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('workbox-window')
      .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
      .catch((error: unknown) => console.warn('[pitwall] the service worker could not be registered: no offline use', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
