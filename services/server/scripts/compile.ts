import { build, type Plugin } from 'esbuild';

/**
 * npm packages bundled in, with Pitwall's workspaces: zod, whose package entry loads its ~65 locale
 * modules (Pitwall uses none; bundled, they are tree-shaken: ~45 ms less of every start),
 * and the one package that imports zod, so that the process has a single copy of it; date-fns,
 * whose package entry loads its ~300 function modules as many files (the server uses two: bundled,
 * the rest is tree-shaken).
 */
const BUNDLED_PACKAGES = /^(zod|fastify-type-provider-zod|date-fns)(\/|$)/;

/** npm packages stay external (but {@link BUNDLED_PACKAGES}); Pitwall's workspaces (@pitwall/*, TypeScript sources) and relative imports are bundled. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pitwall/') || BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles TypeScript entries into ESM JavaScript for Node 20 with esbuild: one `<out>.js` per entry
 * in `outdir` (shared code in chunks beside them, source maps without the sources' text),
 * Pitwall's workspaces bundled in, every other npm package external (loaded from node_modules at
 * run time, so native and WASM packages find their files). Paths are relative to `absWorkingDir`.
 */
export async function compile(options: { absWorkingDir: string; entries: Record<string, string>; outdir: string }): Promise<void> {
  await build({
    absWorkingDir: options.absWorkingDir,
    entryPoints: Object.entries(options.entries).map(([out, src]) => ({ out, in: src })),
    outdir: options.outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces map to the TypeScript sources (`node --enable-source-maps`); the maps do not
    // embed those sources, which Node would read and parse at every start (2.6 → 0.7 MB, ~40 ms).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
  });
}
