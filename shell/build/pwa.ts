import path from 'node:path';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';
import { rspack, type Compiler, type Configuration } from '@rspack/core';

/**
 * Paddock mode: what makes Pitwall installable and work with no signal, built with the shell.
 * - {@link WebAppManifestPlugin}: `manifest.webmanifest` and its PNG icons, drawn from the kit's logo.
 * - {@link serviceWorkerConfig}: `sw.js` from src/sw/service-worker.ts with Workbox's precache manifest
 *   of the finished shell/dist injected (workbox-build `injectManifest`).
 */

/** The app's colours (kit/src/styles.css): the navigation's `--nav-bg` and the page's `--bg`. */
const THEME_COLOUR = '#0f172a';
const BACKGROUND_COLOUR = '#f1f4f8';

/** One icon of the manifest: its size in px, and `maskable` when the logo sits inside the safe zone on a full-bleed background. */
interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

/** Chrome's installability needs 192 and 512 px; Android's adaptive icons a maskable one; iOS reads apple-touch-icon (180). */
const ICONS: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

/**
 * A PNG of the logo at `size` px. A maskable icon keeps the logo within the centre 80 % circle a mask
 * may cut to (W3C "maskable icon" safe zone): the logo takes 60 % on the theme colour.
 */
async function drawIcon(logoSvg: Buffer, spec: IconSpec): Promise<Buffer> {
  if (!spec.maskable) return sharp(logoSvg, { density: 72 * (spec.size / 64) }).resize(spec.size, spec.size).png().toBuffer();
  const inner = Math.round(spec.size * 0.6);
  const logo = await sharp(logoSvg, { density: 72 * (inner / 64) }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: spec.size, height: spec.size, channels: 4, background: THEME_COLOUR } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** The web app manifest (W3C Web Application Manifest) of the shell served at `/`. */
function webAppManifest() {
  return {
    id: '/',
    name: 'Pitwall',
    short_name: 'Pitwall',
    description: 'Car setups, race events and run sheets for race teams — works in the paddock without signal.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: ICONS.filter((icon) => !icon.file.includes('apple')).map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  };
}

/** Emits manifest.webmanifest and the icons (from `logoPath`, an SVG) into the build. */
export class WebAppManifestPlugin {
  constructor(private readonly logoPath: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'WebAppManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        compilation.fileDependencies.add(this.logoPath);
        const logo = await readFile(this.logoPath);
        for (const icon of ICONS) compilation.emitAsset(icon.file, new rspack.sources.RawSource(await drawIcon(logo, icon)));
        compilation.emitAsset('manifest.webmanifest', new rspack.sources.RawSource(`${JSON.stringify(webAppManifest(), null, 2)}\n`));
      });
    });
  }
}

/** Workbox leaves files whose names carry a content hash (`name.[contenthash:8].ext`) without a revision. */
const HASHED_NAME = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/**
 * Runs workbox-build's injectManifest once the worker is compiled: `sw.js` in `distDir` gets the list of
 * the shell's files (not the precompressed copies, not the worker itself). The remotes are not listed:
 * the worker caches them from their own manifests (src/sw/service-worker.ts), so each stays deployable alone.
 */
class InjectPrecacheManifestPlugin {
  constructor(private readonly compiledWorker: string, private readonly distDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheManifestPlugin', async () => {
      const { count, size, warnings } = await injectManifest({
        swSrc: this.compiledWorker,
        swDest: path.join(this.distDir, 'sw.js'),
        globDirectory: this.distDir,
        globPatterns: ['**/*.{js,css,html,json,webmanifest,png,svg,woff2}'],
        globIgnores: ['sw.js', '**/*.br', '**/*.gz', 'mf-manifest-stats.json', 'icons/apple-touch-icon.png'],
        dontCacheBustURLsMatching: HASHED_NAME,
        // The worker is minified by rspack already; no source map is served.
        injectionPoint: 'self.__WB_MANIFEST',
      });
      for (const warning of warnings) console.warn(`[sw] ${warning}`);
      console.log(`[sw] sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} kB`);
    });
  }
}

/**
 * The rspack configuration of the service worker: src/sw/service-worker.ts compiled for a worker into
 * node_modules/.cache/sw, then written to dist/sw.js by {@link InjectPrecacheManifestPlugin}. Runs after
 * the shell's own build (`dependencies`), whose finished files it lists. `sw.js` has no hash in its name,
 * so it is served `no-cache` (services/server/src/web/static-web.ts), as a service worker must be.
 */
export function serviceWorkerConfig(dirname: string, dependsOn: string): Configuration {
  const isProduction = process.env.NODE_ENV !== 'development';
  const outDir = path.resolve(dirname, 'node_modules/.cache/sw');
  return {
    name: 'service-worker',
    dependencies: [dependsOn],
    mode: isProduction ? 'production' : 'development',
    context: dirname,
    target: 'webworker',
    entry: { sw: './src/sw/service-worker.ts' },
    devtool: false,
    output: { path: outDir, filename: 'sw.js', clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [{ test: /\.ts$/, loader: 'builtin:swc-loader', type: 'javascript/auto', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } }],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProduction ? 'production' : 'development') }),
      new InjectPrecacheManifestPlugin(path.join(outDir, 'sw.js'), path.resolve(dirname, 'dist')),
    ],
    optimization: { splitChunks: false },
    performance: { hints: false },
  };
}
