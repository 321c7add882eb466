import type { DomainEvent } from '@pitwall/domain';
import pg from 'pg';
import type { EventMetadata, Position, Sql } from '@pitwall/eventstore';

const { escapeLiteral } = pg;

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

/**
 * A parameter as an SQL literal: strings through node-postgres' `escapeLiteral` (quotes doubled,
 * backslashes escaped), finite numbers and bigints as digits, booleans, NULL. Anything else
 * (objects, NaN) is a programming error: TypeError.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new TypeError(`cannot inline a ${typeof value} parameter into SQL`);
}

/** The statement as one SQL text with its parameters inlined as literals. */
export function inlineStatement(statement: Statement): string {
  return statement.text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= statement.params.length) throw new RangeError(`statement uses $${n} but has ${statement.params.length} parameter(s)`);
    return literal(statement.params[index]);
  });
}

/**
 * Runs statements in order as ONE multi-statement text (one round trip for a whole batch,
 * instead of one per statement: the projector's rebuild was bound by round trips). Parameters
 * are inlined as escaped literals (see inlineStatement); the projections' SQL has no `$` of its own.
 */
export async function runStatementsAsOne(sql: Sql, statements: readonly Statement[]): Promise<void> {
  if (statements.length === 0) return;
  await sql.exec(statements.map(inlineStatement).join(';\n'));
}
