import { DEFAULT_REMOTE_URLS } from './default-remotes';

/** The remotes the shell knows, by Module Federation name. */
export type RemoteName = 'mfe_cars' | 'mfe_events' | 'mfe_teams';

/**
 * Which paths belong to which remote (docs/product.md, 'Screens and routes'), as react-router
 * patterns. Anything else is the shell's 404 page.
 * 'car/:id/issues' and 'car/:id/gallery' go to mfe_cars, which shows the 404 page until it has them.
 * The shell's build reads this module too (rspack.config.ts): it imports nothing that needs a browser.
 */
export const REMOTE_PATHS: readonly (readonly [pattern: string, remote: RemoteName])[] = [
  ['/', 'mfe_cars'],
  ['/car/:id', 'mfe_cars'],
  ['/car/:id/issues/*', 'mfe_cars'],
  ['/car/:id/gallery/*', 'mfe_cars'],
  ['/car/:id/events/*', 'mfe_events'],
  ['/parts/*', 'mfe_cars'],
  ['/tyres/*', 'mfe_cars'],
  ['/teams/*', 'mfe_teams'],
  ['/settings/*', 'mfe_teams'],
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
 * `[pattern source, manifest URL]` for each of REMOTE_PATHS, in its order, with the manifest at the
 * remote's default location (DEFAULT_REMOTE_URLS): what index.html needs to start the manifest of
 * the remote that shows the page's path (src/index-head.html).
 */
export function remoteManifestsByPath(): [source: string, manifest: string][] {
  const folderOf = (remote: RemoteName) => remote.replace(/^mfe_/, '') as keyof typeof DEFAULT_REMOTE_URLS;
  return REMOTE_PATHS.map(([pattern, remote]) => [patternSource(pattern), DEFAULT_REMOTE_URLS[folderOf(remote)]]);
}
