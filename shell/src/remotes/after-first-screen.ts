import type { QueryClient } from '@tanstack/react-query';
import { isScreenLoading, onScreenLoadingChange } from '@pitwall/kit';

/** How long an idle moment may be waited for before `task` runs anyway (ms). */
const IDLE_TIMEOUT_MS = 2_000;
/**
 * How long the screen must stay shown with its query cache quiet before `task` is queued (ms): the
 * moment between the shell's screen root committing and a remote's screen mounting (its module
 * evaluated, its queries observed) shows no loading indicator either, and work started there comes
 * before the screen's content (on paddock 3G, the shell's later chunks were requested 14 ms before a
 * run sheet's best lap showed). A screen mounting its queries touches the cache and restarts the wait.
 */
const SETTLE_MS = 150;
/**
 * How long after the load the first screen is waited for at most (ms): a screen that keeps a loading
 * indicator (a part whose data never comes: an error elsewhere on it, no signal) does not hold this
 * work back for ever.
 */
const FIRST_SCREEN_TIMEOUT_MS = 10_000;

/**
 * Runs `task` once the first screen is shown: the page has loaded (the `load` event), no query of
 * `queryClient` is fetching, the kit says the screen is not loading (its screen root has committed,
 * no Spinner or Skeleton is on the page and no lazy part of the kit waits for its chunk; the kit's
 * components/screen-loading.ts: a screen whose code still comes shows one, and a next visit's
 * restored data leaves no query fetching long before its screen is there), all of that has held for
 * SETTLE_MS with no change in the query cache, and the browser is idle
 * (`requestIdleCallback`, at most IDLE_TIMEOUT_MS later; a plain timeout where it is missing); if
 * the screen is loading again by then, it waits again; FIRST_SCREEN_TIMEOUT_MS after the load it
 * runs once the browser is idle, shown or not. For work the first screen does not need (the service
 * worker, the kit's dialogs and tabs, revalidating the restored query cache), so it neither
 * competes with that screen's code and data on a slow link nor comes before it. Without a query
 * client (a remote module rendered outside the app's providers) the queries are not watched.
 * Answers a function that cancels it if it has not run yet.
 */
export function afterFirstScreen(queryClient: QueryClient | undefined, task: () => void): () => void {
  let cancelled = false;
  let done = false;
  let waitedLongEnough = false;
  let stopWatching = () => {};
  let stopTimeout = () => {};
  const shown = () => (!queryClient || queryClient.isFetching() === 0) && !isScreenLoading();
  const run = () => {
    if (cancelled || done) return;
    if (!waitedLongEnough && !shown()) return whenShown();
    done = true;
    stopTimeout();
    task();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const whenShown = () => {
    if (cancelled) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(settle);
      if (!shown()) return;
      settle = setTimeout(() => {
        if (!shown()) return;
        stopWatching();
        whenIdle();
      }, SETTLE_MS);
    };
    const unsubscribeQueries = queryClient?.getQueryCache().subscribe(check);
    const unsubscribeScreen = onScreenLoadingChange(check);
    stopWatching = () => {
      clearTimeout(settle);
      unsubscribeQueries?.();
      unsubscribeScreen();
    };
    check();
  };
  const whenLoaded = () => {
    const timer = setTimeout(() => {
      waitedLongEnough = true;
      stopWatching();
      whenIdle();
    }, FIRST_SCREEN_TIMEOUT_MS);
    stopTimeout = () => clearTimeout(timer);
    whenShown();
  };
  if (document.readyState === 'complete') whenLoaded();
  else window.addEventListener('load', whenLoaded, { once: true });
  return () => {
    cancelled = true;
    stopWatching();
    stopTimeout();
    window.removeEventListener('load', whenLoaded);
  };
}
