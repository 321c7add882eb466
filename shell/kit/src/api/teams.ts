import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberPasswordBody, NewMemberBody, NewTeamBody, PatchMemberBody, PutTeamSettingsBody, Team, TeamMember, TeamSettings } from '@pitwall/contracts';
import { requestSchemas } from './request-schemas';
import { apiFetch } from './api-fetch';
import { getAuthUserQueryOptions } from './auth';
import { useInvalidatingMutation } from './use-invalidating-mutation';
import { invalidateChange, invalidationsOf, keysOf } from './change-invalidations';
import { useOpenedVersion } from './use-opened-version';
import type { ChangeDescription } from '../offline/write-queue';
import { teamMembersKey, teamSettingsKey, teamsKey } from './query-keys';

/** GET /api/teams: every team where the signed-in user is an active member, each with `myRole`. Key ['teams']. */
export function getTeamsQueryOptions() {
  return queryOptions({ queryKey: teamsKey, queryFn: ({ signal }) => apiFetch<Team[]>('/api/teams', { signal }) });
}

/** The teams of the signed-in user. */
export function useTeams() {
  return useQuery(getTeamsQueryOptions());
}

/** POST /api/teams: validates with the contract; answers the created team (the caller is its owner). */
export async function createTeam(body: NewTeamBody): Promise<Team> {
  return apiFetch<Team>('/api/teams', { method: 'POST', body: (await requestSchemas()).NewTeamBody.parse(body) });
}

/**
 * Creates a team, then refreshes the team list and the signed-in user (whose `teams` the
 * dashboard's add-car dialog offers).
 */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) =>
      Promise.all([invalidateChange(queryClient, 'TeamCreated', { teamId: team.id, carId: null }), queryClient.invalidateQueries({ queryKey: getAuthUserQueryOptions().queryKey })]),
  });
}

/** GET /api/teams/{teamId}/members: every member of the team, active or not. Key ['teams', teamId, 'members']. */
export function getTeamMembersQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamMembersKey(teamId),
    queryFn: ({ signal }) => apiFetch<TeamMember[]>(`/api/teams/${teamId}/members`, { signal }),
  });
}

/** The members of one team. */
export function useTeamMembers(teamId: number) {
  return useQuery(getTeamMembersQueryOptions(teamId));
}

/** Runs `mutationFn` (which appends a change of `type` to the team), then refreshes what the change table names for it (the member list among them). */
function useMemberMutation<TVariables, TAnswer>(teamId: number, type: string, mutationFn: (variables: TVariables) => Promise<TAnswer>) {
  return useInvalidatingMutation(mutationFn, invalidationsOf(type, { teamId, carId: null }));
}

/**
 * POST /api/teams/{teamId}/members: creates the member's account (username, password, names) and
 * adds it to the team with a role and colour. Owner or admin only (the server answers 403 otherwise).
 */
export async function addTeamMember(teamId: number, body: NewMemberBody): Promise<TeamMember> {
  return apiFetch<TeamMember>(`/api/teams/${teamId}/members`, { method: 'POST', body: (await requestSchemas()).NewMemberBody.parse(body) });
}

/** Adds a member, then refreshes the team's member list. */
export function useAddTeamMember(teamId: number) {
  return useMemberMutation(teamId, 'MemberAdded', (body: NewMemberBody) => addTeamMember(teamId, body));
}

/**
 * PATCH /api/teams/{teamId}/members/{memberId} with the fields that change (display name, role,
 * colour, active flag). Owner only; the owner's own role and active flag cannot change (400).
 */
export async function updateTeamMember(teamId: number, memberId: number, body: PatchMemberBody, change?: ChangeDescription<TeamMember>): Promise<TeamMember> {
  return apiFetch<TeamMember>(`/api/teams/${teamId}/members/${memberId}`, { method: 'PATCH', body: (await requestSchemas()).PatchMemberBody.parse(body), change });
}

