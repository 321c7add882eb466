import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMember } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';

/** GET /api/teams/{teamId}/members: every member of the team, active or not. */
export function getTeamMembers(teamId: number, signal?: AbortSignal): Promise<TeamMember[]> {
  return apiFetch<TeamMember[]>(`/api/teams/${teamId}/members`, { signal });
}

/** Query options of a team's members (key ['teams', teamId, 'members']). */
export function getTeamMembersQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: ['teams', teamId, 'members'] as const,
    queryFn: ({ signal }) => getTeamMembers(teamId, signal),
  });
}

/** The members of one team. */
export function useTeamMembers(teamId: number) {
  return useQuery(getTeamMembersQueryOptions(teamId));
}
