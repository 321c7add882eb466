import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/teams: every team where the signed-in user is an active member, each with `myRole`. */
export function getTeams(signal?: AbortSignal): Promise<Team[]> {
  return apiFetch<Team[]>('/api/teams', { signal });
}

/** Query options of the team list (key ['teams']; a team's members live under ['teams', id, 'members']). */
export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: ['teams'] as const, queryFn: ({ signal }) => getTeams(signal) });
}

/** The teams of the signed-in user. */
export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}
