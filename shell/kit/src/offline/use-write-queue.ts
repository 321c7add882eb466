import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { writeQueue, type QueuedWrite } from './write-queue';

/** The signed-in user's changes in the write queue, oldest first; re-renders on every change of it. */
export function useWriteQueue(): readonly QueuedWrite[] {
  return useSyncExternalStore(writeQueue.subscribe, writeQueue.snapshot, writeQueue.snapshot);
}

/** Whether the browser has signal (TanStack Query's online state, fed by the online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
