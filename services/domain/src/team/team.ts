import type { Role } from '@pitwall/contracts';

/** The team aggregate (stream `team-{id}`): the team and its memberships. */

/** Default member colour (spec §3 team_members). */
export const DEFAULT_MEMBER_COLOR = '#6b7280';

/** A team was created by its owner (team setup or "Create New Team"). `ownerId` is the user id as text (spec §3). */
export interface TeamCreated {
  type: 'TeamCreated';
  data: { teamId: number; name: string; description: string | null; ownerId: string; createdAt: string };
}

/** A user became a member of the team. `userId` is text (spec §3 team_members). */
export interface MemberAdded {
  type: 'MemberAdded';
  data: {
    teamId: number;
    memberId: number;
    userId: string;
    role: Role;
    memberColor: string;
    displayName: string | null;
    joinedAt: string;
  };
}

export type TeamEvent = TeamCreated | MemberAdded;

export interface TeamMember {
  memberId: number;
  userId: string;
  role: Role;
  isActive: boolean;
}

export type TeamState =
  | { status: 'none' }
  | { status: 'active'; teamId: number; ownerId: string; members: Map<number, TeamMember> };

export const initialTeamState: TeamState = { status: 'none' };

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated':
      return { status: 'active', teamId: event.data.teamId, ownerId: event.data.ownerId, members: new Map() };
    case 'MemberAdded': {
      if (state.status !== 'active') return state;
      const members = new Map(state.members);
      members.set(event.data.memberId, { memberId: event.data.memberId, userId: event.data.userId, role: event.data.role, isActive: true });
      return { ...state, members };
    }
  }
}

export const teamStream = (teamId: number) => `team-${teamId}`;
