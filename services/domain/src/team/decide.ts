import type { AssignableRole, ChangeEffectThresholds, CrossDiagonal, DistanceUnit, MassUnit, PressureUnit, TemperatureUnit } from '@pitwall/contracts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { TeamEvent, TeamMember, TeamState } from './team.ts';
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
/** Adds a user as a member. `actorUserId` must be the team's owner or an active admin. */
export interface AddMember {
  type: 'AddMember';
  data: { actorUserId: number; memberId: number; userId: number; role: AssignableRole; memberColor: string; displayName: string | null; now: string };
}
/** Changes a member: only the owner may; the owner's own role and activity cannot change. */
export interface UpdateMember {
  type: 'UpdateMember';
  data: { actorUserId: number; memberId: number; displayName?: string; role?: AssignableRole; memberColor?: string; isActive?: boolean };
}
/** Removes a member: only the owner may, and never their own row. */
export interface RemoveMember {
  type: 'RemoveMember';
  data: { actorUserId: number; memberId: number };
}
/** Deletes the team: only the owner may. */
export interface DeleteTeam {
  type: 'DeleteTeam';
  data: { actorUserId: number };
}

/**
 * Chooses the team's units (tire pressure psi|bar, temperature C|F, distance km|mi, mass kg|lb) and
 * cross weight diagonal ('lf-rr'|'rf-lr') and the change effects' thresholds (tire laps, track °C); distance, mass, diagonal and thresholds left out: kept. The owner or an active admin may.
 */
export interface ChooseTeamUnits {
  type: 'ChooseTeamUnits';
  data: { actorUserId: number; pressureUnit: PressureUnit; temperatureUnit: TemperatureUnit; distanceUnit?: DistanceUnit | undefined; massUnit?: MassUnit | undefined; crossDiagonal?: CrossDiagonal | undefined; changeEffects?: ChangeEffectThresholds | undefined };
}

export type TeamCommand = CreateTeam | AddMember | UpdateMember | RemoveMember | DeleteTeam | ChooseTeamUnits;

type ActiveTeam = Extract<TeamState, { status: 'active' }>;

function activeTeam(state: TeamState): ActiveTeam {
  if (state.status !== 'active') throw new NotFoundError('Team not found');
  return state;
}

/** The actor's active membership; a non-member learns nothing (404). */
function actorOf(team: ActiveTeam, actorUserId: number): TeamMember {
  const actor = [...team.members.values()].find((m) => m.userId === String(actorUserId) && m.isActive);
  if (!actor) throw new NotFoundError('Team not found');
  return actor;
}

function requireOwner(team: ActiveTeam, actorUserId: number, action: string): void {
  if (actorOf(team, actorUserId).role !== 'owner') throw new ForbiddenError(`Only the team owner can ${action}`);
}

function memberOf(team: ActiveTeam, memberId: number): TeamMember {
  const member = team.members.get(memberId);
  if (!member) throw new NotFoundError('Team member not found');
  return member;
}

function updateMember(team: ActiveTeam, { data }: UpdateMember): TeamEvent[] {
  requireOwner(team, data.actorUserId, 'edit team members');
  const member = memberOf(team, data.memberId);
  const { teamId } = team;
  const { memberId, userId } = member;
  if (member.role === 'owner' && data.role !== undefined) throw new ValidationError('role: The owner role cannot be changed');
  if (member.role === 'owner' && data.isActive === false) throw new ValidationError('isActive: The team owner cannot be deactivated');
  const next = {
    displayName: data.displayName ?? member.displayName,
    role: member.role === 'owner' ? member.role : (data.role ?? member.role),
    memberColor: data.memberColor ?? member.memberColor,
  };
  const events: TeamEvent[] = [];
  if (next.displayName !== member.displayName || next.role !== member.role || next.memberColor !== member.memberColor) {
    events.push({ type: 'MemberUpdated', data: { teamId, memberId, userId, ...next } });
  }
  if (data.isActive !== undefined && data.isActive !== member.isActive) {
    events.push({ type: data.isActive ? 'MemberReactivated' : 'MemberDeactivated', data: { teamId, memberId, userId } });
  }
  return events;
}

