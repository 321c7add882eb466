import { pino } from 'pino';
import { DataDirInUseError } from '@pitwall/eventstore';
import { loadConfig, REPO_ROOT } from './config.ts';
import { databaseFromConfig, openDatabase } from './infrastructure.ts';

/** `npm start`: the embedded single process (command + projector + query + static web). */
const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] });
const database = databaseFromConfig(config);
// Open the database first: reading and compiling PGlite's WebAssembly overlaps with loading the
// app's modules (createPitwall awaits it; its failure is handled there, not as an unhandled rejection).
const opening = openDatabase(database);
opening.catch(() => undefined);
const { createPitwall } = await import('./pitwall.ts');
const pitwall = await createPitwall(config, database, { webRoot: config.WEB_ROOT ?? REPO_ROOT, logger: { level: config.LOG_LEVEL }, log: logger, opening }).catch((error: unknown) => {
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
