import { EventEmitter } from 'node:events';
import type { Position } from '@pitwall/eventstore';
import { formatPosition, parsePosition } from '@pitwall/eventstore';

/**
 * Cross-process notifications of the distributed mode (docs/decisions/0004-read-your-writes-and-the-notifier.md):
 * - "appended": a command process stored events — projectors wake at once instead of polling;
 * - "caught up to P": a projector committed read models up to position P — command processes
 *   answer the waiting requests, so a save followed by a read on ANY instance sees the save.
 * Adapters: in-process (embedded), Redis pub/sub (REDIS_URL), PostgreSQL LISTEN/NOTIFY (fallback).
 * Notifications are hints: delivery is best-effort, so every listener also polls.
 */
export interface Notifier {
  readonly kind: 'memory' | 'redis' | 'postgres';
  publishAppended(): Promise<void>;
  onAppended(listener: () => void): () => void;
  publishCaughtUp(projection: string, position: Position): Promise<void>;
  onCaughtUp(listener: (projection: string, position: Position) => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL LISTEN/NOTIFY channel names of one deployment (`DEPLOYMENT_NAME`; identifiers, hence `_`), so deployments sharing a database server never hear each other. Redis channels: redis-notifier.ts. */
export function channelsOf(deployment: string) {
  const safe = deployment.replace(/[^a-zA-Z0-9_]/g, '_').slice(0, 40);
  return { appended: `${safe}_appended`, caughtUp: `${safe}_caught_up` };
}

/** Payload of a caught-up message: 'projection|commit/prepare'. */
export const encodeCaughtUp = (projection: string, position: Position) => `${projection}|${formatPosition(position)}`;

/** Parses a caught-up payload; null for anything malformed (ignored). */
function decodeCaughtUp(payload: string): { projection: string; position: Position } | null {
  const bar = payload.lastIndexOf('|');
  if (bar < 1) return null;
  try {
    return { projection: payload.slice(0, bar), position: parsePosition(payload.slice(bar + 1)) };
  } catch {
    return null;
  }
}

/** Listener bookkeeping shared by the adapters. */
export class NotificationHub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emitAppended(): void {
    this.emitter.emit('appended');
  }
  emitCaughtUp(payload: string): void {
    const decoded = decodeCaughtUp(payload);
    if (decoded) this.emitter.emit('caughtUp', decoded.projection, decoded.position);
  }
  onAppended(listener: () => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }
  onCaughtUp(listener: (projection: string, position: Position) => void): () => void {
    this.emitter.on('caughtUp', listener);
    return () => this.emitter.off('caughtUp', listener);
  }
}

/** In-process notifier: the embedded single process. */
export function createMemoryNotifier(): Notifier {
  const hub = new NotificationHub();
  return {
    kind: 'memory',
    async publishAppended() {
      hub.emitAppended();
    },
    onAppended: (l) => hub.onAppended(l),
    async publishCaughtUp(projection, position) {
      hub.emitCaughtUp(encodeCaughtUp(projection, position));
    },
    onCaughtUp: (l) => hub.onCaughtUp(l),
    async close() {},
  };
}
