// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as reactRouter from 'react-router';

/**
 * The shell provides react-router to every app on the page from src/shared/react-router.ts, which
 * exports the declarative-mode part only. A remote importing a name missing there would get
 * `undefined` at run time (only in the built app: the unit tests import the whole package), so this
 * test reads every app's source and fails on any name the shell does not provide.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['shell/src', 'shell/kit/src', 'shell/setup-forms/src', 'mfe-cars/src', 'mfe-events/src', 'mfe-teams/src'];
const ROUTER_IMPORT = /(?:import|export)\s+(type\s+)?(\*\s+as\s+\w+|\w+|\{([^}]*)\})\s+from\s+['"](react-router|react-router-dom)['"]/g;

/** The .ts/.tsx files under `dir` (tests left out: they run against the whole package). */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

/** The value names `file` imports (or re-exports) from react-router or react-router-dom; '*' for a namespace or default import. */
function routerNamesOf(code: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, clause, named] of code.matchAll(ROUTER_IMPORT)) {
    if (typeOnly) continue;
    if (named === undefined) {
      names.push(`* (${clause})`);
      continue;
    }
    for (const part of named.split(',').map((p) => p.trim()).filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      names.push(part.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/** The names src/shared/react-router.ts exports. */
async function providedNames(): Promise<string[]> {
  const code = await readFile(path.join(repoRoot, 'shell/src/shared/react-router.ts'), 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from\s*'react-router-production'/.exec(code)?.[1];
  if (!block) throw new Error('shell/src/shared/react-router.ts has no export { … } from react-router-production');
  return block.split(',').map((p) => p.trim()).filter(Boolean);
}

describe("the shell's shared react-router", () => {
  it('exports only names react-router has', async () => {
    const provided = await providedNames();
    expect(provided.length).toBeGreaterThan(0);
    expect(provided.filter((name) => !(name in reactRouter))).toEqual([]);
  });

  it('provides every name the shell, the kit and the remotes import from react-router(-dom)', async () => {
    const provided = new Set(await providedNames());
    const files = (await Promise.all(SOURCE_DIRS.map(sourceFiles))).flat().filter((f) => !f.startsWith('shell/src/shared/'));
    const used = new Map<string, string>();
    for (const file of files) {
      for (const name of routerNamesOf(await readFile(path.join(repoRoot, file), 'utf8'))) used.set(name, file);
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([name]) => !provided.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('reads named, renamed, type-only and namespace imports as the bundler does', () => {
    const code = [
      "import { Link, useNavigate as go, type NavigateFunction } from 'react-router-dom';",
      "import type { Location } from 'react-router';",
      "export { Outlet } from 'react-router';",
      "import * as Router from 'react-router';",
    ].join('\n');
    expect(routerNamesOf(code)).toEqual(['Link', 'useNavigate', 'Outlet', '* (* as Router)']);
  });
});
