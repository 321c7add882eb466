import { setFlagsFromString } from 'node:v8';
import { compilePgliteWasm, openPgliteDatabase, type Database } from '@pitwall/eventstore';
import { embeddedDataDirOf } from '../embedded-database.ts';

/**
 * Start-path trick of the embedded server, run by main.ts before it loads the rest of the server:
 * PGlite's data dir is opened (and its ~9 MB WebAssembly compiled) while the app's modules load.
 * Answers the opening database for `createPitwall`'s `opening` (which awaits it and handles its
 * failure, so it is never an unhandled rejection), or undefined when DATABASE_URL is set (the
 * distributed mode has nothing to open early). Same directory as `databaseFromConfig` picks: both
 * derive it with embedded-database.ts.
 */
export function openEmbeddedDatabaseEarly(env: NodeJS.ProcessEnv): Promise<Database> | undefined {
  const dataDir = embeddedDataDirOf(env);
  if (dataDir === null) return undefined;
  // Why: V8 compiles WebAssembly on one thread per core; on two cores a second one takes the core this thread loads the app on.
  setFlagsFromString('--wasm-num-compilation-tasks=1');
  // Why: started here, the compile overlaps the module loading; PGlite's own file reads would wait for event-loop turns the loading does not give.
  const opening = openPgliteDatabase(dataDir, { wasmModule: compilePgliteWasm() });
  opening.catch(() => undefined);
  return opening;
}
