import type { EventStore, Position } from './port.ts';

/**
 * The in-process `onAppended` registry shared by the event store adapters. A listener that
 * throws is reported to `onListenerError` and never fails the append or the other listeners.
 */
export function createAppendListeners(onListenerError: (error: unknown) => void = (error) => console.error('onAppended listener failed', error)) {
  const listeners = new Set<(position: Position) => void>();
  return {
    /** Tells every listener about an append that ended at `position`. */
    notify(position: Position): void {
      for (const listener of listeners) {
        try {
          listener(position);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    /** EventStore.onAppended: a fresh entry per registration, so registering one function twice unsubscribes once each. */
    onAppended: ((listener) => {
      const entry = (position: Position) => listener(position);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    }) satisfies EventStore['onAppended'],
  };
}