/**
 * Decides a team command (docs/product.md, 'Roles and permissions', closed by Pitwall: the server enforces it). Throws
 * NotFoundError for a missing team or member (and for a caller who is not an active member),
 * ForbiddenError when the caller's role may not do it, ValidationError for owner-protection
 * rules, ConflictError for a user who is already a member. ChooseTeamUnits: owner or admin.
 */
export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  if (command.type === 'CreateTeam') {
    if (state.status !== 'none') throw new ConflictError('Team already exists');
    const d = command.data;
    return [
      { type: 'TeamCreated', data: { teamId: d.teamId, name: d.name, description: d.description, ownerId: String(d.ownerUserId), createdAt: d.now } },
      {
        type: 'MemberAdded',
        data: { teamId: d.teamId, memberId: d.ownerMemberId, userId: String(d.ownerUserId), role: 'owner', memberColor: DEFAULT_MEMBER_COLOR, displayName: d.ownerDisplayName, joinedAt: d.now },
      },
    ];
  }
  const team = activeTeam(state);
  switch (command.type) {
    case 'AddMember': {
      const d = command.data;
      const actor = actorOf(team, d.actorUserId);
      if (actor.role !== 'owner' && actor.role !== 'admin') throw new ForbiddenError('Only the team owner or an admin can add members');
      if ([...team.members.values()].some((m) => m.userId === String(d.userId))) throw new ConflictError('This user is already a member of the team');
      return [{ type: 'MemberAdded', data: { teamId: team.teamId, memberId: d.memberId, userId: String(d.userId), role: d.role, memberColor: d.memberColor, displayName: d.displayName, joinedAt: d.now } }];
    }
    case 'UpdateMember':
      return updateMember(team, command);
    case 'RemoveMember': {
      requireOwner(team, command.data.actorUserId, 'remove team members');
      const member = memberOf(team, command.data.memberId);
      if (member.userId === String(command.data.actorUserId)) throw new ValidationError('The team owner cannot remove their own membership');
      return [{ type: 'MemberRemoved', data: { teamId: team.teamId, memberId: member.memberId, userId: member.userId } }];
    }
    case 'DeleteTeam':
      requireOwner(team, command.data.actorUserId, 'delete the team');
      return [{ type: 'TeamDeleted', data: { teamId: team.teamId } }];
    case 'ChooseTeamUnits': {
      const { actorUserId, pressureUnit, temperatureUnit, distanceUnit, massUnit, crossDiagonal, changeEffects } = command.data;
      const actor = actorOf(team, actorUserId);
      if (actor.role !== 'owner' && actor.role !== 'admin') throw new ForbiddenError("Only the team owner or an admin can change the team's units");
      // Choosing the units the team already has changes nothing: no event.
      const events: TeamEvent[] = [];
      if (team.units.pressureUnit !== pressureUnit || team.units.temperatureUnit !== temperatureUnit) events.push({ type: 'TeamUnitsChosen', data: { teamId: team.teamId, pressureUnit, temperatureUnit } });
      if (distanceUnit !== undefined && team.units.distanceUnit !== distanceUnit) events.push({ type: 'TeamDistanceUnitChosen', data: { teamId: team.teamId, distanceUnit } });
      if (massUnit !== undefined && team.units.massUnit !== massUnit) events.push({ type: 'TeamMassUnitChosen', data: { teamId: team.teamId, massUnit } });
      if (crossDiagonal !== undefined && team.units.crossDiagonal !== crossDiagonal) events.push({ type: 'TeamCrossDiagonalChosen', data: { teamId: team.teamId, crossDiagonal } });
      const thresholds = team.units.changeEffects;
      if (changeEffects !== undefined && (thresholds.tireLaps !== changeEffects.tireLaps || thresholds.trackTempC !== changeEffects.trackTempC)) {
        events.push({ type: 'TeamChangeEffectThresholdsChosen', data: { teamId: team.teamId, ...changeEffects } });
      }
      return events;
    }
    default:
      return assertNever(command);
  }
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  decide: decideTeam,
  evolve: evolveTeam,
  initialState: initialTeamState,
  // 3: the units hold the mass unit and the cross weight diagonal.
  stateVersion: 4,
};
