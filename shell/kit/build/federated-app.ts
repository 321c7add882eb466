import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration, type HtmlRspackPluginOptions } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import CompressionPlugin from 'compression-webpack-plugin';
import { ChunkGroupsPlugin } from './chunk-groups';

/**
 * Modules shared by the shell and every remote. The singletons hold React state and contexts,
 * so the shell and every remote must use ONE copy (a known Module Federation pitfall: share react-router as well as
 * react-router-dom). zod and react-hook-form are shared to keep remotes small, and so
 * is @pitwall/setup-forms (the setup forms used by mfe-cars and mfe-events; its './display' entry, without the forms and their zod, by the race event screens,
 * which load the forms on first use): NOT a singleton (it holds no context), the shell never imports
 * it, so its initial JS does not grow; the first remote that needs it loads it and the others reuse
 * that copy. date-fns is NOT shared: a shared module is the whole package (its barrel, ~15 kB br) in
 * a chunk of its own, one more request before a screen that formats a date; unshared, each bundle
 * keeps only the few stateless functions it uses, inside the chunk that uses them.
 */
const SHARED_MODULES = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router': { singleton: true, requiredVersion: '^7.9.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.9.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.90.0' },
  '@pitwall/kit': { singleton: true, requiredVersion: '0.1.0' },
  zod: { requiredVersion: '^4.1.0' },
  'react-hook-form': { requiredVersion: '^7.65.0' },
  '@pitwall/setup-forms': { requiredVersion: '0.1.0' },
  '@pitwall/setup-forms/display': { requiredVersion: '0.1.0' },
};

export interface FederatedAppOptions {
  /** The app's folder (its rspack.config.ts's `import.meta.dirname`). */
  dirname: string;
  /** Module Federation name: 'shell', 'mfe_cars', 'mfe_events', 'mfe_teams'. */
  name: string;
  /** '/' for the shell (served at the root); 'auto' for remotes (served wherever they are deployed). */
  publicPath: string;
  /** The page title of the app's index.html ('Pitwall' for the shell; a remote's standalone page names itself). */
  title: string;
  /** Modules a remote exposes, e.g. { './App': './src/app.tsx' }. */
  exposes?: Record<string, string>;
  /** Runtime plugins (absolute paths) for the host. */
  runtimePlugins?: string[];
  /** 'web' drops the MF runtime's Node-only code (~2 kB gz off the entry); unset keeps the default. */
  runtimeTarget?: 'web';
  /** Port of `rspack serve`, which proxies /api, /config.json and /remotes to the server on :3000. */
  devPort: number;
  /**
   * Extra markup at the end of index.html's <head> (the shell's early requests and preloads:
   * shell/src/index-head.html), so the page starts them before any of its code has loaded; after
   * the entry's own files, which the page so asks for first.
   */
  head?: string;
  /** Markup in <head> before the entry's files (a remote's standalone runtime, which its main.js needs run first). */
  headBeforeEntry?: string;
  /**
   * The host's shared modules are bundled into its entry (`eager`), so the first route does not
   * wait for one chunk per shared module after main.js; remotes keep them lazy and take the host's copies.
   */
  eagerShared?: readonly (keyof typeof SHARED_MODULES)[];
  /**
   * Shared modules this app provides from a file of its own instead of the whole package (absolute
   * path; the version announced is the installed package's), e.g. the shell's declarative-only
   * react-router (shell/src/shared/react-router.ts) and the part of @tanstack/react-query the apps use
   * (shell/src/shared/react-query.ts). Other apps still fall back to the whole package.
   */
  sharedFrom?: Partial<Record<keyof typeof SHARED_MODULES, string>>;
  /** Extra `resolve.alias` entries (e.g. a package's production build under a name of its own). */
  alias?: Record<string, string>;
}

/** One entry of the app's `shared`: eager when the app says so, provided from the app's own file when it says so. */
function sharedConfig(name: keyof typeof SHARED_MODULES, config: (typeof SHARED_MODULES)[keyof typeof SHARED_MODULES], options: FederatedAppOptions) {
  const own = options.sharedFrom?.[name];
  return {
    ...config,
    eager: options.eagerShared?.includes(name) ?? false,
    ...(own ? { import: own, version: installedVersion(name, options.dirname) } : {}),
  };
}

