import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PutTeamSettingsBody, type TeamSettings } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/teams/{teamId}/settings: the team's units (pressure psi|bar, temperature C|F); any active member may read. */
export function getTeamSettings(teamId: number, signal?: AbortSignal): Promise<TeamSettings> {
  return apiFetch<TeamSettings>(`/api/teams/${teamId}/settings`, { signal });
}

/** Query options keyed ['teams', teamId, 'settings']. */
export function getTeamSettingsQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: ['teams', teamId, 'settings'] as const,
    queryFn: ({ signal }) => getTeamSettings(teamId, signal),
  });
}

/** The team's settings; disabled until a team id is known (pass undefined while the car loads). */
export function useTeamSettings(teamId: number | undefined) {
  return useQuery({ ...getTeamSettingsQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
}

/** PUT /api/teams/{teamId}/settings (owner or admin): both units; answers the saved settings. */
export function updateTeamSettings(teamId: number, body: PutTeamSettingsBody): Promise<TeamSettings> {
  return apiFetch<TeamSettings>(`/api/teams/${teamId}/settings`, { method: 'PUT', body: PutTeamSettingsBody.parse(body) });
}

/** Saves the team's units, then refreshes every view of them. */
export function useUpdateTeamSettings(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTeamSettingsBody) => updateTeamSettings(teamId, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getTeamSettingsQueryOptions(teamId).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: getTeamSettingsQueryOptions(teamId).queryKey });
    },
  });
}
