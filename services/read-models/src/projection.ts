import type { DomainEvent } from '@pitwall/domain';
import type { EventMetadata, Position, Sql } from '@pitwall/eventstore';

/** A domain event as a projection sees it: the event plus where and by whom it was recorded. */
export type ProjectedEvent = DomainEvent & { metadata: EventMetadata; position: Position; streamName: string; streamPosition: number };

/** One parameterised SQL statement. */
export interface Statement {
  text: string;
  params: unknown[];
}

/**
 * A projection into one read model (STYLE.md "Read models"): the event types it handles and a
 * pure function from an event to the SQL that applies it. `tables` lists its tables (in
 * dependency order) so a rebuild can compare and reset them; `ddl` creates them idempotently.
 */
export interface Projection {
  name: string;
  tables: readonly string[];
  ddl: string;
  canHandle: readonly DomainEvent['type'][];
  project(event: ProjectedEvent): Statement[];
}

/** Shorthand for a statement: sql`...` is not used so that params stay explicit and typed. */
export const stmt = (text: string, ...params: unknown[]): Statement => ({ text, params });

/** Runs statements in order on a connection or transaction. */
export async function runStatements(sql: Sql, statements: readonly Statement[]): Promise<void> {
  for (const s of statements) await sql.query(s.text, s.params);
}
