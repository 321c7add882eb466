// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import type { Screens } from '@pitwall/kit';
import { CARS_SCREENS } from '@pitwall/mfe-cars/screens';
import { EVENTS_SCREENS } from '@pitwall/mfe-events/screens';
import { TEAMS_SCREENS } from '@pitwall/mfe-teams/screens';

/**
 * A page starts a screen's chunk groups only if the remote's build has them under the names its
 * table of screens gives (a webpackChunkName that drifted from its screen's `chunk`, a shared
 * module the remote does not provide, would start nothing): every name each table says to start
 * must be in that remote's built chunk-groups.json. It reads the builds' dist folders: `npm test`
 * builds first; alone, run `npm run build` before it.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const TABLES: readonly (readonly [folder: string, screens: Screens])[] = [
  ['mfe-cars', CARS_SCREENS],
  ['mfe-events', EVENTS_SCREENS],
  ['mfe-teams', TEAMS_SCREENS],
];

/** The names of the chunk groups in the build of the remote in `folder`; throws, saying how to make it, when it was not built. */
function builtChunkGroups(folder: string): string[] {
  const file = path.join(repoRoot, folder, 'dist', 'chunk-groups.json');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: this test reads the build, run \`npm run build\` first`);
  return Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>);
}

describe("each remote's table of screens", () => {
  it.each(TABLES)("names only chunk groups that %s's build has", (folder, screens) => {
    const built = builtChunkGroups(folder);
    const named = Object.values(screens).flatMap(({ chunk, preload = [] }) => (chunk ? [chunk, ...preload] : preload));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !built.includes(name))).toEqual([]);
  });
});
