import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { TeamsRoute } from './features/teams/routes/teams-route';
import { TeamMembersRoute } from './features/teams/routes/team-members-route';
import { SettingsRoute } from './features/settings/routes/settings-route';
import { SeriesListRoute } from './features/series/routes/series-list-route';
import { SeriesRoute } from './features/series/routes/series-route';
import { RoundRoute } from './features/series/routes/round-route';
import { SheetRoute } from './features/series/routes/sheet-route';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/' for '/teams/*',
 * '/settings/*' and '/series/*', so these paths are full paths.
 */
export default function App() {
  return (
    <Routes>
      <Route path="teams" element={<TeamsRoute />} />
      <Route path="teams/:teamId" element={<TeamMembersRoute />} />
      <Route path="settings" element={<SettingsRoute />} />
      <Route path="series" element={<SeriesListRoute />} />
      <Route path="series/:seriesId" element={<SeriesRoute />} />
      <Route path="series/:seriesId/rounds/:roundId" element={<RoundRoute />} />
      <Route path="series/:seriesId/rounds/:roundId/entries/:entryId" element={<SheetRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
