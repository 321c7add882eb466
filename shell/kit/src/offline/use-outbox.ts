import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { outbox, type OutboxChange } from './outbox';

/** The signed-in user's changes in the outbox, oldest first; re-renders on every change of it. */
export function useOutbox(): readonly OutboxChange[] {
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
}

/** Whether the browser has signal (TanStack Query's online state, fed by the online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
