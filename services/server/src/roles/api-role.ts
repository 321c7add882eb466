import { createPitwall } from '../composition-root.ts';
import { configOrExit, processLogger, requestLogging, serveUntilSignalled } from './run.ts';

/**
 * Starts a 'command' or 'query' API process of the distributed mode against DATABASE_URL
 * (required), with REDIS_URL for sessions, rate limits and notifications when set.
 */
export async function runApiRole(role: 'command' | 'query'): Promise<void> {
  const config = configOrExit();
  const log = processLogger(config, role);
  if (!config.DATABASE_URL) {
    log.error({}, `the ${role} role needs DATABASE_URL (the embedded mode is \`npm start\`)`);
    process.exit(2);
  }
  const pitwall = await createPitwall(config, { kind: 'postgres', url: config.DATABASE_URL }, { role, logger: requestLogging(config), log });
  await serveUntilSignalled(pitwall.app, config, pitwall.close, log);
}
