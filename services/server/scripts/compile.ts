import { build, type Plugin } from 'esbuild';

/**
 * npm packages that Pitwall's sources import on the start path, bundled in with Pitwall's workspaces
 * together with the packages they import in turn (but {@link NEVER_BUNDLED}). Why: loaded from
 * node_modules, each of their ~400 files is a path search, a package.json read and a compile of its
 * own at every start, interleaved with PGlite's opening on the one main thread; bundled, they are a
 * few files, and their ESM packages (zod's ~65 locale modules, date-fns' ~300 function modules,
 * of which the server uses a few) are tree-shaken. Fastify and its plugins, helmet, the zod stack, date-fns,
 * cookie, papaparse (the lap import's reader, in @pitwall/contracts).
 */
const START_PATH_PACKAGES = /^(fastify|fastify-plugin|fastify-type-provider-zod|helmet|@fastify\/(?!swagger)[^/]+|zod|date-fns|cookie|papaparse)(\/|$)/;

/**
 * npm packages never bundled, wherever imported. pino: its transports start worker threads from
 * files beside its modules; PGlite: reads its .wasm and .data files beside its modules; the packages
 * Fastify or Pitwall load only after the start (Fastify's default Ajv compilers, which Pitwall
 * replaces; fast-json-stringify, loaded at a route's first compile; light-my-request, for inject):
 * bundled, they would be parsed at every start for nothing.
 */
const NEVER_BUNDLED = /^(pino|pino-[a-z-]+|thread-stream|@electric-sql\/pglite|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|fast-json-stringify|ajv|ajv-formats|light-my-request)(\/|$)/;

/**
 * Which npm packages stay external (loaded from node_modules at run time): every one that Pitwall's
 * sources import but the {@link START_PATH_PACKAGES} (the lazily loaded ones, native addons,
 * drivers of other modes), and the {@link NEVER_BUNDLED} ones wherever imported. Pitwall's workspaces
 * (@pitwall/*, TypeScript sources) and relative imports are bundled.
 */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@pitwall/')) return undefined;
      const fromPackage = args.importer.includes('/node_modules/');
      const bundled = !NEVER_BUNDLED.test(args.path) && (fromPackage || START_PATH_PACKAGES.test(args.path));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * `require` for the CommonJS packages bundled into ESM output: their calls of Node's built-in
 * modules and of the external packages (esbuild's ESM output has no `require` of its own).
 */
const REQUIRE_BANNER = "import { createRequire as __pitwallCreateRequire } from 'node:module'; const require = __pitwallCreateRequire(import.meta.url);";

/**
 * Bundles TypeScript entries into ESM JavaScript for Node 20 with esbuild: one `<out>.js` per entry
 * in `outdir` (shared code in chunks beside them, source maps without the sources' text),
 * Pitwall's workspaces and the start path's npm packages bundled in, every other npm package
 * external (loaded from node_modules at run time, so native and WASM packages find their files; see
 * {@link externalNpmPackages}). Paths are relative to `absWorkingDir`.
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
    // embed those sources, which Node would read and parse at every start (figures: bench/README.md).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
    banner: { js: REQUIRE_BANNER },
  });
}
