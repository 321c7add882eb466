import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path a document names must exist, so a rename or a removal cannot leave a guide
 * pointing at nothing. Read from every tracked `*.md`:
 * - a Markdown link's target (`[text](../src/app.ts)`), relative to the document's folder;
 * - a path in a code span or a fenced block (`services/server/src/app.ts`, `src/live/live-feed.ts`):
 *   a token whose first folder is one of the repository's top-level folders is read from the root,
 *   one whose first folder exists beside the document from the document's folder (a package's
 *   README names `src/…` and `test/…`), and a file or folder written from a folder the sentence
 *   names (`components/stint-list.tsx`) must end some tracked path of the document's package; any
 *   other token (an API route, a key, a checkpoint's name) is not a repository path and is skipped.
 * A trailing '/' names a folder. Globs and placeholders (`*`, `<id>`, `{a,b}`, `…`, `$VAR`, `:port`)
 * and build output or local data (`dist/`, `.data/`, `test-results/`) are skipped.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function git(...args: string[]): string[] {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

const TRACKED = git('ls-files');
const DOCUMENTS = TRACKED.filter((file) => file.endsWith('.md'));
/** The repository's top-level folders (`services`, `shell`, `mfe-cars`, `docs`, `.ci`, …). */
const TOP_FOLDERS = new Set(TRACKED.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!));
/** Folders that hold build output or local data: named in documents, never in the repository. */
const UNTRACKED_OUTPUT = new Set(['dist', 'node_modules', '.data', 'test-results', 'coverage', '.build']);
const PLACEHOLDER = /[*<>{}:…$?#=,|\\[\]()'"]/;

interface NamedPath {
  /** The path as the document writes it. */
  text: string;
  /** The path from the repository's root, or null when the text is no repository path. */
  resolved: string | null;
  /** Whether the text names a folder (a trailing '/'). */
  folder: boolean;
}

/** Trims the sentence's punctuation around a token: `(src/app.ts),` → `src/app.ts`. */
function trimToken(token: string): string {
  return token.replace(/^[("'[]+/, '').replace(/[)"'.,;:\]]+$/, '');
}

/** The repository path that `token`, written in the document at `doc`, names; null when it names none. */
function resolveToken(token: string, doc: string): NamedPath | null {
  const text = trimToken(token);
  if (!text.includes('/') || text.startsWith('/') || text.includes('//') || PLACEHOLDER.test(text)) return null;
  const folder = text.endsWith('/');
  const segments = text.replace(/\/$/, '').split('/');
  if (segments.some((segment) => UNTRACKED_OUTPUT.has(segment) || segment === '')) return null;
  const docFolder = path.posix.dirname(doc);
  const first = segments[0]!;
  let resolved: string | null = null;
  // `./units`, `../../car-history`: an import specifier (a package export, a module without its extension), no file.
  if (first === '.' || first === '..') resolved = folder || /\.[a-z]{1,5}$/.test(text) ? path.posix.join(docFolder, text) : null;
  else if (docFolder !== '.' && existsSync(path.join(ROOT, docFolder, first)) && statSync(path.join(ROOT, docFolder, first)).isDirectory()) {
    resolved = path.posix.join(docFolder, text);
  } else if (TOP_FOLDERS.has(first)) resolved = text;
  else {
    // A path within a package's folders, written from a folder the sentence names (`components/stint-list.tsx`
    // in a remote's README): some tracked path under the document's package must end with it. Only a file
    // (with its extension) or a folder (with its '/'): `read-models/rebuild` is a checkpoint's name.
    if (!folder && !/\.[a-z]{1,5}$/.test(text)) return null;
    const scope = doc.startsWith('docs/') || docFolder === '.' ? '' : `${docFolder}/`;
    const tracked = TRACKED.filter((file) => file.startsWith(scope));
    if (!tracked.some((file) => file.includes(`/${first}/`) || file.startsWith(`${first}/`))) return null;
    const suffix = text.replace(/\/$/, '');
    const match = tracked.find((file) => file === suffix || file.endsWith(`/${suffix}`) || file.includes(`/${suffix}/`) || file.startsWith(`${suffix}/`));
    const base = match ? match.slice(0, match.lastIndexOf(suffix)) : scope;
    resolved = `${base}${suffix}`;
  }
  if (resolved === null) return null;
  return { text, resolved: resolved.replace(/\/$/, ''), folder };
}

/** The repository paths a Markdown text names: link targets, and paths in code spans and fenced blocks. */
function namedPaths(markdown: string, doc: string): NamedPath[] {
  const found: NamedPath[] = [];
  const docFolder = path.posix.dirname(doc);
  const fences = /^```[^\n]*\n([\s\S]*?)^```/gm;
  const outsideFences = markdown.replace(fences, (_, body: string) => {
    for (const token of body.split(/\s+/)) {
      const named = resolveToken(token, doc);
      if (named) found.push(named);
    }
    return '';
  });
  for (const [, target] of outsideFences.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = target!.replace(/#.*$/, '');
    if (link === '' || /^[a-z]+:/i.test(link) || link.startsWith('/')) continue;
    const resolved = path.posix.join(docFolder, link);
    found.push({ text: link, resolved: resolved.replace(/\/$/, ''), folder: link.endsWith('/') });
  }
  for (const [, span] of outsideFences.matchAll(/`([^`\n]+)`/g)) {
    for (const token of span!.split(/\s+/)) {
      const named = resolveToken(token, doc);
      if (named) found.push(named);
    }
  }
  return found;
}

/** The paths of `paths` that git ignores (`bench/results/latest.json`: written by a run, never committed). */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    return new Set(execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ROOT, input: paths.join('\n'), encoding: 'utf8' }).split('\n'));
  } catch {
    return new Set(); // exit code 1: none of them is ignored
  }
}

function exists(named: NamedPath): boolean {
  const full = path.join(ROOT, named.resolved!);
  if (!existsSync(full)) return false;
  return !named.folder || statSync(full).isDirectory();
}

describe('paths named in the documents', () => {
  it('reads every tracked Markdown document', () => {
    expect(DOCUMENTS).toContain('README.md');
    expect(DOCUMENTS).toContain('docs/architecture.md');
  });

  it('resolves paths from the root, from the document and from links', () => {
    const names = (markdown: string, doc: string) => namedPaths(markdown, doc).map((named) => named.resolved);
    expect(names('see `services/server/src/app.ts`, and `GET /api/cars/{carId}`', 'README.md')).toEqual(['services/server/src/app.ts']);
    expect(names('the feed (`src/live/live-feed.ts`)', 'services/server/README.md')).toEqual(['services/server/src/live/live-feed.ts']);
    expect(names('[the glossary](glossary.md#stint) and [ADR](decisions/)', 'docs/architecture.md')).toEqual(['docs/glossary.md', 'docs/decisions']);
    expect(names('the log (`components/pit-stop-log.tsx`) and `lib/nowhere.ts`', 'mfe-events/README.md')).toEqual([
      'mfe-events/src/features/run-sheets/components/pit-stop-log.tsx',
      'mfe-events/lib/nowhere.ts',
    ]);
    expect(names('the repository `x/y`, path `app/static/wec/2025/spa_6h.csv`', 'services/contracts/test/lap-exports/README.md')).toEqual([]);
    expect(names('```\nshell/kit/   the kit\n```', 'README.md')).toEqual(['shell/kit']);
    expect(names('`./units`, `../../car-history`, `./probe.tsx`', 'shell/README.md')).toEqual(['shell/probe.tsx']);
    expect(names('`mfe-*/dist`, `shell/kit/src/…`, `<name>/x.ts`, `services/server/dist/main.js`, `pitwall:session:<id>`', 'README.md')).toEqual([]);
  });

  it('exist', () => {
    const missing = DOCUMENTS.flatMap((doc) =>
      namedPaths(readFileSync(path.join(ROOT, doc), 'utf8'), doc)
        .filter((named) => !exists(named))
        .map((named) => ({ doc, named })),
    );
    const ignoredPaths = ignored(missing.map(({ named }) => named.resolved!));
    const broken = missing
      .filter(({ named }) => !ignoredPaths.has(named.resolved!))
      .map(({ doc, named }) => `${doc}: ${named.text}${named.text === named.resolved ? '' : ` (${named.resolved})`}`);
    expect([...new Set(broken)]).toEqual([]);
  });
});
