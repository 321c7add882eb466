import { DataDirInUseError, openPgliteDatabase } from '@pitwall/eventstore';
import { embeddedDataDirOf } from './embedded-database.ts';

/** `npm start`: the embedded single process (command + projector + query + static web). */

// PGlite is opened before the rest of the server is even loaded: reading and compiling its
// WebAssembly (on V8's background threads) overlaps with loading the app's modules, instead of
// starting after the ~200 ms that config, logger and infrastructure take to load (issue 15).
// It is the database databaseFromConfig picks (both derive it with embedded-database.ts);
// createPitwall awaits it and handles its failure, so it is never an unhandled rejection.
const embeddedDataDir = embeddedDataDirOf(process.env);
const opening = embeddedDataDir === null ? undefined : openPgliteDatabase(embeddedDataDir);
opening?.catch(() => undefined);

const [{ pino }, { loadConfig, REPO_ROOT }, { createPitwall, databaseFromConfig }] = await Promise.all([import('pino'), import('./config.ts'), import('./pitwall.ts')]);
const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] });
const database = databaseFromConfig(config);
const pitwall = await createPitwall(config, database, {
  webRoot: config.WEB_ROOT ?? REPO_ROOT,
  loggerInstance: logger,
  log: logger,
  opening,
}).catch((error: unknown) => {
  // Another live Pitwall owns the data dir: say so in one line, no stack trace (a dead owner's lock is taken over by itself).
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  await pitwall.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await pitwall.app.listen({ port: config.PORT, host: config.HOST });
logger.info({ url: `http://localhost:${config.PORT}`, database: database.kind }, 'Pitwall is running');
