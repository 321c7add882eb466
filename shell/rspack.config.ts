import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { federatedAppConfig } from '@pitwall/kit/build';

const dirname = import.meta.dirname;

/** The host: remotes are registered at run time from /config.json (src/remotes/remote-config.ts). */
export default defineConfig(
  federatedAppConfig({
    dirname,
    title: 'Pitwall',
    name: 'shell',
    publicPath: '/',
    runtimePlugins: [path.resolve(dirname, 'src/remotes/runtime-plugin.ts')],
    runtimeTarget: 'web',
    devPort: 3001,
  }),
);
