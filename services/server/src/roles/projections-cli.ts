/**
 * `npm run projections -- <command>`: the operator's projection commands (projections-admin.ts).
 *
 * - `status`: each projection's checkpoint, lag and parked events;
 * - `parked`: the events a projection could not apply (position, stream, type, projection, error, parked at);
 * - `retry <position|all>`: after a fix, applies them again by rebuilding the read models;
 * - `rebuild [read-models]`: the read models from position 0 (PostgreSQL: into shadow tables while
 *   the API keeps serving, swapped in at the end).
 *
 * With DATABASE_URL it works beside the running processes; on the embedded PGlite data dir the
 * server must be stopped (one process owns the dir).
 */
import { DataDirInUseError } from '@pitwall/eventstore';
import { parked, rebuild, retry, status, type ProjectionsAdmin } from './projections-admin.ts';
import { migrate, openDatabase, openEventStore } from '../infrastructure.ts';
import { databaseFromConfig, READ_MODELS_PROJECTION } from '../composition-root.ts';
import { configOrExit } from './run.ts';

const USAGE = `use status, parked, retry <position|all> or rebuild [${READ_MODELS_PROJECTION}]`;
const config = configOrExit();
const [command = 'status', argument] = process.argv.slice(2);

const database = databaseFromConfig(config);
const db = await openDatabase(database).catch((error: unknown) => {
  // The embedded data dir is open in a running server: one line naming it (stop the server first).
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const events = await openEventStore(config, db);
try {
  await migrate(db);
  const admin: ProjectionsAdmin = { db, database, store: events.store, out: (line) => console.log(line) };
  if (command === 'status') await status(admin);
  else if (command === 'parked') await parked(admin);
  else if (command === 'retry') {
    if (!argument) throw new Error(`retry needs a position (as 'parked' lists it) or 'all'`);
    await retry(admin, argument);
  } else if (command === 'rebuild') {
    if (argument !== undefined && argument !== READ_MODELS_PROJECTION) throw new Error(`unknown projection '${argument}' (known: ${READ_MODELS_PROJECTION})`);
    await rebuild(admin);
  } else throw new Error(`unknown command '${command}': ${USAGE}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await events.close();
  await db.close();
}
