import type { Screens } from '@pitwall/kit';

/**
 * mfe-teams' screens (docs/product.md, 'Screens and routes'): its router's routes (src/app.tsx) and
 * what the shell's page starts with each path (shell/src/remotes/remote-paths.ts). They come with
 * the App: no chunk of their own. A path below '/teams', '/settings' or '/series' is this remote's
 * too: its 404 page.
 */
export const TEAMS_SCREENS = {
  teams: { path: '/teams' },
  teamMembers: { path: '/teams/:teamId' },
  // Team Settings shows its colours in the kit's ColorField.
  settings: { path: '/settings', preload: ['kit-form-parts'] },
  seriesList: { path: '/series' },
  series: { path: '/series/:seriesId' },
  round: { path: '/series/:seriesId/rounds/:roundId' },
  sheet: { path: '/series/:seriesId/rounds/:roundId/entries/:entryId' },
} as const satisfies Screens;
