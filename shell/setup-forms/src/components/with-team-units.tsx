import type { ReactNode } from 'react';
import type { TeamUnits } from '@pitwall/contracts';
import { Alert, Skeleton, errorMessage, useTeamSettings } from '@pitwall/kit';

/**
 * Renders `children(units)` once the team's units are known (GET /api/teams/{teamId}/settings);
 * a placeholder while they load (no form in a guessed unit) and an alert when they cannot load.
 * `teamId` undefined: the car is still loading.
 */
export function WithTeamUnits({ teamId, children }: { teamId: number | undefined; children: (units: TeamUnits) => ReactNode }) {
  const settings = useTeamSettings(teamId);
  if (settings.error) return <Alert title="The team's units could not be loaded.">{errorMessage(settings.error)}</Alert>;
  if (!settings.data) return <Skeleton height="12rem" />;
  const { pressureUnit, temperatureUnit } = settings.data;
  return <>{children({ pressureUnit, temperatureUnit })}</>;
}
