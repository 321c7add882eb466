import type { QueryKey } from '@tanstack/react-query';
import type { Representation } from './offline-storage';
import type { FieldConflict, Json } from './three-way-merge';
import type { BaseView } from './write-base';

/**
 * A change kept in the write queue, as stored in IndexedDB, and what both the queue (write-queue.ts) and its
 * sending code (write-queue-sending.ts, a chunk loaded on first use) need of it: a leaf module, so the
 * lazily loaded sending code imports no part of the queue itself.
 */

/** The state of one change: waiting to be sent, waiting for the user's choice, or refused by the server. */
export type WriteQueueStatus = 'waiting' | 'conflict' | 'refused';

/** A 412's fields that both sides changed, and the server's representation and ETag they were read from. */
export interface QueuedWriteConflict {
  fields: FieldConflict[];
  /** The merged body: fields changed by one side only already merged. */
  merged: Json;
  /** The server's representation of the changed thing (the 412's body, narrowed to the item). */
  theirs: Json | undefined;
  etag: string | undefined;
}

/** One change waiting for signal (stored in IndexedDB as it is). */
export interface QueuedWrite {
  /** The change's id (its first Idempotency-Key). */
  id: string;
  /**
   * The Idempotency-Key it is sent with, made when the change was made: a resend after a lost answer
   * is never applied twice. A 412 applied nothing, and the server keeps its answer under the key, so
   * the merged change is sent with a new one.
   */
  idempotencyKey: string;
  /** What the change is, for people: 'Tire pressures — Car 7'. */
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body: Json | undefined;
  /** The ETag of the representation the change was based on (sent as If-Match), if the server gave one. */
  ifMatch: string | undefined;
  /** The representation the change was based on (the item, for a change of one item of a list). */
  base: Json | undefined;
  /** The part of a representation the change writes (a 412's body is seen through it); absent: the item its URL names. */
  view?: BaseView;
  /** When the change was made (ISO 8601). */
  madeAt: string;
  /** Who made it: only their session sends it, only they see it. */
  userId: number;
  /** Query keys refreshed once the change is saved. */
  invalidates: QueryKey[];
  status: WriteQueueStatus;
  /** Why the server refused it (`refused`). */
  error?: string;
  conflict?: QueuedWriteConflict;
}

/** Sends one request; answers the Response, or throws TypeError when the network fails. */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** A key no one else will make: a UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The write queue as its sending code (write-queue-sending.ts, loaded on first use) sees it. */
export interface SendingHost {
  send: Send;
  /** The changes of the signed-in user, oldest first. */
  changes(): readonly QueuedWrite[];
  /** Replaces them (stored, listeners told). */
  save(changes: QueuedWrite[]): Promise<void>;
  /** True while a form waits for change `id`. */
  isAwaited(id: string): boolean;
  /** Ends that wait with the saved representation or an error. */
  settleWaiter(id: string, outcome: Representation | Error): void;
  /** Refreshes the queries of `keys` (a change was saved). */
  refresh(keys: QueryKey[]): void;
}

/** The request of a change: JSON body, session cookie, its Idempotency-Key and If-Match. */
export function requestOf(change: Pick<QueuedWrite, 'method' | 'body' | 'idempotencyKey' | 'ifMatch'>): RequestInit {
  const headers: Record<string, string> = { 'Idempotency-Key': change.idempotencyKey };
  if (change.ifMatch) headers['If-Match'] = change.ifMatch;
  if (change.body !== undefined) headers['Content-Type'] = 'application/json';
  return { method: change.method, credentials: 'include', headers, ...(change.body !== undefined ? { body: JSON.stringify(change.body) } : {}) };
}
