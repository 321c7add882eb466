import type { Sql } from '@pitwall/eventstore';
import type { Statement } from '../projection.ts';
import { defineProjection } from '../define-projection.ts';

/**
 * stream_revisions: the revision (stream position of the last event, 0 after one
 * event) of every stream as the read models reflect it. Written in the same transaction as every
 * other read model's rows of the batch, so a revision read here never runs ahead of the rows:
 * the ETags of the query side come from it.
 */
export const streamRevisionsProjection = defineProjection({
  name: 'stream-revisions',
  version: 1,
  ddl: `CREATE TABLE IF NOT EXISTS stream_revisions (stream_name text PRIMARY KEY, revision integer NOT NULL);`,
  tables: { stream_revisions: 'stream_name' },
  each: {
    types: 'all',
    // Events come in global order, a stream's positions rising: the last write per stream wins.
    handle: ({ streamName, streamPosition }, { stream_revisions }) => stream_revisions.write({ stream_name: streamName, revision: streamPosition }),
  },
});

/** SQL: the name of the stream `stream(id)` of the row id in `idColumn`, e.g. `'car-' || c.id` for carStream. */
export const streamNameSql = (stream: (id: number) => string, idColumn: string) => `'${stream(0).slice(0, -1)}' || ${idColumn}`;

/**
 * The streams a list spans, e.g. the issue streams of a car: `label` names the list in its ETag,
 * `members` is a statement answering the stream names in a column `stream_name`.
 */
export interface StreamSet {
  label: string;
  members: Statement;
}

/** The revision of stream `streamName` as the read models reflect it; null when they have none. */
export async function readModelStreamRevision(db: Sql, streamName: string): Promise<number | null> {
  const { rows } = await db.query<{ revision: number }>(`SELECT revision FROM stream_revisions WHERE stream_name = $1`, [streamName]);
  return rows[0]?.revision ?? null;
}

/** The revisions of the streams of `set` as the read models reflect them, by stream name (one statement). */
export async function readModelSetRevisions(db: Sql, set: StreamSet): Promise<Map<string, number>> {
  const { rows } = await db.query<{ stream_name: string; revision: number }>(
    `SELECT r.stream_name, r.revision FROM stream_revisions r WHERE r.stream_name IN (SELECT m.stream_name FROM (${set.members.text}) AS m)`,
    set.members.params,
  );
  return new Map(rows.map((r) => [r.stream_name, Number(r.revision)]));
}
