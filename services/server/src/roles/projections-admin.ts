/**
 * The operator's projection commands behind `npm run projections` (projections-cli.ts): status,
 * parked, retry and rebuild. Each writes its report line by line to `out`.
 */
import { formatPosition, openPostgresDatabase, parsePosition, START, type Database, type EventStore, type Position } from '@pitwall/eventstore';
import { allProjections, listParked, migrateReadModels, Projector, READ_MODELS_PROJECTION, rebuildCheckpointName, resetReadModels, type ParkedEvent, type Projection } from '@pitwall/read-models';
import type { DatabaseChoice } from '../infrastructure.ts';

/** Where a command works: the database of the read models (and its choice, for a rebuild's shadow connection), the event store, the report's writer. */
export interface ProjectionsAdmin {
  db: Database;
  database: DatabaseChoice;
  store: EventStore;
  out: (line: string) => void;
  /** The projections rebuilt; default every read model (tests add a projection of their own). */
  projections?: readonly Projection[];
}

/** Events after `position` in the global order (counted by reading, so it works on every event store). */
async function eventsAfter(store: EventStore, position: Position): Promise<number> {
  let count = 0;
  for (let after = position; ; ) {
    const page = await store.readAll({ after, limit: 5000 });
    if (page.length === 0) return count;
    count += page.length;
    after = page[page.length - 1]!.position;
  }
}

/** `status`: the head of the event store, each projector's checkpoint and lag, and its parked events per projection. */
export async function status({ db, store, out }: ProjectionsAdmin): Promise<void> {
  const head = await store.headPosition();
  const { rows } = await db.query<{ name: string; position: string; updated_at: Date }>('SELECT name, position, updated_at FROM projection_checkpoints ORDER BY name');
  out(`head of the event store: ${formatPosition(head)}`);
  if (rows.length === 0) out('no projection has run yet');
  for (const row of rows) {
    const lag = await eventsAfter(store, parsePosition(row.position));
    out(`${row.name}: checkpoint ${row.position}, lag ${lag} event(s), updated ${new Date(row.updated_at).toISOString()}`);
    const parked = await listParked(db, row.name);
    if (parked.length > 0) out(`${row.name}: ${parked.length} parked event(s): npm run projections -- parked`);
  }
}

/** One parked event as one line: position, stream, type, projection, error, parked at. */
const parkedLine = (p: ParkedEvent) => `${p.position}  ${p.streamName}  ${p.type}  ${p.projection}  ${p.errorCode ? `${p.errorCode} ` : ''}${p.error}  (parked ${p.parkedAt})`;

/** `parked`: every event a projection could not apply, in the global order. */
export async function parked({ db, out }: ProjectionsAdmin): Promise<void> {
  const list = await listParked(db, READ_MODELS_PROJECTION);
  if (list.length === 0) {
    out('no parked events');
    return;
  }
  out('position  stream  type  projection  error  (parked at)');
  for (const p of list) out(parkedLine(p));
}

/**
 * `retry <position|all>`: applies the parked events again, after a fix, by rebuilding the read
 * models from the start (see {@link rebuild}): the rows of an event may be changed by later events
 * of its stream (a session's details revised after the session was parked), so an event is only
 * correct applied in its place in the order. Every parked event is tried again; one that now
 * applies leaves the parked list, one that still fails stays with its new error. `position`
 * ('commit/prepare', as `parked` shows it) must name a parked event; the report says what became
 * of it. Rejects with an Error naming the position when nothing is parked there.
 */
