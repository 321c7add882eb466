/**
 * `npm run start:web`: serves only the built web (shell at '/', remotes under /remotes/…,
 * /config.json) — for deployments where a gateway or CDN sends /api elsewhere.
 */
import { REPO_ROOT } from '../config.ts';
import { registerCompression } from '../web/compression.ts';
import { registerStaticWeb, webConfigOf } from '../web/static-web.ts';
import { configOrExit, createEdgeApp, processLogger, serveUntilSignalled } from './run.ts';

const config = configOrExit();
const log = processLogger(config, 'web');
const app = await createEdgeApp(config, 'web');
await registerCompression(app);
app.get('/healthz', async () => ({ status: 'ok' }));
await registerStaticWeb(app, config.WEB_ROOT ?? REPO_ROOT, webConfigOf(config));
await serveUntilSignalled(app, config, () => app.close(), log);