/** Updates a member (based on the member list as it was when the calling form mounted), then refreshes the team's member list. */
export function useUpdateTeamMember(teamId: number) {
  const opened = useOpenedVersion(`/api/teams/${teamId}/members`);
  return useMemberMutation(teamId, 'MemberUpdated', ({ memberId, body }: { memberId: number; body: PatchMemberBody }) =>
    updateTeamMember(teamId, memberId, body, { name: 'Team member', invalidates: keysOf(invalidationsOf('MemberUpdated', { teamId, carId: null })), base: opened.base({ itemId: memberId }) }),
  );
}

/** DELETE /api/teams/{teamId}/members/{memberId} (204). Owner only, never the owner's own row. */
export function removeTeamMember(teamId: number, memberId: number): Promise<void> {
  return apiFetch<void>(`/api/teams/${teamId}/members/${memberId}`, { method: 'DELETE' });
}

/** Removes a member, then refreshes the team's member list. */
export function useRemoveTeamMember(teamId: number) {
  return useMemberMutation(teamId, 'MemberRemoved', (memberId: number) => removeTeamMember(teamId, memberId));
}

/**
 * POST /api/teams/{teamId}/members/{memberId}/password (204): the first password of a member a team
 * import recreated (`awaitsPassword`). Owner only; 400 naming `password` for a weak one (the rules
 * of a new account), 403 for any other member. Sent online only: a password never waits in the write queue.
 */
export async function setImportedMemberPassword(teamId: number, memberId: number, body: MemberPasswordBody): Promise<void> {
  return apiFetch<void>(`/api/teams/${teamId}/members/${memberId}/password`, { method: 'POST', body: (await requestSchemas()).MemberPasswordBody.parse(body) });
}

/** Sets an imported member's first password, then refreshes the team's member list. */
export function useSetImportedMemberPassword(teamId: number) {
  return useMemberMutation(teamId, 'ImportedUserPasswordSet', ({ memberId, password }: { memberId: number; password: string }) => setImportedMemberPassword(teamId, memberId, { password }));
}

/** GET /api/teams/{teamId}/settings: the team's units (pressure psi|bar, temperature C|F); any active member may read. Key ['teams', teamId, 'settings']. */
export function getTeamSettingsQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: teamSettingsKey(teamId),
    queryFn: ({ signal }) => apiFetch<TeamSettings>(`/api/teams/${teamId}/settings`, { signal }),
  });
}

/** The team's settings; disabled until a team id is known (pass undefined while the car loads). */
export function useTeamSettings(teamId: number | undefined) {
  return useQuery({ ...getTeamSettingsQueryOptions(teamId ?? 0), enabled: teamId !== undefined });
}

/** PUT /api/teams/{teamId}/settings (owner or admin): both units; answers the saved settings. */
export async function updateTeamSettings(teamId: number, body: PutTeamSettingsBody, change?: ChangeDescription<TeamSettings>): Promise<TeamSettings> {
  return apiFetch<TeamSettings>(`/api/teams/${teamId}/settings`, { method: 'PUT', body: (await requestSchemas()).PutTeamSettingsBody.parse(body), change });
}

/** Saves the team's units (based on them as they were when the calling form mounted), then refreshes every view of them (the setup forms of every remote). */
export function useUpdateTeamSettings(teamId: number) {
  const queryClient = useQueryClient();
  const opened = useOpenedVersion(`/api/teams/${teamId}/settings`);
  return useMutation({
    mutationFn: (body: PutTeamSettingsBody) => updateTeamSettings(teamId, body, { name: 'Team settings', invalidates: keysOf(invalidationsOf('TeamUnitsChosen', { teamId, carId: null })), base: opened.base() }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(getTeamSettingsQueryOptions(teamId).queryKey, answer);
      await invalidateChange(queryClient, 'TeamUnitsChosen', { teamId, carId: null });
    },
  });
}
