import type { DomainEvent } from '@pitwall/domain';
import type { ProjectedEvent, Projection, ProjectionStatement } from './projection.ts';
import { RowChanges } from './row-changes.ts';

/** A projected event of type `T`, its data typed. */
export type ProjectedEventOf<T extends DomainEvent['type']> = Extract<ProjectedEvent, { type: T }>;

/** What a table of a projection is written through when it is not a {@link RowChanges}: it gathers a batch's rows and answers the statements writing them. */
export interface TableWriter {
  statements(): ProjectionStatement[];
}

/**
 * The tables of a projection, in the order their statements run: per table, its primary-key
 * column (the events' rows go through a {@link RowChanges} of it: written, patched or removed,
 * folded into a few set-based statements per batch), or a function making a {@link TableWriter}
 * of its own for a table whose rows need SQL of their own (the history's INSERT that reads the
 * members' names).
 */
export type TableSpecs = Record<string, string | (() => TableWriter)>;

/** The writers a handler gets: a {@link RowChanges} per table given by its key, the table's own writer otherwise. */
export type TableWriters<T extends TableSpecs> = { [K in keyof T]: T[K] extends string ? RowChanges : T[K] extends () => infer W ? W : never };

/**
 * Handles one event: writes its rows through `rows`; `sql` adds a statement of its own that runs
 * BEFORE every table's row changes of the batch (e.g. an UPDATE of a row written in an earlier
 * segment: see Projection.segmentBefore).
 */
export type EventHandler<E, T extends TableSpecs> = (event: E, rows: TableWriters<T>, sql: (statement: ProjectionStatement) => void) => void;

/** A projection as it is written: see {@link defineProjection}. */
export interface ProjectionDefinition<T extends TableSpecs> {
  name: string;
  /** See Projection.version: bump it when what the projection writes changes and its DDL does not. */
  version: number;
  /** Creates its tables idempotently (CREATE TABLE IF NOT EXISTS …). */
  ddl: string;
  tables: T;
  /** See Projection.reads. */
  reads?: readonly string[];
  /** See Projection.segmentBefore. */
  segmentBefore?: readonly DomainEvent['type'][];
  /** Per event type it projects, the rows one event writes. */
  on?: { [K in DomainEvent['type']]?: EventHandler<ProjectedEventOf<K>, T> };
  /**
   * Instead of `on`: one handler for every event of the types listed, or of the store ('all': e.g.
   * the revision of each event's stream), for a projection that treats them alike.
   */
  each?: { types: readonly DomainEvent['type'][] | 'all'; handle: EventHandler<ProjectedEvent, T> };
}

/**
 * A projection written event by event, compiled to the set-based form the projector applies:
 * for a batch of events (global order) each handler writes its event's rows through a writer per
 * table, which folds the whole batch in memory; the batch's statements are then the `sql`
 * statements, then each table's, in the order of `tables`. `canHandle` is the event types of `on`
 * (or of `each`).
 *
 * @example
 * defineProjection({
 *   name: 'issues', version: 1, ddl: `CREATE TABLE IF NOT EXISTS issues (…)`,
 *   tables: { issues: 'id' },
 *   on: {
 *     IssueRaised: ({ data: d }, { issues }) => issues.write({ id: d.issueId, title: d.title }),
 *     IssueStatusChanged: ({ data: d }, { issues }) => issues.patch(d.issueId, { status: d.to }),
 *   },
 * });
 * @throws Error when it gives both `on` and `each`, or neither.
 */
export function defineProjection<T extends TableSpecs>(definition: ProjectionDefinition<T>): Projection {
  const { name, version, ddl, tables, reads, segmentBefore, on, each } = definition;
  if ((on === undefined) === (each === undefined)) throw new Error(`projection ${name}: give either on or each`);
  const handlers = new Map(Object.entries(on ?? {})) as Map<string, EventHandler<ProjectedEvent, T>>;
  const handlerOf = each ? () => each.handle : (event: ProjectedEvent) => handlers.get(event.type);
  const specs = Object.entries(tables);
  return {
    name,
    version,
    ddl,
    tables: Object.keys(tables),
    ...(reads ? { reads } : {}),
    ...(segmentBefore ? { segmentBefore } : {}),
    canHandle: each ? each.types : ([...handlers.keys()] as DomainEvent['type'][]),
    project(events) {
      const writers = specs.map(([table, spec]) => [table, typeof spec === 'string' ? new RowChanges({ table, key: spec }) : spec()] as const);
      const rows = Object.fromEntries(writers) as TableWriters<T>;
      const own: ProjectionStatement[] = [];
      const sql = (statement: ProjectionStatement) => void own.push(statement);
      for (const event of events) handlerOf(event)?.(event, rows, sql);
      return [...own, ...writers.flatMap(([, writer]) => writer.statements())];
    },
  };
}