/** The version of package `name` as installed for the app in `dirname`. */
function installedVersion(name: string, dirname: string): string {
  const require = createRequire(path.join(dirname, 'package.json'));
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** Text files of a build that are also written as .br and .gz, for servers that send them as they are (preCompressed / gzip_static). */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text file of a production build, made once at
 * build time so that serving them costs no CPU (@fastify/static `preCompressed`, nginx `gzip_static`).
 */
function precompressionPlugins() {
  const common = { test: COMPRESSIBLE, threshold: 0, minRatio: 0.95 };
  return [
    // The plugin's brotli default is the highest quality (11).
    new CompressionPlugin({ ...common, algorithm: 'brotliCompress', filename: '[path][base].br' }),
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
  ];
}

/**
 * The one page every app's build emits as index.html (the shell's entry page, a remote's standalone
 * page), rendered by HtmlRspackPlugin with its tags (`inject: false`): the entry's own files
 * (main.js, deferred, and main.css) come first in <head>, before the `head` extras. The page's
 * scripts there start a dozen requests at once, and Chromium gives a host six HTTP/1.1
 * connections: were main.js asked for after them (as when the parser runs those scripts before it
 * reaches a tag placed below them), it would wait for a free connection and arrive last, about
 * 200 ms later on paddock 3G.
 */
function indexHtml(title: string, { head = '', headBeforeEntry = '' }: Pick<FederatedAppOptions, 'head' | 'headBeforeEntry'>): HtmlRspackPluginOptions['templateContent'] {
  return (params) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />${headBeforeEntry}
    ${String((params as { htmlRspackPlugin: { tags: { headTags: unknown } } }).htmlRspackPlugin.tags.headTags)}
    <meta name="theme-color" content="#0f172a" />
    <link rel="icon" href="data:," />
    <title>${title}</title>${head}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * The rspack configuration of one federated Pitwall web app (the shell or a remote), so each
 * app builds alone from the same rules: TypeScript through builtin:swc-loader INCLUDING the
 * workspace packages (@pitwall/kit and @pitwall/contracts are TypeScript source behind
 * node_modules symlinks), CSS modules, hashed file names, mf-manifest.json, the named lazy chunk
 * groups' files (chunk-groups.json, see ChunkGroupsPlugin), no dts generation.
 * Production unless NODE_ENV=development.
 */
export function federatedAppConfig(options: FederatedAppOptions): Configuration {
  const isProduction = process.env.NODE_ENV !== 'development';
  const hashed = (ext: string) => (isProduction ? `[name].[contenthash:8].${ext}` : `[name].${ext}`);
  return {
    mode: isProduction ? 'production' : 'development',
    context: options.dirname,
    entry: { main: './src/index.ts' },
    devtool: isProduction ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(options.dirname, 'dist'),
      publicPath: options.publicPath,
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      cssFilename: hashed('css'),
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: options.name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'], ...(options.alias ? { alias: options.alias } : {}) },
    module: {
      // `import styles from './x.module.css'` (default export of the class map).
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
              target: 'es2022',
            },
          },
        },
        // A feature's modules only declare things (features are imported through their index.ts):
        // marked free of side effects, a screen's chunk keeps only what it uses of another feature's
        // index.ts, not every component (and its zod, date-fns, forms) that index re-exports.
        { test: /\.tsx?$/, include: /[\\/]src[\\/]features[\\/]/, sideEffects: false },
        { test: /\.css$/, type: 'css/auto' },
        // Small images (the logo) go inline: one request fewer on the first screen.
        { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ inject: false, templateContent: indexHtml(options.title, options) }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(options.exposes ? { filename: 'remoteEntry.js', exposes: options.exposes } : { remotes: {} }),
        shared: Object.fromEntries(Object.entries(SHARED_MODULES).map(([name, config]) => [name, sharedConfig(name as keyof typeof SHARED_MODULES, config, options)])),
        // 'version-first' (the default) fetches EVERY registered remote before a shared module loads, so one
        // missing remote would break lazy chunks everywhere; take what is loaded or our own copy instead.
        shareStrategy: 'loaded-first',
        ...(options.runtimePlugins ? { runtimePlugins: options.runtimePlugins } : {}),
        experiments: {
          ...(options.runtimeTarget ? { optimization: { target: options.runtimeTarget } } : {}),
          // One copy of the runtime core on a page: the host provides it, remotes use the host's (see standalone-runtime.ts).
          ...(options.exposes ? { externalRuntime: true } : { provideExternalRuntime: true }),
        },
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
      }),
      new ChunkGroupsPlugin(),
      ...(isProduction ? precompressionPlugins() : []),
    ],
    // On a slow link each request costs a round trip; a screen's modules travel in its own
    // chunk (shared modules stay chunks of their own, as Module Federation needs).
    optimization: { splitChunks: false },
    performance: { hints: false },
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/config.json', '/remotes'], target: 'http://localhost:3000' }],
    },
  };
}

/** What tells one remote from another: the rest is the same for every remote. */
export type RemoteAppOptions = Pick<FederatedAppOptions, 'dirname' | 'name' | 'title' | 'devPort'>;

/**
 * The configuration of a remote: served from wherever it is deployed (`publicPath: 'auto'`), exposing
 * './App' (src/app.tsx), which the shell renders inside its router, QueryClientProvider and kit
 * providers. The emitted index.html is the remote's standalone page (src/bootstrap.tsx). Its
 * runtime drops the Node-only code (`runtimeTarget: 'web'`), as the shell's does.
 */
export function remoteAppConfig(options: RemoteAppOptions): Configuration[] {
  const app = federatedAppConfig({
    ...options,
    publicPath: 'auto',
    exposes: { './App': './src/app.tsx' },
    runtimeTarget: 'web',
    headBeforeEntry: `\n    <script defer src="${STANDALONE_RUNTIME_FILE}"></script>`,
  });
  return [{ ...app, name: 'app' }, standaloneRuntimeConfig(options.dirname)];
}

/** The runtime core bundle of a remote's standalone page (standalone-runtime.ts), beside its index.html. */
const STANDALONE_RUNTIME_FILE = 'standalone-mf-runtime.js';

/**
 * Builds standalone-runtime.ts into the remote's dist as STANDALONE_RUNTIME_FILE: a plain bundle
 * (no Module Federation, so the runtime core is bundled, not external), built after the app
 * (whose build cleans dist first).
 */
function standaloneRuntimeConfig(dirname: string): Configuration {
  const isProduction = process.env.NODE_ENV !== 'development';
  return {
    name: 'standalone-runtime',
    dependencies: ['app'],
    mode: isProduction ? 'production' : 'development',
    context: dirname,
    entry: { standalone: path.join(import.meta.dirname, 'standalone-runtime.ts') },
    devtool: false,
    output: { path: path.resolve(dirname, 'dist'), filename: STANDALONE_RUNTIME_FILE, clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [{ test: /\.ts$/, loader: 'builtin:swc-loader', type: 'javascript/auto', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } }] },
    plugins: isProduction ? precompressionPlugins() : [],
    performance: { hints: false },
  };
}
