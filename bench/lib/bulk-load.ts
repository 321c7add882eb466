import { EVENT_SCHEMAS } from '@pitwall/domain';
import { createEventVersioning, type Database } from '@pitwall/eventstore';
import { chunks, type GeneratedEvent } from './season-events.ts';

/**
 * The bulk INSERT that fills an event store for the rebuild bench: one statement per chunk, the
 * rows as parallel arrays (`unnest`), each chunk its own transaction. It writes the same rows the
 * adapter would (stream positions counted per stream by the generator, metadata stamped with each
 * type's schema version, so the events are read in the shape they were generated in); the
 * adapter's per-append checks are what section 1 measures, not this.
 */
const versioning = createEventVersioning(EVENT_SCHEMAS);
const insertChunk = `
INSERT INTO events (stream_name, stream_position, event_id, type, data, metadata)
SELECT * FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])`;

/** Loads `events` into the `events` table of `db` in chunks of `chunkSize`; answers how many. */
export async function bulkLoadEvents(db: Database, events: Iterable<GeneratedEvent>, chunkSize = 5000): Promise<number> {
  let count = 0;
  for (const chunk of chunks(events, chunkSize)) {
    await db.query(insertChunk, [
      chunk.map((e) => e.streamName),
      chunk.map((e) => e.streamPosition),
      chunk.map((e) => e.id),
      chunk.map((e) => e.type),
      chunk.map((e) => JSON.stringify(e.data)),
      chunk.map((e) => JSON.stringify(versioning.stamp({ id: e.id, type: e.type, data: e.data, metadata: e.metadata }).metadata)),
    ]);
    count += chunk.length;
  }
  return count;
}
