import type { DomainEvent } from '@pitwall/domain';
import type { EventMetadata, Position } from '@pitwall/eventstore';

/** A domain event as a projection sees it: the event plus where and by whom it was recorded. */
export type ProjectedEvent = DomainEvent & { metadata: EventMetadata; position: Position; streamName: string; streamPosition: number };

/** One parameterised SQL statement. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * A statement of a projection: its rows as its ONE parameter, $1, a JSON array read with
 * `jsonb_populate_recordset` / `jsonb_to_recordset`. The projector sends a batch's statements in
 * one call (pitwall_apply_batch), each with its rows.
 */
export interface ProjectionStatement extends Statement {
  params: [rows: string];
}

/** A projection's statement: `text` reads `rows` (JSON of an array) as $1::jsonb. */
export const rowsStatement = (text: string, rows: string): ProjectionStatement => ({ text, params: [rows] });

/**
 * A projection into one read model (docs/decisions/0003-set-based-projections.md): the event types it handles and a
 * pure function from a batch of those events (in global order) to the SQL that applies them
 * set-based (the batch folded in memory, a few statements per table; see RowChanges). `tables`
 * lists its tables (in dependency order) so a rebuild can compare and reset them; `ddl` creates
 * them idempotently.
 */
export interface Projection {
  name: string;
  /**
   * What its rows mean: bump it in the same change as a change of what the projection writes that
   * its DDL does not show (a new column's DDL changes by itself). A changed version or DDL rebuilds
   * this projection alone at the next start (see migrateReadModels); the others keep their rows.
   */
  version: number;
  tables: readonly string[];
  ddl: string;
  /**
   * Names of the other projections whose tables its statements READ while projecting (e.g. the
   * history reads the members' names from the teams' tables). When this projection is rebuilt,
   * those are rebuilt with it, so it reads their rows as they were at each event.
   */
  reads?: readonly string[];
  /** The event types it projects; 'all' for every event of the store (e.g. the stream revisions). */
  canHandle: readonly DomainEvent['type'][] | 'all';
  /**
   * Event types that change what this projection READS from another read model (e.g. a member's
   * display name for the history): the projector starts a new segment of the batch at each, so
   * the rows of the events before it are written before it is applied.
   */
  segmentBefore?: readonly DomainEvent['type'][];
  /** The statements applying `events` (only types of `canHandle`, in order); none for an empty batch. */
  project(events: readonly ProjectedEvent[]): ProjectionStatement[];
}

/** Shorthand for a statement: sql`...` is not used so that params stay explicit and typed. */
export const stmt = (text: string, ...params: unknown[]): Statement => ({ text, params });
