import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@pitwall/contracts';
import { liveUpdates, type LiveStatus } from './live-updates';

/**
 * Keeps the page's live connection open while `signedIn` (the shell calls it once, with the
 * session's user). It opens once the page has loaded (the `load` event): the stream is not part of
 * the first load's requests, and what the first screen shows is fresh from its own GETs anyway.
 */
export function useLiveUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const start = () => liveUpdates.start(queryClient);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      liveUpdates.stop();
    };
  }, [queryClient, signedIn]);
}

/** The live connection's status, for the 'Live' indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => liveUpdates.subscribeStatus(listener),
    () => liveUpdates.status,
    () => 'offline' as const,
  );
}

/** The latest change of `type` the live connection heard since the calling component mounted (null: none yet). */
export function useLastLiveChange(type: string): LiveChange | null {
  const [last, setLast] = useState<LiveChange | null>(null);
  useEffect(() => liveUpdates.onChange((change) => change.type === type && setLast(change)), [type]);
  return last;
}
