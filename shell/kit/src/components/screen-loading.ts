import { useLayoutEffect } from 'react';

/**
 * Whether the screen is still loading, as the kit's components report it (no DOM is read): the
 * screen's root has committed (`useScreenRoot`, the shell's AuthGate) and no loading indicator is
 * on the page — a Spinner or Skeleton (a remote's or a route's code still coming, or data a card
 * waits for), or a lazy part of the kit rendering nothing until its chunk arrives. The shell's
 * afterFirstScreen reads it together with the query cache. One state per page: the kit is one
 * shared module for the shell and every remote (module federation singleton).
 */
const state = { rootCommitted: false, indicators: 0 };
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of [...listeners]) listener();
}

/** Marks the component where screens render: until it has committed, nothing of a screen is shown. */
export function useScreenRoot(): void {
  useLayoutEffect(() => {
    if (state.rootCommitted) return;
    state.rootCommitted = true;
    changed();
  }, []);
}

/** Counts the calling component as a loading indicator from its commit until it unmounts. */
export function useLoadingIndicator(): void {
  useLayoutEffect(() => {
    state.indicators += 1;
    changed();
    return () => {
      state.indicators -= 1;
      changed();
    };
  }, []);
}

/** True until the screen root has committed and while a loading indicator of the kit is on the page. */
export function isScreenLoading(): boolean {
  return !state.rootCommitted || state.indicators > 0;
}

/** Calls `listener` on every change of isScreenLoading's inputs; answers the unsubscribe. */
export function onScreenLoadingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
