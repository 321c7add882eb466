import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@pitwall/kit';
import { TeamsRoute } from './features/teams/routes/teams-route';
import { TeamMembersRoute } from './features/teams/routes/team-members-route';
import { SettingsRoute } from './features/settings/routes/settings-route';

/**
 * The exposed './App'. The shell mounts it under a splat route at '/' for '/teams/*' and
 * '/settings/*', so these paths are full paths.
 */
export default function App() {
  return (
    <Routes>
      <Route path="teams" element={<TeamsRoute />} />
      <Route path="teams/:teamId" element={<TeamMembersRoute />} />
      <Route path="settings" element={<SettingsRoute />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
