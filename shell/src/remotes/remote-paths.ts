import { DEFAULT_REMOTE_URLS } from './default-remotes';

/** The remotes the shell knows, by Module Federation name. */
export type RemoteName = 'mfe_cars' | 'mfe_events' | 'mfe_teams';

/**
 * The shared modules that show setup values and their units (@pitwall/setup-forms' zod-free entries):
 * only the remotes provide them, so the copy of the remote that shows the screen loads. A name the
 * remote's build does not provide (it does not use the module) is skipped by the page.
 */
const SETUP_VALUES = ['shared:@pitwall/setup-forms/display', 'shared:@pitwall/setup-forms/units'] as const;

/** A race event's screens (its tabs, a session's run sheet) hold their content in the kit's Tabs and show setup values. */
const RACE_EVENT = ['kit-parts', ...SETUP_VALUES] as const;

/**
 * Which paths belong to which remote (docs/product.md, 'Screens and routes'), as react-router
 * patterns, and the named lazy chunk groups the first screen of such a path needs at once
 * (`webpackChunkName`: the remote's screen chunk, e.g. 'car-detail' in mfe-cars/src/app.tsx, the
 * kit's 'kit-parts' when the screen shows its Tabs or Accordion, its 'kit-form-parts' when the screen
 * shows one of its form controls as it opens (Team Settings' ColorField; a closed dialog needs none),
 * and as 'shared:<module>' the remote's own copy of a shared module the shell does not provide; names as in
 * the builds' chunk-groups.json, shell/kit/build/chunk-groups.ts), which index.html starts with the
 * page when the server names their files (src/index-head.html). Anything else is
 * the shell's 404 page; the first pattern that holds decides.
 * 'car/:id/issues' and 'car/:id/gallery' go to mfe_cars, which shows the 404 page until it has them.
 * The shell's build reads this module too (rspack.config.ts): it imports nothing that needs a browser.
 */
export const REMOTE_PATHS: readonly (readonly [pattern: string, remote: RemoteName, chunkGroups?: readonly string[]])[] = [
  ['/', 'mfe_cars', ['dashboard']],
  // The car page (its tabs in the kit's Tabs) shows setup values and units as a race event's screens do.
  ['/car/:id', 'mfe_cars', ['car-detail', 'kit-parts', ...SETUP_VALUES]],
  ['/car/:id/issues/*', 'mfe_cars', ['car-issues']],
  ['/car/:id/gallery/*', 'mfe_cars', ['car-gallery']],
  // mfe-events' tabs that are no first screen of the Overview or Sessions come in chunks of their
  // own, as does the part of a run sheet a crew enters (lap times, pit stops, …); the Sessions
  // tab's forms (Add Session, the tire pressure assistant) load when opened.
  ['/car/:id/events/:raceEventId/technical', 'mfe_events', ['technical-settings', ...RACE_EVENT]],
  ['/car/:id/events/:raceEventId/race-plan', 'mfe_events', ['race-plan', ...RACE_EVENT]],
  ['/car/:id/events/:raceEventId/history', 'mfe_events', ['setup-history', ...RACE_EVENT]],
  ['/car/:id/events/:raceEventId/sessions/new', 'mfe_events', RACE_EVENT],
  ['/car/:id/events/:raceEventId/sessions/suggest', 'mfe_events', RACE_EVENT],
  ['/car/:id/events/:raceEventId/sessions/:sessionId', 'mfe_events', ['run-sheet', ...RACE_EVENT]],
  ['/car/:id/events/:raceEventId/*', 'mfe_events', RACE_EVENT],
  ['/car/:id/events/*', 'mfe_events'],
  ['/parts/*', 'mfe_cars'],
  ['/tyres/*', 'mfe_cars'],
  ['/teams/*', 'mfe_teams'],
  // Team Settings shows its colours in the kit's ColorField.
  ['/settings/*', 'mfe_teams', ['kit-form-parts']],
  ['/series/*', 'mfe_teams'],
];

/**
 * A react-router path pattern of REMOTE_PATHS as the source of a RegExp (use it with the 'i' flag:
 * react-router matches case-insensitively) that holds for the same paths: `:param` is one segment,
 * a trailing `/*` any rest, and a trailing slash is allowed.
 */
export function patternSource(pattern: string): string {
  const splat = pattern.endsWith('/*');
  const body = (splat ? pattern.slice(0, -2) : pattern)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/\/$/, '');
  return `^${body}${splat ? '(?:/.*)?' : '/?'}$`;
}

/**
 * `[pattern source, manifest URL, chunk groups]` for each of REMOTE_PATHS, in its order, with the
 * manifest at the remote's default location (DEFAULT_REMOTE_URLS): what index.html needs to start
 * the manifest of the remote that shows the page's path, and the files of the chunk groups its
 * first screen needs (src/index-head.html).
 */
export function remoteManifestsByPath(): [source: string, manifest: string, chunkGroups: string[]][] {
  const folderOf = (remote: RemoteName) => remote.replace(/^mfe_/, '') as keyof typeof DEFAULT_REMOTE_URLS;
  return REMOTE_PATHS.map(([pattern, remote, chunkGroups = []]) => [patternSource(pattern), DEFAULT_REMOTE_URLS[folderOf(remote)], [...chunkGroups]]);
}
