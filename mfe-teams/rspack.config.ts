import { defineConfig } from '@rspack/cli';
import { federatedAppConfig } from '@pitwall/kit/build';

/**
 * Remote 'mfe_teams': the shell renders './App' inside its router, QueryClientProvider and kit
 * providers. The emitted index.html is the standalone dev page (src/bootstrap.tsx); the shell never loads it.
 */
export default defineConfig(
  federatedAppConfig({
    dirname: import.meta.dirname,
    title: 'Pitwall teams (standalone)',
    name: 'mfe_teams',
    publicPath: 'auto',
    exposes: { './App': './src/app.tsx' },
    devServer: { port: 3004, historyApiFallback: true, proxy: [{ context: ['/api', '/config.json', '/remotes'], target: 'http://localhost:3000' }] },
  }),
);
