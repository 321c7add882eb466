import path from 'node:path';

/** DATA_DIR when the variable is unset (config.ts's default). */
export const DEFAULT_DATA_DIR = '.data';

/** Where the embedded mode (DATABASE_URL unset) keeps PGlite: `<DATA_DIR>/pgdata`, absolute. */
export const pgliteDataDir = (dataDir: string): string => path.resolve(dataDir, 'pgdata');

/**
 * The embedded PGlite data dir the environment asks for, read straight from it (no validation):
 * null when DATABASE_URL is set. main.ts opens it before it loads the rest of the server; the
 * validated configuration (config.ts) gives the same directory.
 */
export function embeddedDataDirOf(env: NodeJS.ProcessEnv): string | null {
  return env.DATABASE_URL ? null : pgliteDataDir(env.DATA_DIR ?? DEFAULT_DATA_DIR);
}
