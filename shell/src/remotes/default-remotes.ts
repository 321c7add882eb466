/**
 * Where each remote's Module Federation manifest is when /config.json does not say (relative to the
 * page): the folders the server and the nginx image serve them from. Shared by the shell and its
 * service worker, which caches the same remotes the shell loads.
 */
export const DEFAULT_REMOTE_URLS = {
  cars: '/remotes/cars/mf-manifest.json',
  events: '/remotes/events/mf-manifest.json',
  teams: '/remotes/teams/mf-manifest.json',
} as const;

/** The remotes of `/config.json`'s `remotes` (any shape), each falling back to {@link DEFAULT_REMOTE_URLS}. */
export function remoteUrlsOf(configured: unknown): { cars: string; events: string; teams: string } {
  const given = configured && typeof configured === 'object' ? (configured as Record<string, unknown>) : {};
  const pick = (name: keyof typeof DEFAULT_REMOTE_URLS) => (typeof given[name] === 'string' ? given[name] : DEFAULT_REMOTE_URLS[name]);
  return { cars: pick('cars'), events: pick('events'), teams: pick('teams') };
}
