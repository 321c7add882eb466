/**
 * Compiles the server to JavaScript for production (no run-time transpiler in production: it costs the start):
 * every process entry (the embedded `main`, the roles, the seed and projections CLIs) into
 * `services/server/dist/<name>.js` (see compile.ts). All outputs sit in one folder, so
 * `import.meta.dirname` is `services/server/dist` in every file (config.ts derives the repository
 * root from it).
 *
 *   npm run build -w @pitwall/server     (part of `npm run build` and `npm start`)
 */
import path from 'node:path';
import { compile } from './compile.ts';
import { SERVER_ENTRIES } from './server-entries.ts';

const root = path.resolve(import.meta.dirname, '..');
await compile({ absWorkingDir: root, entries: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([out, src]) => [out, `src/${src}`])), outdir: 'dist' });
console.log('server compiled to services/server/dist');
