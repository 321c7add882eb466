/**
 * Compiles the server to JavaScript for production (issue 15: no run-time transpiler in production):
 * every process entry (the embedded `main`, the roles, the seed and projections CLIs) is bundled
 * with esbuild into `services/server/dist/<name>.js` (ESM, Node 20, shared code in chunks beside
 * them, source maps). Pitwall's own workspace packages (@pitwall/*, TypeScript sources) are bundled;
 * every npm package stays external and is loaded from node_modules as usual (native and WASM
 * packages such as sharp, argon2 and PGlite find their files there). All outputs sit in one folder,
 * so `import.meta.dirname` is `services/server/dist` in every file (config.ts derives the
 * repository root from it).
 *
 *   npm run build -w @pitwall/server     (part of `npm run build` and `npm start`)
 */
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SERVER_ENTRIES } from './server-entries.ts';

const root = path.resolve(import.meta.dirname, '..');

/** npm packages stay external; Pitwall's workspaces and relative imports are bundled. */
const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pitwall/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: Object.entries(SERVER_ENTRIES).map(([out, src]) => ({ out, in: `src/${src}` })),
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
console.log(`server compiled to ${path.relative(process.cwd(), path.join(root, 'dist')) || 'dist'}`);