export async function retry(admin: ProjectionsAdmin, target: string): Promise<void> {
  const before = await listParked(admin.db, READ_MODELS_PROJECTION);
  if (target !== 'all' && !before.some((p) => p.position === target)) throw new Error(`no parked event at position ${target} (npm run projections -- parked lists them)`);
  if (before.length === 0) {
    admin.out('no parked events');
    return;
  }
  await rebuild(admin);
  const after = new Set((await listParked(admin.db, READ_MODELS_PROJECTION)).map((p) => `${p.position} ${p.projection}`));
  for (const p of before.filter((p) => target === 'all' || p.position === target)) {
    admin.out(`${p.position} ${p.type} of ${p.streamName}, ${p.projection}: ${after.has(`${p.position} ${p.projection}`) ? 'still parked' : 'applied'}`);
  }
  const left = after.size;
  admin.out(left === 0 ? 'no parked events left' : `${left} parked event(s) left: npm run projections -- parked`);
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${total === 0 ? 100 : Math.floor((done / total) * 100)}% ${done}/${total} events`;
}

/**
 * `rebuild`: the read models from position 0. On PostgreSQL into shadow tables (schema
 * `<live>_rebuild`) while the query API keeps serving the live ones, then copied over the live rows
 * and parked events in one transaction that also holds the live checkpoint row (the projector
 * pauses for the swap and continues from the rebuilt checkpoint). On PGlite (the embedded data
 * dir, which only one process opens: the server is stopped) in place: emptied, then caught up.
 */
export async function rebuild(admin: ProjectionsAdmin): Promise<void> {
  const { db, database, store, out } = admin;
  const projections = admin.projections ?? allProjections;
  const total = await eventsAfter(store, START);
  /** Shows the projector's progress on the terminal every half second; answers the function that stops it (showing the bar full). */
  const follow = (projector: Projector) => {
    let done = 0;
    const report = setInterval(async () => {
      done = total - (await eventsAfter(store, projector.position).catch(() => total - done));
      process.stdout.write(`\r${progressBar(done, total)}`);
    }, 500);
    return () => {
      clearInterval(report);
      process.stdout.write(`\r${progressBar(total, total)}\n`);
    };
  };
  if (database.kind !== 'postgres') {
    await db.transaction((tx) => resetReadModels(tx, projections, READ_MODELS_PROJECTION));
    const projector = new Projector({ store, db, projections, name: READ_MODELS_PROJECTION });
    const stop = follow(projector);
    await projector.catchUp().finally(stop);
    out(`rebuilt ${READ_MODELS_PROJECTION} up to ${formatPosition(projector.position)}`);
    return;
  }
  const live = (await db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
  const shadowSchema = `${live}_rebuild`.slice(0, 60);
  await db.exec(`DROP SCHEMA IF EXISTS "${shadowSchema}" CASCADE; CREATE SCHEMA "${shadowSchema}"`);
  const shadowUrl = new URL(database.url);
  shadowUrl.searchParams.set('options', `-c search_path="${shadowSchema}"`);
  const shadow = await openPostgresDatabase(shadowUrl.toString());
  try {
    await migrateReadModels(shadow, projections);
    const projector = new Projector({ store, db: shadow, projections, name: READ_MODELS_PROJECTION });
    const stop = follow(projector);
    await projector.catchUp().finally(stop);
    // Swap: hold the live checkpoint row (the live projector waits), finish the shadow, move tables.
    await db.transaction(async (tx) => {
      await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [READ_MODELS_PROJECTION]);
      await projector.catchUp();
      // Rows are replaced, not tables: no DDL on the live tables, so queries in flight keep their
      // plans and simply see the old rows until this transaction commits (MVCC), then the new ones.
      for (const table of projections.flatMap((p) => p.tables)) {
        await tx.exec(`DELETE FROM "${live}"."${table}"; INSERT INTO "${live}"."${table}" SELECT * FROM "${shadowSchema}"."${table}"`);
      }
      await tx.query(`DELETE FROM "${live}".projection_parked_events WHERE projector = ANY($1::text[])`, [[READ_MODELS_PROJECTION, rebuildCheckpointName(READ_MODELS_PROJECTION)]]);
      // A rebuild of some projections under way in the live schema is superseded by this one.
      await tx.query(`DELETE FROM "${live}".projection_rebuilds WHERE projector = $1`, [READ_MODELS_PROJECTION]);
      await tx.query(`DELETE FROM "${live}".projection_checkpoints WHERE name = $1`, [rebuildCheckpointName(READ_MODELS_PROJECTION)]);
      await tx.query(`INSERT INTO "${live}".projection_parked_events SELECT * FROM "${shadowSchema}".projection_parked_events WHERE projector = $1`, [READ_MODELS_PROJECTION]);
      await tx.query(
        `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
        [READ_MODELS_PROJECTION, formatPosition(projector.position)],
      );
    });
    out(`rebuilt ${READ_MODELS_PROJECTION} up to ${formatPosition(projector.position)}; live rows replaced`);
  } finally {
    await shadow.close();
    await db.exec(`DROP SCHEMA IF EXISTS "${shadowSchema}" CASCADE`);
  }
}
