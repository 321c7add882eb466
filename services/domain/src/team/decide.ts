import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { TeamEvent, TeamState } from './team.ts';
import { DEFAULT_MEMBER_COLOR, evolveTeam, initialTeamState } from './team.ts';

/** Creates a team with its owner as the first member (role 'owner'). Ids and time come in. */
export interface CreateTeam {
  type: 'CreateTeam';
  data: {
    teamId: number;
    ownerMemberId: number;
    name: string;
    description: string | null;
    ownerUserId: number;
    ownerDisplayName: string | null;
    now: string;
  };
}

export type TeamCommand = CreateTeam;

/** Throws ConflictError when the team already exists. */
export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  switch (command.type) {
    case 'CreateTeam': {
      if (state.status !== 'none') throw new ConflictError('Team already exists');
      const d = command.data;
      return [
        { type: 'TeamCreated', data: { teamId: d.teamId, name: d.name, description: d.description, ownerId: String(d.ownerUserId), createdAt: d.now } },
        {
          type: 'MemberAdded',
          data: {
            teamId: d.teamId,
            memberId: d.ownerMemberId,
            userId: String(d.ownerUserId),
            role: 'owner',
            memberColor: DEFAULT_MEMBER_COLOR,
            displayName: d.ownerDisplayName,
            joinedAt: d.now,
          },
        },
      ];
    }
  }
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  decide: decideTeam,
  evolve: evolveTeam,
  initialState: initialTeamState,
};
