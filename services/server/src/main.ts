import { setFlagsFromString } from 'node:v8';
import { compilePgliteWasm, DataDirInUseError, DataDirUnusableError, openPgliteDatabase } from '@pitwall/eventstore';
import { embeddedDataDirOf } from './embedded-database.ts';

/** `npm start`: the embedded single process (command + projector + query + static web). */

// PGlite is opened before the rest of the server is even loaded, its WebAssembly compiling on a
// background thread while this thread loads the app's modules. The compile starts here,
// not when PGlite gets to it: PGlite's own file reads wait for event-loop turns that the module
// loading does not give. One compile thread (V8 starts one per core): on two cores a second one
// takes this thread's core while it loads the app. Together they take ~250 ms off a ~1.3 s start
// on two cores (bench section 6); the bare stack gains nothing from one thread, as it has nothing
// to load meanwhile.
// It is the database databaseFromConfig picks (both derive it with embedded-database.ts);
// createPitwall awaits it and handles its failure, so it is never an unhandled rejection.
const embeddedDataDir = embeddedDataDirOf(process.env);
if (embeddedDataDir !== null) setFlagsFromString('--wasm-num-compilation-tasks=1');
const opening = embeddedDataDir === null ? undefined : openPgliteDatabase(embeddedDataDir, { wasmModule: compilePgliteWasm() });
opening?.catch(() => undefined);

const [{ pino }, { loadConfig, REPO_ROOT }, { createPitwall, databaseFromConfig }, { loggerOptions }] = await Promise.all([
  import('pino'),
  import('./config.ts'),
  import('./pitwall.ts'),
  import('./logging.ts'),
]);
const config = loadConfig();
const logger = pino(loggerOptions(config));
const database = databaseFromConfig(config);
const pitwall = await createPitwall(config, database, {
  webRoot: config.WEB_ROOT ?? REPO_ROOT,
  loggerInstance: logger,
  log: logger,
  opening,
}).catch((error: unknown) => {
  // Another live Pitwall owns the data dir, or it cannot be written (read-only, permissions, full):
  // say so in one line, no stack trace (a dead owner's lock is taken over by itself).
  if (!(error instanceof DataDirInUseError || error instanceof DataDirUnusableError)) throw error;
  console.error(error.message);
  process.exit(1);
});

// The embedded server answers `npm run pitwall -- backup` on a socket in its data dir (it owns the dir's lock).
const { startControlServer } = await import('./backup/control-server.ts');
// Not fatal: without it (a socket path too long for the system, say) backups need the server stopped.
const closeControl =
  database.kind === 'pglite'
    ? await startControlServer(config.DATA_DIR, pitwall.deps.db, logger).catch((error: unknown) => {
        logger.error({ err: error }, 'control socket not started: npm run pitwall -- backup needs the server stopped');
        return async () => {};
      })
    : async () => {};

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  await closeControl();
  await pitwall.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await pitwall.app.listen({ port: config.PORT, host: config.HOST });
logger.info({ url: `http://localhost:${config.PORT}`, database: database.kind }, 'Pitwall is running');
