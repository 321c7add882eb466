import { DataDirInUseError, DataDirUnusableError } from '@pitwall/eventstore';
import { openEmbeddedDatabaseEarly } from './startup/early-database.ts';

/** `npm start`: the embedded single process (command + projector + query + static web). */

// PGlite opens while the rest of the server loads (startup/early-database.ts); the modules below are loaded after it has started.
const opening = openEmbeddedDatabaseEarly(process.env);

const [{ pino }, { loadConfig, REPO_ROOT }, { createPitwall, databaseFromConfig }, { loggerOptions }] = await Promise.all([
  import('pino'),
  import('./config.ts'),
  import('./composition-root.ts'),
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
