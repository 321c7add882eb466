import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NewMemberBody, type TeamMember } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getTeamMembersQueryOptions } from './get-team-members';

/**
 * POST /api/teams/{teamId}/members: creates the member's account (username, password, names) and
 * adds it to the team with a role and colour. Owner or admin only (the server answers 403 otherwise).
 */
export function addTeamMember(teamId: number, body: NewMemberBody): Promise<TeamMember> {
  return apiFetch<TeamMember>(`/api/teams/${teamId}/members`, { method: 'POST', body: NewMemberBody.parse(body) });
}

/** Adds a member, then refreshes the team's member list. */
export function useAddTeamMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMemberBody) => addTeamMember(teamId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTeamMembersQueryOptions(teamId).queryKey }),
  });
}
