import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { federatedAppConfig } from '@pitwall/kit/build';
import { serviceWorkerConfig, WebAppManifestPlugin } from './build/pwa';

const dirname = import.meta.dirname;

/**
 * The host: remotes are registered at run time from /config.json (src/remotes/remote-config.ts).
 * Its shared modules are eager (bundled into main.js, no async boundary), and index.html starts the
 * early requests of src/index-head.html. For paddock mode the build also writes the web app manifest with
 * its icons, and then (a second compiler, after the shell's) the service worker dist/sw.js
 * (build/pwa.ts).
 */
const shell = federatedAppConfig({
    dirname,
    title: 'Pitwall',
    name: 'shell',
    publicPath: '/',
    runtimePlugins: [path.resolve(dirname, 'src/remotes/runtime-plugin.ts')],
    runtimeTarget: 'web',
    devPort: 3001,
    head: readFileSync(path.join(dirname, 'src/index-head.html'), 'utf8').trimEnd(),
    eagerShared: ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query', '@pitwall/kit'],
});

export default defineConfig([
  { ...shell, name: 'shell', plugins: [new WebAppManifestPlugin(path.resolve(dirname, 'kit/src/assets/logo.svg')), ...(shell.plugins ?? [])] },
  serviceWorkerConfig(dirname, 'shell'),
]);
