import type { Sql } from '@pitwall/eventstore';

/** Kinds of integer ids, each allocated from its own PostgreSQL sequence (docs/product.md, 'Data model': ids are integers). */
export const ID_KINDS = ['user', 'team', 'team_member', 'car', 'gear_ratio', 'suspension', 'tire_pressure', 'checklist_item', 'race_event', 'issue', 'image', 'session', 'series', 'series_round', 'series_join_code', 'series_team_entry', 'series_entry', 'scrutineering_item', 'part', 'tire_set', 'pit_stop', 'timetable_session'] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** Creates the id sequences, idempotently. */
export async function migrateIdSequences(sql: Sql): Promise<void> {
  for (const kind of ID_KINDS) await sql.exec(`CREATE SEQUENCE IF NOT EXISTS ${kind}_id_seq`);
}

/** Allocates ids for the command side; ids are never reused, even when the command is refused later. */
export interface IdAllocator {
  next(kind: IdKind): Promise<number>;
  nextMany(kind: IdKind, count: number): Promise<number[]>;
}

export function createIdAllocator(sql: Sql): IdAllocator {
  return {
    async next(kind) {
      const [id] = await this.nextMany(kind, 1);
      return id!;
    },
    async nextMany(kind, count) {
      if (count === 0) return [];
      const { rows } = await sql.query<{ id: number }>(`SELECT nextval('${kind}_id_seq')::integer AS id FROM generate_series(1, $1)`, [count]);
      return rows.map((r) => r.id);
    },
  };
}
