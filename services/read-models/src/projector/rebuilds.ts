import type { Database, Sql } from '@pitwall/eventstore';

/**
 * The projections of a projector being rebuilt on their own (see migrateReadModels): they follow
 * the checkpoint `<projector>/rebuild` until it reaches the projector's, then join it.
 */
export const REBUILDS_DDL = `
  CREATE TABLE IF NOT EXISTS projection_rebuilds (
    projector text NOT NULL,
    projection text NOT NULL,
    PRIMARY KEY (projector, projection)
  );`;

/** The checkpoint of the projections of projector `name` being rebuilt on their own. */
export const rebuildCheckpointName = (name: string) => `${name}/rebuild`;

/** The names of the projections of projector `name` being rebuilt on their own (none when no rebuild is unfinished). */
export async function rebuildingProjections(sql: Sql, name: string): Promise<string[]> {
  return (await sql.query<{ projection: string }>(`SELECT projection FROM projection_rebuilds WHERE projector = $1`, [name])).rows.map((r) => r.projection);
}

/**
 * Ends the rebuild of projector `name` when its checkpoint has reached the projector's, in one
 * transaction holding both checkpoint rows: its rows and checkpoint removed, its parked events
 * moved to the projector. True when it ended (or was already ended, by another instance); false
 * when the projector moved on meanwhile and the rebuild must catch up again.
 */
export async function joinRebuild(db: Database, name: string): Promise<boolean> {
  const rebuildName = rebuildCheckpointName(name);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; position: string }>(`SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[]) ORDER BY name FOR UPDATE`, [
      [name, rebuildName],
    ]);
    const at = new Map(rows.map((r) => [r.name, r.position]));
    if (!at.has(rebuildName)) return true;
    if (at.get(rebuildName) !== at.get(name)) return false;
    await tx.query(`UPDATE projection_parked_events SET projector = $1 WHERE projector = $2`, [name, rebuildName]);
    await tx.query(`DELETE FROM projection_rebuilds WHERE projector = $1`, [name]);
    await tx.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [rebuildName]);
    return true;
  });
}
