import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewTeamBody, type Team } from '@pitwall/contracts';
import { apiFetch, getAuthUserQueryOptions } from '@pitwall/kit';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams: validates with the contract; answers the created team (the caller is its owner). */
export function createTeam(body: NewTeamBody): Promise<Team> {
  return apiFetch<Team>('/api/teams', { method: 'POST', body: NewTeamBody.parse(body) });
}

/**
 * Creates a team, then refreshes the team list and the signed-in user (whose `teams` the
 * dashboard's add-car dialog offers).
 */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: getAuthUserQueryOptions().queryKey }),
      ]),
  });
}
