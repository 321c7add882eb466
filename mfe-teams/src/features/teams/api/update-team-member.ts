import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PatchMemberBody, type TeamMember } from '@pitwall/contracts';
import { apiFetch } from '@pitwall/kit';
import { getTeamMembersQueryOptions } from './get-team-members';

/**
 * PATCH /api/teams/{teamId}/members/{memberId} with the fields that change (display name, role,
 * colour, active flag). Owner only; the owner's own role and active flag cannot change (400).
 */
export function updateTeamMember(teamId: number, memberId: number, body: PatchMemberBody): Promise<TeamMember> {
  return apiFetch<TeamMember>(`/api/teams/${teamId}/members/${memberId}`, { method: 'PATCH', body: PatchMemberBody.parse(body) });
}

/** Updates a member, then refreshes the team's member list. */
export function useUpdateTeamMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: number; body: PatchMemberBody }) => updateTeamMember(teamId, memberId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTeamMembersQueryOptions(teamId).queryKey }),
  });
}
