// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import * as reactQuery from '@tanstack/react-query';
import * as reactRouter from 'react-router';

/**
 * The shell provides react-router and @tanstack/react-query to every app on the page from
 * src/shared/, each module exporting the part the apps use. An app importing a name missing there
 * would get `undefined` at run time (only in the built app: the unit tests import the whole
 * packages), so this test reads every app's source, and the packages that import the shared ones,
 * and fails on any name the shell does not provide.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['shell/src', 'shell/kit/src', 'shell/setup-forms/src', 'mfe-cars/src', 'mfe-events/src', 'mfe-teams/src'];

/** One package the shell provides in part: its module, the names it is shared under, what else imports it. */
interface NarrowedShare {
  file: string;
  /** The alias the module re-exports from (the package's own build). */
  from: string;
  shareNames: string[];
  whole: object;
  /** Built files of other packages that import the shared package at run time. */
  importers: string[];
}

const SHARES: NarrowedShare[] = [
  { file: 'shell/src/shared/react-router.ts', from: 'react-router-production', shareNames: ['react-router', 'react-router-dom'], whole: reactRouter, importers: [] },
  {
    file: 'shell/src/shared/react-query.ts',
    from: 'react-query-package',
    shareNames: ['@tanstack/react-query'],
    whole: reactQuery,
    importers: ['node_modules/@tanstack/react-query-persist-client/build/modern/PersistQueryClientProvider.js'],
  },
];

/** The .ts/.tsx files under `dir` (tests left out: they run against the whole package). */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

const escaped = (name: string) => name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');

/** The value names `code` imports (or re-exports) from one of `shareNames`; '*' for a namespace or default import. */
function importedNames(code: string, shareNames: string[]): string[] {
  const from = new RegExp(`(?:import|export)\\s+(type\\s+)?(\\*\\s+as\\s+\\w+|\\w+|\\{([^}]*)\\})\\s+from\\s+['"](?:${shareNames.map(escaped).join('|')})['"]`, 'g');
  const names: string[] = [];
  for (const [, typeOnly, clause, named] of code.matchAll(from)) {
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

/** The names `share.file` exports. */
async function providedNames(share: NarrowedShare): Promise<string[]> {
  const code = await readFile(path.join(repoRoot, share.file), 'utf8');
  const block = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${escaped(share.from)}'`).exec(code)?.[1];
  if (!block) throw new Error(`${share.file} has no export { … } from ${share.from}`);
  return block.split(',').map((p) => p.trim()).filter(Boolean);
}

/** The names the apps' sources and `share.importers` import from the shared package, each with one file that does. */
async function usedNames(share: NarrowedShare): Promise<Map<string, string>> {
  const files = [...(await Promise.all(SOURCE_DIRS.map(sourceFiles))).flat().filter((f) => !f.startsWith('shell/src/shared/')), ...share.importers];
  const used = new Map<string, string>();
  for (const file of files) {
    for (const name of importedNames(await readFile(path.join(repoRoot, file), 'utf8'), share.shareNames)) used.set(name, file);
  }
  return used;
}

describe.each(SHARES)("the shell's shared $shareNames.0", (share) => {
  let provided: string[];
  let used: Map<string, string>;
  beforeAll(async () => {
    [provided, used] = await Promise.all([providedNames(share), usedNames(share)]);
  });

  it('exports only names the package has', () => {
    expect(provided.length).toBeGreaterThan(0);
    expect(provided.filter((name) => !(name in share.whole))).toEqual([]);
  });

  it('provides every name the shell, the kit, the remotes and the importing packages use', () => {
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([name]) => !provided.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('provides no name that none of them uses (a shared module is never tree-shaken)', () => {
    expect(provided.filter((name) => !used.has(name))).toEqual([]);
  });
});

it('reads named, renamed, multi-line, type-only and namespace imports as the bundler does', () => {
  const code = [
    "import { Link, useNavigate as go, type NavigateFunction } from 'react-router-dom';",
    "import type { Location } from 'react-router';",
    "export { Outlet } from 'react-router';",
    "import * as Router from 'react-router';",
    "import {\n  useQuery,\n  type QueryKey,\n} from '@tanstack/react-query';",
  ].join('\n');
  expect(importedNames(code, ['react-router', 'react-router-dom'])).toEqual(['Link', 'useNavigate', 'Outlet', '* (* as Router)']);
  expect(importedNames(code, ['@tanstack/react-query'])).toEqual(['useQuery']);
});
