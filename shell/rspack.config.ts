import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rspack/cli';
import { federatedAppConfig } from '@pitwall/kit/build';
import { serviceWorkerConfig, WebAppManifestPlugin } from './build/pwa';
import { remoteManifestsByPath } from './src/remotes/remote-paths';

const dirname = import.meta.dirname;

/** The path of `file` inside installed package `name`; throws when the package no longer has it (`user`: the module re-exporting it). */
function packageFile(name: string, file: string, user: string): string {
  const found = path.join(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);
  if (!existsSync(found)) throw new Error(`${name} has no ${file} (${found}): see ${user}`);
  return found;
}

/** react-router's production build (no dev warnings), which src/shared/react-router.ts re-exports in part. */
const reactRouterProduction = packageFile('react-router', 'dist/production/index.mjs', 'src/shared/react-router.ts');
/** @tanstack/react-query's ESM build, which src/shared/react-query.ts re-exports in part. */
const reactQueryPackage = packageFile('@tanstack/react-query', 'build/modern/index.js', 'src/shared/react-query.ts');

/**
 * The host: remotes are registered at run time from /config.json (src/remotes/remote-config.ts).
 * Its shared modules are eager (bundled into main.js, no async boundary), and index.html starts the
 * early requests of src/index-head.html (with the table of which path's remote to start, from
 * src/remotes/remote-paths.ts). For paddock mode the build also writes the web app manifest with
 * its icons, and then (a second compiler, after the shell's) the service worker dist/sw.js
 * (build/pwa.ts). The shell provides react-router (both share names) from src/shared/react-router.ts:
 * its declarative mode only, ≈ 49 kB gz off the initial JS; and @tanstack/react-query from
 * src/shared/react-query.ts: the names the apps use.
 */
const shell = federatedAppConfig({
    dirname,
    title: 'Pitwall',
    name: 'shell',
    publicPath: '/',
    runtimePlugins: [path.resolve(dirname, 'src/remotes/runtime-plugin.ts')],
    runtimeTarget: 'web',
    devPort: 3001,
    head: readFileSync(path.join(dirname, 'src/index-head.html'), 'utf8').trimEnd().replace('REMOTE_MANIFESTS_BY_PATH', JSON.stringify(remoteManifestsByPath())),
    eagerShared: ['react', 'react-dom', 'react-router', 'react-router-dom', '@tanstack/react-query', '@pitwall/kit'],
    sharedFrom: {
      'react-router': path.resolve(dirname, 'src/shared/react-router.ts'),
      'react-router-dom': path.resolve(dirname, 'src/shared/react-router-dom.ts'),
      '@tanstack/react-query': path.resolve(dirname, 'src/shared/react-query.ts'),
    },
    alias: { 'react-router-production$': reactRouterProduction, 'react-query-package$': reactQueryPackage },
});

export default defineConfig([
  { ...shell, name: 'shell', plugins: [new WebAppManifestPlugin(path.resolve(dirname, 'kit/src/assets/logo.svg')), ...(shell.plugins ?? [])] },
  serviceWorkerConfig(dirname, 'shell'),
]);
