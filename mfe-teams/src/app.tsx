import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage, screenRoutes } from '@pitwall/kit';
import { TeamsRoute } from './features/teams/routes/teams-route';
import { TeamMembersRoute } from './features/teams/routes/team-members-route';
import { SettingsRoute } from './features/settings/routes/settings-route';
import { SeriesListRoute } from './features/series/routes/series-list-route';
import { SeriesRoute } from './features/series/routes/series-route';
import { RoundRoute } from './features/series/routes/round-route';
import { SheetRoute } from './features/series/routes/sheet-route';
import { TEAMS_SCREENS } from './screens';

const SCREEN_ELEMENTS: Record<keyof typeof TEAMS_SCREENS, ComponentType> = {
  teams: TeamsRoute,
  teamMembers: TeamMembersRoute,
  settings: SettingsRoute,
  seriesList: SeriesListRoute,
  series: SeriesRoute,
  round: RoundRoute,
  sheet: SheetRoute,
};

/**
 * The exposed './App': the screens of src/screens.ts. The shell mounts it under a splat route at
 * '/' for '/teams/*', '/settings/*' and '/series/*', so their paths are full paths.
 */
export default function App() {
  return (
    <Routes>
      {screenRoutes(TEAMS_SCREENS, SCREEN_ELEMENTS)}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
