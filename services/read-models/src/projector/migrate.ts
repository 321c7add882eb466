import { createHash } from 'node:crypto';
import type { Sql } from '@pitwall/eventstore';
import { formatPosition, START } from '@pitwall/eventstore';
import { PARKED_EVENTS_DDL } from '../parked-events.ts';
import { PROJECTOR_LEASES_DDL } from '../projector-lease.ts';
import type { Projection } from '../projection.ts';
import { APPLY_BATCH_DDL, PROJECT_BATCH_DDL } from './batch-sql.ts';
import { CHECKPOINT_DDL, moveCheckpoint, READ_MODELS_PROJECTION } from './checkpoints.ts';
import { REBUILDS_DDL, rebuildCheckpointName, rebuildingProjections } from './rebuilds.ts';

const VERSIONS_DDL = `
  CREATE TABLE IF NOT EXISTS read_model_versions (
    name text PRIMARY KEY,
    version text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );`;

/** The projector's own schema: the checkpoints, the read models' versions, the projections being rebuilt, the parked events, the active projector's lease and the functions of {@link APPLY_BATCH_DDL} and {@link PROJECT_BATCH_DDL} (created by {@link migrateReadModels}). */
export const PROJECTOR_DDL = CHECKPOINT_DDL + VERSIONS_DDL + REBUILDS_DDL + PARKED_EVENTS_DDL + PROJECTOR_LEASES_DDL + APPLY_BATCH_DDL + PROJECT_BATCH_DDL;

/**
 * The version of one projection as stored in read_model_versions: its hand-kept `version` and a
 * hash of its name, version and DDL, so a changed DDL is detected by itself.
 */
export function projectionVersion(projection: Projection): string {
  const hash = createHash('sha256').update(JSON.stringify([projection.name, projection.version, projection.ddl]));
  return `${projection.version}-${hash.digest('hex').slice(0, 16)}`;
}

/** The read_model_versions row of projection `projection` of projector `name`. */
const versionKey = (name: string, projection: string) => `${name}/${projection}`;

/** Options of {@link migrateReadModels}. */
export interface MigrateReadModelsOptions {
  /** The checkpoint row of these read models. Default {@link READ_MODELS_PROJECTION}. */
  name?: string;
}

/**
 * Creates the read-model tables of `projections` and the projector's tables, idempotently, and
 * resets the projections whose stored version (see {@link projectionVersion}) differs from the
 * current one: their tables are dropped and created anew, their parked events cleared, and they
 * are rebuilt from the event store (in the current shapes, through the upcasters) while every
 * other read model keeps its rows and the projector its checkpoint. A projection rebuilt takes
 * those it `reads` with it (their rows as they were at each event). Data written before versions
 * per projection (one row named `name`) has no versions of its projections: all are rebuilt once.
 *
 * How a part rebuilds: the projections reset are listed in projection_rebuilds and follow a
 * checkpoint of their own from the start (see Projector: it catches them up to its checkpoint,
 * then applies them with the others). When every projection is reset, or the projector has
 * applied nothing yet, its own checkpoint simply goes back to the start. A reset while a rebuild
 * is unfinished resets the projections of both. Run inside the migration transaction.
 * @returns the names of the projections reset (none when every version matched).
 */
export async function migrateReadModels(db: Sql, projections: readonly Projection[], options: MigrateReadModelsOptions = {}): Promise<{ reset: string[] }> {
  const name = options.name ?? READ_MODELS_PROJECTION;
  await db.exec(PROJECTOR_DDL);
  const stored = new Map(
    (await db.query<{ name: string; version: string }>(`SELECT name, version FROM read_model_versions WHERE name = ANY($1::text[])`, [projections.map((p) => versionKey(name, p.name))])).rows.map(
      (r) => [r.name, r.version],
    ),
  );
  const changed = projections.filter((p) => stored.get(versionKey(name, p.name)) !== projectionVersion(p));
  if (changed.length === 0) {
    for (const p of projections) await db.exec(p.ddl);
    return { reset: [] };
  }
  const rebuilding = await rebuildingProjections(db, name);
  const reset = withWhatTheyRead(projections, [...changed.map((p) => p.name), ...rebuilding]);
  const checkpoint = (await db.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = $1`, [name])).rows[0]?.position;
  const fromStart = checkpoint === undefined || checkpoint === formatPosition(START);
  if (reset.length === projections.length || fromStart) await resetReadModels(db, projections, name);
  else {
    await resetTables(db, reset);
    for (const p of projections) if (!reset.includes(p)) await db.exec(p.ddl);
    await db.query(`DELETE FROM projection_parked_events WHERE projector = $1 AND projection = ANY($2::text[])`, [name, reset.map((p) => p.name)]);
    await db.query(`INSERT INTO projection_rebuilds (projector, projection) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [name, reset.map((p) => p.name)]);
    await db.query(
      `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [rebuildCheckpointName(name), formatPosition(START)],
    );
  }
  // The one version of every read model kept before versions per projection: replaced by theirs.
  await db.query(`DELETE FROM read_model_versions WHERE name = $1`, [name]);
  await db.query(
    `INSERT INTO read_model_versions (name, version) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, updated_at = now()`,
    [projections.map((p) => versionKey(name, p.name)), projections.map(projectionVersion)],
  );
  return { reset: reset.map((p) => p.name) };
}

/** The projections named, with every projection they read (transitively), in the order of `projections`. @throws Error when a projection reads one not in `projections` (a misspelt name). */
function withWhatTheyRead(projections: readonly Projection[], names: readonly string[]): Projection[] {
  const wanted = new Set(names);
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of projections) {
      if (!wanted.has(p.name)) continue;
      for (const read of p.reads ?? []) {
        if (!projections.some((q) => q.name === read)) throw new Error(`projection ${p.name} reads ${read}, which is not among the projections`);
        if (wanted.has(read)) continue;
        wanted.add(read);
        grown = true;
      }
    }
  }
  return projections.filter((p) => wanted.has(p.name));
}

/** Drops and creates the tables of `projections`. */
async function resetTables(db: Sql, projections: readonly Projection[]): Promise<void> {
  const tables = projections.flatMap((p) => p.tables);
  if (tables.length > 0) await db.exec(`DROP TABLE IF EXISTS ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`);
  for (const p of projections) await db.exec(p.ddl);
}

/**
 * Empties the read models of checkpoint `name` for a rebuild from the start: drops and creates
 * the tables of `projections`, moves the checkpoint to the start, clears the events parked
 * (every event is applied again, so what was parked is tried again) and ends a rebuild of some of
 * them (they all start again). The projector's tables must exist (PROJECTOR_DDL). Run in one
 * transaction. A projector of `name` running meanwhile finds the checkpoint moved and follows it
 * (the fencing check), so no event is applied twice.
 */
export async function resetReadModels(db: Sql, projections: readonly Projection[], name: string): Promise<void> {
  await resetTables(db, projections);
  await moveCheckpoint(db, name, START);
  await db.query(`DELETE FROM projection_parked_events WHERE projector = ANY($1::text[])`, [[name, rebuildCheckpointName(name)]]);
  await db.query(`DELETE FROM projection_rebuilds WHERE projector = $1`, [name]);
  await db.query(`DELETE FROM projection_checkpoints WHERE name = $1`, [rebuildCheckpointName(name)]);
}
