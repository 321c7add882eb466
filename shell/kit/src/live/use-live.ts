import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@pitwall/contracts';
import { liveUpdates, type LiveStatus } from './live-updates';

/**
 * Runs a task once the first screen is shown (the shell's afterFirstScreen); answers a function that
 * cancels it if it has not run yet.
 */
export type WhenFirstScreenShown = (task: () => void) => () => void;

/**
 * Keeps the page's live connection open while `signedIn` (the shell calls it once, with the
 * session's user). It opens once the first screen is shown (`afterFirstScreen`, from the shell), or
 * without it once the page has loaded (the `load` event): the stream is not one of the first
 * screen's requests on a slow link, and what the first screen shows is fresh from its own GETs anyway.
 */
export function useLiveUpdates(signedIn: boolean, afterFirstScreen?: WhenFirstScreenShown): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const start = () => liveUpdates.start(queryClient);
    const cancel = afterFirstScreen ? afterFirstScreen(start) : afterLoad(start);
    return () => {
      cancel();
      liveUpdates.stop();
    };
  }, [queryClient, signedIn, afterFirstScreen]);
}

/** Runs `task` once the page has loaded (at once when it has); answers a function that cancels it if it has not run yet. */
function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}

/** The live connection's status, for the 'Live' indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveUpdates.subscribeStatus(listener),
    () => liveUpdates.status,
    () => 'connecting' as const,
  );
}

/** The latest change of `type` the live connection heard since the calling component mounted (null: none yet). */
export function useLastLiveChange(type: string): LiveChange | null {
  const [last, setLast] = useState<LiveChange | null>(null);
  useEffect(() => liveUpdates.onChange((change) => change.type === type && setLast(change)), [type]);
  return last;
}
