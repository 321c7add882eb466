import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';

/** The file a federated app's build writes next to its other files: its named lazy chunk groups' files. */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';

/**
 * The files of one named chunk group, as paths relative to the app's output folder (its publicPath):
 * the scripts and the style sheets the browser loads when the group's `import()` runs.
 */
interface ChunkGroupFiles {
  js: string[];
  css: string[];
}

/**
 * `{ [name]: { js, css } }` of the named chunk groups given (`import(/* webpackChunkName: 'name' *\/ …)`),
 * their files sorted by kind; a source map or any other file is left out.
 */
function chunkGroupFiles(groups: Iterable<{ name: string; files: readonly string[] }>): Record<string, ChunkGroupFiles> {
  const out: Record<string, ChunkGroupFiles> = {};
  for (const { name, files } of groups) {
    out[name] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
  }
  return out;
}

/**
 * The share key of the module a Module Federation build provides to the share scope, from its
 * identifier ('provide shared module (default) @pitwall/setup-forms/display@0.1.0 = /…/display/index.ts'
 * → '@pitwall/setup-forms/display'), or undefined for any other module.
 */
export function sharedKeyOf(identifier: string): string | undefined {
  return /^provide shared module \([^)]*\) (.+?)@/.exec(identifier)?.[1];
}

/**
 * Writes CHUNK_GROUPS_FILE: the files of every named chunk group the app loads lazily (not its entry),
 * and as 'shared:<module>' those of the copy of each shared module it provides (what loads when no app
 * on the page provided that module before it; an eager one has none), so a server
 * that serves the app can start the ones a page's first screen needs with the page (services/server,
 * renderShellPage) instead of once the code that imports them has run.
 */
export class ChunkGroupsPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkGroupsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const named = [...compilation.namedChunkGroups.entries()].filter(([, group]) => !group.isInitial()).map(([name, group]) => ({ name, files: group.getFiles() }));
        const shared = [...compilation.modules].flatMap((module) => {
          const key = sharedKeyOf(module.identifier());
          // The provided copy is the chunk group of the module's one async block (none when eager).
          const group = key && module.blocks[0] ? compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]) : null;
          return key && group ? [{ name: `shared:${key}`, files: group.getFiles() }] : [];
        });
        compilation.emitAsset(CHUNK_GROUPS_FILE, new rspack.sources.RawSource(JSON.stringify(chunkGroupFiles([...named, ...shared]))));
      });
    });
  }
}
