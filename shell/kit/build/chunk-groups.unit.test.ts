// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { CHUNK_GROUPS_FILE, ChunkGroupsPlugin, sharedKeyOf } from './chunk-groups';

/**
 * A server starts a screen's lazy chunks with the page only if the build names their files: a tiny
 * federated app with a named screen chunk (with its styles) and a shared module it provides
 * is built, and its chunk-groups.json must name exactly the files a browser loads for each.
 */
describe('ChunkGroupsPlugin', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-groups-'));
    const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
    write('index.js', "import('./app');\n");
    write('app.js', "import(/* webpackChunkName: 'screen' */ './screen').then((m) => m.show());\nexport const app = 1;\n");
    write('screen.js', "import './screen.css';\nimport { shared } from 'shared-thing';\nexport const show = () => shared();\n");
    write('screen.css', '.screen { color: red; }\n');
    fs.mkdirSync(path.join(dir, 'node_modules', 'shared-thing'), { recursive: true });
    write('node_modules/shared-thing/package.json', JSON.stringify({ name: 'shared-thing', version: '1.2.3', main: 'index.js', sideEffects: false }));
    write('node_modules/shared-thing/index.js', 'export const shared = () => 42;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes each named lazy chunk group's scripts and styles, and the copy of each shared module it provides as 'shared:<module>'", async () => {
    const compiler = rspack({
      mode: 'production',
      context: dir,
      entry: { main: './index.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].js', cssFilename: '[name].css', publicPath: '/' },
      module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
      plugins: [new ModuleFederationPlugin({ name: 'probe', shared: { 'shared-thing': { requiredVersion: '^1.2.0' } }, dts: false }), new ChunkGroupsPlugin()],
      optimization: { splitChunks: false, chunkIds: 'named' },
    });
    await new Promise<void>((resolve, reject) => compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : compiler.close(() => resolve()))));
    const groups = JSON.parse(fs.readFileSync(path.join(dir, 'dist', CHUNK_GROUPS_FILE), 'utf8')) as Record<string, { js: string[]; css: string[] }>;
    expect(groups.screen).toEqual({ js: ['screen.js'], css: ['screen.css'] });
    const shared = groups['shared:shared-thing'];
    expect(shared?.css).toEqual([]);
    expect(shared?.js).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'dist', shared!.js[0]!), 'utf8')).toContain('42');
    expect(Object.keys(groups)).not.toContain('main');
  });

  it('reads the share key of a provided module, scoped or not, and nothing from other modules', () => {
    expect(sharedKeyOf('provide shared module (default) @pitwall/setup-forms/display@0.1.0 = /x/display/index.ts')).toBe('@pitwall/setup-forms/display');
    expect(sharedKeyOf('provide shared module (default) zod@4.1.12 = /x/zod/index.js')).toBe('zod');
    expect(sharedKeyOf('consume shared module (default) zod@^4.1.0 (fallback: /x/zod/index.js)')).toBeUndefined();
    expect(sharedKeyOf('javascript/auto|/repo/mfe-events/src/app.tsx')).toBeUndefined();
  });
});
