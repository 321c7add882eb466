import { expect } from 'vitest';
import type { DomainEvent } from '@pitwall/domain';
import { openPgliteDatabase, type Database, type EventMetadata } from '@pitwall/eventstore';
import { allProjections, batchStatements, migrateReadModels, type ProjectedEvent, type Projection } from '../src/index.ts';

/** An event given to a projection spec: the event, and where it is recorded when that matters (default: stream 'given', by user 1 of team 1). */
export type GivenEvent = DomainEvent | (DomainEvent & { streamName?: string; metadata?: Partial<EventMetadata> });

const DEFAULT_METADATA: EventMetadata = { userId: 1, teamId: 1, correlationId: 'spec', causationId: null, at: '2026-03-21T10:00:00.000Z' };

/** The events as the projector hands them over: global positions 1, 2, …; stream positions counted per stream. */
function recorded(events: readonly GivenEvent[]): ProjectedEvent[] {
  const streamPositions = new Map<string, number>();
  return events.map((given, i) => {
    const { streamName = 'given', metadata, ...event } = given as DomainEvent & { streamName?: string; metadata?: Partial<EventMetadata> };
    const streamPosition = streamPositions.get(streamName) ?? 0;
    streamPositions.set(streamName, streamPosition + 1);
    const position = { commit: BigInt(i + 1), prepare: BigInt(i + 1) };
    return { ...event, metadata: { ...DEFAULT_METADATA, ...metadata }, position, streamName, streamPosition } as ProjectedEvent;
  });
}

/**
 * given-events / then-rows specification of projections, on a database of their own:
 * `await spec.given(e1, e2).then('SELECT … FROM issues ORDER BY id', [{ … }])`.
 *
 * `then` applies the events twice — as one batch, and one event per batch — each time to
 * emptied read models, and expects the query to answer `rows` both times: a projection's rows
 * must not depend on where the projector splits its batches.
 */
export interface ProjectionSpec {
  given(...events: GivenEvent[]): { then(query: string, rows: unknown[]): Promise<void> };
  close(): Promise<void>;
}

/** Opens an in-memory database with the read models of `projections` (default: every read model) for {@link ProjectionSpec}s. */
export async function openProjectionSpec(projections: readonly Projection[] = allProjections): Promise<ProjectionSpec> {
  const db: Database = await openPgliteDatabase(undefined);
  await db.transaction((tx) => migrateReadModels(tx, projections));
  const tables = projections.flatMap((p) => p.tables);
  const apply = async (events: readonly ProjectedEvent[], batchSize: number) => {
    await db.exec(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
    for (let i = 0; i < events.length; i += batchSize) {
      await db.transaction(async (tx) => {
        for (const s of batchStatements(events.slice(i, i + batchSize), projections)) await tx.query(s.text, s.params);
      });
    }
  };
  return {
    given: (...given) => ({
      async then(query, rows) {
        const events = recorded(given);
        await apply(events, Math.max(events.length, 1));
        expect((await db.query(query)).rows, 'applied as one batch').toEqual(rows);
        await apply(events, 1);
        expect((await db.query(query)).rows, 'applied one event per batch').toEqual(rows);
      },
    }),
    close: () => db.close(),
  };
}
