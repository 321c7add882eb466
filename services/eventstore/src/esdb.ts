/**
 * Entry point '@pitwall/eventstore/esdb': the EventStoreDB/KurrentDB adapter and its pure mapping
 * helpers. Kept apart from the package root so that only processes that use EventStoreDB load the
 * gRPC client (about a second of start-up).
 */
export { createEsdbEventStore, type EsdbEventStore, type EsdbEventStoreOptions, type EsdbSubscribeOptions, type EsdbSubscription } from './esdb-event-store.ts';
export {
  backoffDelay,
  eventTypeRegex,
  isEsdbUnavailable,
  toPortError,
  toPosition,
  toStreamState,
  type BackoffOptions,
} from './esdb-mapping.ts';
