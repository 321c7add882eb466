import type { Screens, ScreenView } from '@pitwall/kit';
import { SCREEN_VIEW_URLS } from '@pitwall/kit/screens';
import { CARS_SCREENS } from '@pitwall/mfe-cars/screens';
import { EVENTS_SCREENS } from '@pitwall/mfe-events/screens';
import { TEAMS_SCREENS } from '@pitwall/mfe-teams/screens';
import { DEFAULT_REMOTE_URLS } from './default-remotes';

/** The remotes the shell knows, by Module Federation name. */
export type RemoteName = 'mfe_cars' | 'mfe_events' | 'mfe_teams';

/** Each remote's table of screens (its src/screens.ts), in the order their paths are tried. */
const SCREENS_OF: readonly (readonly [remote: RemoteName, screens: Screens])[] = [
  ['mfe_cars', CARS_SCREENS],
  ['mfe_events', EVENTS_SCREENS],
  ['mfe_teams', TEAMS_SCREENS],
];

/**
 * The paths a screen makes its remote's: its own, and when it ends in a word ('/parts',
 * '/car/:id/issues', not '/car/:id') any path below it, which the remote's router shows as its
 * 404 page ('/car/1/issues/7'); a path of no remote is the shell's 404 page ('/car/1/setup').
 */
function ownedPattern(path: string): string {
  const last = path.split('/').at(-1) ?? '';
  return last === '' || last.startsWith(':') || last === '*' ? path : `${path}/*`;
}

/**
 * Which paths belong to which remote (docs/product.md, 'Screens and routes'), as react-router
 * patterns, and the named lazy chunk groups the first screen of such a path needs at once (its
 * screen's `chunk` and `preload`; names as in the builds' chunk-groups.json,
 * shell/kit/build/chunk-groups.ts), which index.html starts with the page when the server names
 * their files (src/index-head.html): derived from the remotes' tables of screens, first every
 * screen's own path with its chunk groups, then the paths it makes its remote's (ownedPattern)
 * with none; and the GET that answers the screen's first view (its `view`). Anything else is the
 * shell's 404 page; the first pattern that holds decides.
 * The shell's build reads this module too (rspack.config.ts): it imports nothing that needs a browser.
 */
export const REMOTE_PATHS: readonly (readonly [pattern: string, remote: RemoteName, chunkGroups: readonly string[], view?: ScreenView])[] = [
  ...SCREENS_OF.flatMap(([remote, screens]) => Object.values(screens).map(({ path, chunk, preload = [], view }) => [path, remote, chunk ? [chunk, ...preload] : preload, view] as const)),
  ...[...new Map(SCREENS_OF.flatMap(([remote, screens]) => Object.values(screens).map(({ path }) => [ownedPattern(path), remote] as const))).entries()].map(([pattern, remote]) => [pattern, remote, []] as const),
];

/**
 * A react-router path pattern of REMOTE_PATHS as the source of a RegExp (use it with the 'i' flag:
 * react-router matches case-insensitively) that holds for the same paths: `:param` is one segment
 * (the named group `param`), a trailing `/*` any rest, and a trailing slash is allowed.
 */
function patternSource(pattern: string): string {
  const splat = pattern.endsWith('/*');
  const body = (splat ? pattern.slice(0, -2) : pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/\/$/, '');
  return `^${body}${splat ? '(?:/.*)?' : '/?'}$`;
}

/**
 * `[pattern source, manifest URL, chunk groups, view URL]` for each of REMOTE_PATHS, in its order,
 * with the manifest at the remote's default location (DEFAULT_REMOTE_URLS) and the URL of its view
 * as SCREEN_VIEW_URLS writes it (`:param` the pattern's named group; null without a view): what
 * index.html needs to start the manifest of the remote that shows the page's path, the files of the
 * chunk groups its first screen needs and the GET of its first view (src/index-head.html).
 */
export function remoteManifestsByPath(): [source: string, manifest: string, chunkGroups: string[], view: string | null][] {
  const folderOf = (remote: RemoteName) => remote.replace(/^mfe_/, '') as keyof typeof DEFAULT_REMOTE_URLS;
  return REMOTE_PATHS.map(([pattern, remote, chunkGroups, view]) => [patternSource(pattern), DEFAULT_REMOTE_URLS[folderOf(remote)], [...chunkGroups], view ? SCREEN_VIEW_URLS[view] : null]);
}
