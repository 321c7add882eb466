import type { QueryClient } from '@tanstack/react-query';

/** How long an idle moment may be waited for before `task` runs anyway (ms). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `task` once the page has loaded (the `load` event), no query of `queryClient` is fetching
 * (the screen shown has its data) and the browser is idle (`requestIdleCallback`, at most
 * IDLE_TIMEOUT_MS later; a plain timeout where it is missing): for work the first screen does not
 * need (the service worker, the kit's dialogs and tabs), so it does not compete with that screen's
 * code and data on a slow link. Without a query client (a remote module rendered outside the app's
 * providers) only the load and the idle moment are waited for. Answers a function that cancels it if
 * it has not run yet.
 */
export function afterFirstScreen(queryClient: QueryClient | undefined, task: () => void): () => void {
  let cancelled = false;
  let stopWatching = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const run = () => {
    if (!cancelled) task();
  };
  const whenSettled = () => {
    if (cancelled) return;
    if (!queryClient) return whenIdle();
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stopWatching();
      whenIdle();
    };
    stopWatching = queryClient.getQueryCache().subscribe(check);
    check();
  };
  if (document.readyState === 'complete') whenSettled();
  else window.addEventListener('load', whenSettled, { once: true });
  return () => {
    cancelled = true;
    stopWatching();
    window.removeEventListener('load', whenSettled);
  };
}
