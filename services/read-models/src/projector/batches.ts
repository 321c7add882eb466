import type { EventStore, Position, RecordedEvent } from '@pitwall/eventstore';
import { comparePositions } from '@pitwall/eventstore';
import type { ProjectedEvent, Projection, ProjectionStatement } from '../projection.ts';

/**
 * Events per transaction when catching up: large enough that the few set-based statements per
 * table and the commit are paid per thousands of events (a rebuild ran 16k events/s on PostgreSQL
 * with 500, 21k with 2,000 on this machine kind); a live projector's batches are what arrived.
 */
export const DEFAULT_BATCH_SIZE = 2000;

const toProjected = (e: RecordedEvent): ProjectedEvent =>
  ({ type: e.type, data: e.data, metadata: e.metadata, position: e.position, streamName: e.streamName, streamPosition: e.streamPosition }) as ProjectedEvent;

/**
 * A batch cut into segments: a new one starts at each event of a type some projection lists in
 * `segmentBefore` (it changes what that projection reads), so the projection's rows of the events
 * before it are written first.
 */
export function segmentsOf(events: readonly ProjectedEvent[], projections: readonly Projection[]): ProjectedEvent[][] {
  const cuts = new Set<string>(projections.flatMap((p) => p.segmentBefore ?? []));
  const segments: ProjectedEvent[][] = [];
  for (const event of events) {
    const current = segments[segments.length - 1];
    if (!current || cuts.has(event.type)) segments.push([event]);
    else current.push(event);
  }
  return segments;
}

/**
 * The statements applying a batch, set-based: per segment (see segmentsOf), each projection in
 * the order given folds the segment's events it handles into a few statements.
 */
export function batchStatements(events: readonly ProjectedEvent[], projections: readonly Projection[]): ProjectionStatement[] {
  return segmentsOf(events, projections).flatMap((segment) =>
    projections.flatMap((projection) => {
      const handled = projection.canHandle === 'all' ? segment : segment.filter((e) => projection.canHandle.includes(e.type));
      return handled.length === 0 ? [] : projection.project(handled);
    }),
  );
}

/** The projections that handle `event`, in their order. */
export const handlersOf = (event: ProjectedEvent, projections: readonly Projection[]): Projection[] =>
  projections.filter((p) => p.canHandle === 'all' || p.canHandle.includes(event.type));

/**
 * A batch read and folded, ready to apply: the positions it spans, its events and its statements
 * (null when a projection's fold threw: the batch is then applied piece by piece, see
 * applyInPieces).
 */
export interface PreparedBatch {
  /** The checkpoint it was read after (the fencing check compares the stored one with it). */
  after: Position;
  last: Position;
  events: readonly ProjectedEvent[];
  statements: ProjectionStatement[] | null;
}

/** Where a batch is read from and what it is folded by: the store, up to `limit` events, none after `until` (when given). */
export interface BatchSource {
  store: EventStore;
  projections: readonly Projection[];
  limit: number;
  until?: Position;
}

/** Reads the events after `after` (up to the batch size) and folds them into the batch's statements (null when a fold throws). */
export async function prepareBatch(source: BatchSource, after: Position): Promise<PreparedBatch> {
  const { until } = source;
  const read = (await source.store.readAll({ after, limit: source.limit })).map(toProjected);
  const events = until ? read.filter((e) => comparePositions(e.position, until) <= 0) : read;
  if (events.length === 0) return { after, last: after, events, statements: [] };
  let statements: ProjectionStatement[] | null;
  try {
    statements = batchStatements(events, source.projections);
  } catch {
    statements = null; // a projection's code threw on one of the events: found and parked by applyInPieces
  }
  return { after, last: events[events.length - 1]!.position, events, statements };
}
