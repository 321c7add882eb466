/**
 * `npm run projections -- status` shows each projection's checkpoint and lag;
 * `npm run projections -- rebuild [read-models]` rebuilds the read models from position 0 into
 * shadow tables (schema `<live>_rebuild`) while the query API keeps serving the live ones, then
 * copies them over the live rows in one transaction that also holds the live checkpoint row (the projector pauses for
 * the swap and continues from the rebuilt checkpoint). PostgreSQL (DATABASE_URL) only for rebuild:
 * the embedded PGlite data dir belongs to the running server.
 */
import { formatPosition, openPostgresDatabase, parsePosition, START, type Database, type EventStore, type Position } from '@pitwall/eventstore';
import { allProjections, migrateReadModels, Projector } from '@pitwall/read-models';
import { migrate, openDatabase, openEventStore } from '../infrastructure.ts';
import { databaseFromConfig, READ_MODELS_PROJECTION } from '../pitwall.ts';
import { configOrExit } from './run.ts';

const config = configOrExit();
const [command = 'status', name = READ_MODELS_PROJECTION] = process.argv.slice(2);

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

async function status(db: Database, store: EventStore): Promise<void> {
  const head = await store.headPosition();
  const { rows } = await db.query<{ name: string; position: string; updated_at: Date }>('SELECT name, position, updated_at FROM projection_checkpoints ORDER BY name');
  console.log(`head of the event store: ${formatPosition(head)}`);
  if (rows.length === 0) console.log('no projection has run yet');
  for (const row of rows) {
    const lag = await eventsAfter(store, parsePosition(row.position));
    console.log(`${row.name}: checkpoint ${row.position}, lag ${lag} event(s), updated ${new Date(row.updated_at).toISOString()}`);
  }
}

function progressBar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${total === 0 ? 100 : Math.floor((done / total) * 100)}% ${done}/${total} events`;
}

async function rebuild(db: Database, store: EventStore, url: string): Promise<void> {
  if (name !== READ_MODELS_PROJECTION) throw new Error(`unknown projection '${name}' (known: ${READ_MODELS_PROJECTION})`);
  const live = (await db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
  const shadowSchema = `${live}_rebuild`.slice(0, 60);
  await db.exec(`DROP SCHEMA IF EXISTS "${shadowSchema}" CASCADE; CREATE SCHEMA "${shadowSchema}"`);
  const shadowUrl = new URL(url);
  shadowUrl.searchParams.set('options', `-c search_path="${shadowSchema}"`);
  const shadow = await openPostgresDatabase(shadowUrl.toString());
  try {
    await migrateReadModels(shadow, allProjections);
    const total = await eventsAfter(store, START);
    const projector = new Projector({ store, db: shadow, projections: allProjections, name: READ_MODELS_PROJECTION });
    let done = 0;
    const report = setInterval(async () => {
      done = total - (await eventsAfter(store, projector.position).catch(() => total - done));
      process.stdout.write(`\r${progressBar(done, total)}`);
    }, 500);
    await projector.catchUp();
    clearInterval(report);
    process.stdout.write(`\r${progressBar(total, total)}\n`);
    // Swap: hold the live checkpoint row (the live projector waits), finish the shadow, move tables.
    await db.transaction(async (tx) => {
      await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [READ_MODELS_PROJECTION]);
      await projector.catchUp();
      // Rows are replaced, not tables: no DDL on the live tables, so queries in flight keep their
      // plans and simply see the old rows until this transaction commits (MVCC), then the new ones.
      for (const table of allProjections.flatMap((p) => p.tables)) {
        await tx.exec(`DELETE FROM "${live}"."${table}"; INSERT INTO "${live}"."${table}" SELECT * FROM "${shadowSchema}"."${table}"`);
      }
      await tx.query(
        `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
        [READ_MODELS_PROJECTION, formatPosition(projector.position)],
      );
    });
    console.log(`rebuilt ${READ_MODELS_PROJECTION} up to ${formatPosition(projector.position)}; live rows replaced`);
  } finally {
    await shadow.close();
    await db.exec(`DROP SCHEMA IF EXISTS "${shadowSchema}" CASCADE`);
  }
}

const database = databaseFromConfig(config);
const db = await openDatabase(database);
const events = await openEventStore(config, db);
try {
  await migrate(db);
  if (command === 'status') await status(db, events.store);
  else if (command === 'rebuild') {
    if (database.kind !== 'postgres') throw new Error('rebuild needs DATABASE_URL (stop the embedded server and use `npm start` again: it catches up by itself)');
    await rebuild(db, events.store, database.url);
  } else throw new Error(`unknown command '${command}': use status or rebuild [${READ_MODELS_PROJECTION}]`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await events.close();
  await db.close();
}
