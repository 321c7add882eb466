import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@pitwall/kit';
import { getTeamMembersQueryOptions } from './get-team-members';

/** DELETE /api/teams/{teamId}/members/{memberId} (204). Owner only, never the owner's own row. */
export function removeTeamMember(teamId: number, memberId: number): Promise<void> {
  return apiFetch<void>(`/api/teams/${teamId}/members/${memberId}`, { method: 'DELETE' });
}

/** Removes a member, then refreshes the team's member list. */
export function useRemoveTeamMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => removeTeamMember(teamId, memberId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTeamMembersQueryOptions(teamId).queryKey }),
  });
}
