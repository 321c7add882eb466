import { build, type Plugin } from 'esbuild';

/** npm packages stay external; Pitwall's workspaces (@pitwall/*, TypeScript sources) and relative imports are bundled. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pitwall/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Bundles TypeScript entries into ESM JavaScript for Node 20 with esbuild: one `<out>.js` per entry
 * in `outdir` (shared code in chunks beside them, source maps), Pitwall's workspaces bundled in,
 * every npm package external (loaded from node_modules at run time, so native and WASM packages find
 * their files). Paths are relative to `absWorkingDir`.
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
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
  });
}
