/**
 * `npm run start:gateway`: the one address users open; the app and its rules are in gateway-app.ts.
 */
import { buildGatewayApp } from './gateway-app.ts';
import { configOrExit, processLogger, serveUntilSignalled } from './run.ts';

const config = configOrExit();
const log = processLogger(config, 'gateway');
const upstreams = (list: string | undefined, name: string) => {
  const urls = (list ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (urls.length === 0) {
    log.error({}, `the gateway needs ${name} (comma-separated base URLs)`);
    process.exit(2);
  }
  return urls;
};
const app = await buildGatewayApp(config, upstreams(config.COMMAND_URLS, 'COMMAND_URLS'), upstreams(config.QUERY_URLS, 'QUERY_URLS'));
await serveUntilSignalled(app, config, () => app.close(), log);
