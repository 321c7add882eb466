import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documents name files and folders in backticks (`src/live/live-feed.ts`,
 * `services/contracts/src/dates.ts`); each named path must exist, read from the repository's root
 * or from the document's own folder, so a rename or a removal cannot leave a guide pointing at nothing.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'results', 'test-results', 'coverage']);

/** The Markdown files of the repository (outside dependencies and build output). */
function documents(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return documents(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** A backticked text that is a repository path: folders joined by '/', ending in a file with an extension or a folder's '/'; no URL, glob, placeholder or route. */
const PATH = /^(?:\.{1,2}\/)?[\w.@-]+(?:\/[\w.@-]+)*(?:\.[a-z]{1,5}|\/)$/;
const TOP = /^(?:\.{1,2}\/|services\/|shell\/|mfe-[a-z]+\/|e2e\/|bench\/|docs\/|data\/|infra\/|\.ci\/|src\/|test\/|scripts\/)/;

function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!.replace(/:\d+(?:-\d+)?$/, '')).filter((p) => PATH.test(p) && TOP.test(p));
}

describe('paths named in the documents', () => {
  it('exist', () => {
    const missing = documents().flatMap((doc) =>
      namedPaths(readFileSync(doc, 'utf8'))
        .filter((p) => !existsSync(path.join(ROOT, p)) && !existsSync(path.join(path.dirname(doc), p)))
        .map((p) => `${path.relative(ROOT, doc)}: ${p}`),
    );
    expect(missing).toEqual([]);
  });
});
