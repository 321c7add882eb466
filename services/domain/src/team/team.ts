import { DEFAULT_CHANGE_EFFECT_THRESHOLDS, type ChangeEffectThresholds, type CrossDiagonal, type DistanceUnit, type MassUnit, type PressureUnit, type Role, type TemperatureUnit } from '@pitwall/contracts';

/** The team aggregate (stream `team-{id}`): the team and its memberships. */

/** Default member colour (docs/product.md, 'Data model'). */
export const DEFAULT_MEMBER_COLOR = '#6b7280';

/** A team was created by its owner (team setup or "Create New Team"). `ownerId` is the user id as text (docs/product.md, 'Data model'). */
export interface TeamCreated {
  type: 'TeamCreated';
  data: { teamId: number; name: string; description: string | null; ownerId: string; createdAt: string };
}

/** A user became a member of the team. `userId` is text (docs/product.md, 'Data model'). */
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

/** Display name, role and/or colour of a member changed (complete new values). */
export interface MemberUpdated {
  type: 'MemberUpdated';
  data: { teamId: number; memberId: number; userId: string; displayName: string | null; role: Role; memberColor: string };
}
/** The member may no longer access the team; their sessions end. */
export interface MemberDeactivated {
  type: 'MemberDeactivated';
  data: { teamId: number; memberId: number; userId: string };
}
export interface MemberReactivated {
  type: 'MemberReactivated';
  data: { teamId: number; memberId: number; userId: string };
}
export interface MemberRemoved {
  type: 'MemberRemoved';
  data: { teamId: number; memberId: number; userId: string };
}
/** The team was deleted by its owner; its data is no longer reachable by anyone. */
export interface TeamDeleted {
  type: 'TeamDeleted';
  data: { teamId: number };
}

/**
 * The team chose the units its members enter and read setup values in: tire pressures
 * in psi or bar, temperatures in degrees Celsius ('C') or Fahrenheit ('F'). A team that never chose
 * uses psi and 'C'.
 */
export interface TeamUnitsChosen {
  type: 'TeamUnitsChosen';
  data: { teamId: number; pressureUnit: PressureUnit; temperatureUnit: TemperatureUnit };
}

/** The team chose the unit its members read distances in (parts life): km or mi. A team that never chose reads km. */
export interface TeamDistanceUnitChosen {
  type: 'TeamDistanceUnitChosen';
  data: { teamId: number; distanceUnit: DistanceUnit };
}

/** The team chose the unit its members read corner weights in: kg or lb. A team that never chose reads kg. */
export interface TeamMassUnitChosen {
  type: 'TeamMassUnitChosen';
  data: { teamId: number; massUnit: MassUnit };
}

/** The team chose the diagonal its cross weight is taken on: FL + RR ('lf-rr', road racing; the default) or RF + LR ('rf-lr', oval racing). */
export interface TeamCrossDiagonalChosen {
  type: 'TeamCrossDiagonalChosen';
  data: { teamId: number; crossDiagonal: CrossDiagonal };
}

/** The team chose when two runs are too different to compare (the change effects' thresholds): tire age, laps; track temperature, °C. */
export interface TeamChangeEffectThresholdsChosen {
  type: 'TeamChangeEffectThresholdsChosen';
  data: { teamId: number; tireLaps: number; trackTempC: number };
}

export type TeamEvent =
  | TeamCreated | MemberAdded | MemberUpdated | MemberDeactivated | MemberReactivated | MemberRemoved | TeamDeleted | TeamUnitsChosen | TeamDistanceUnitChosen
  | TeamMassUnitChosen | TeamCrossDiagonalChosen | TeamChangeEffectThresholdsChosen;

/** Every event type of a team's stream (a record, so a new TeamEvent type must be named here to compile). */
const TEAM_EVENT_TYPE_RECORD: Record<TeamEvent['type'], true> = {
  TeamCreated: true, MemberAdded: true, MemberUpdated: true, MemberDeactivated: true, MemberReactivated: true, MemberRemoved: true,
  TeamDeleted: true, TeamUnitsChosen: true, TeamDistanceUnitChosen: true, TeamMassUnitChosen: true, TeamCrossDiagonalChosen: true, TeamChangeEffectThresholdsChosen: true,
};
/** The event types a team's stream may hold (an import refuses a team history holding any other). */
export const TEAM_EVENT_TYPES: ReadonlySet<string> = new Set(Object.keys(TEAM_EVENT_TYPE_RECORD));

export interface TeamMember {
  memberId: number;
  userId: string;
  role: Role;
  displayName: string | null;
  memberColor: string;
  isActive: boolean;
}

export type TeamState =
  | { status: 'none' }
  | { status: 'active'; teamId: number; ownerId: string; members: Map<number, TeamMember>; units: { pressureUnit: PressureUnit; temperatureUnit: TemperatureUnit; distanceUnit: DistanceUnit; massUnit: MassUnit; crossDiagonal: CrossDiagonal; changeEffects: ChangeEffectThresholds } }
  | { status: 'deleted'; teamId: number };

export const initialTeamState: TeamState = { status: 'none' };

function withMember(state: TeamState, memberId: number, change: (m: TeamMember | undefined) => TeamMember | null): TeamState {
  if (state.status !== 'active') return state;
  const members = new Map(state.members);
  const next = change(members.get(memberId));
  if (next) members.set(memberId, next);
  else members.delete(memberId);
  return { ...state, members };
}

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated':
      return { status: 'active', teamId: event.data.teamId, ownerId: event.data.ownerId, members: new Map(), units: { pressureUnit: 'psi', temperatureUnit: 'C', distanceUnit: 'km', massUnit: 'kg', crossDiagonal: 'lf-rr', changeEffects: DEFAULT_CHANGE_EFFECT_THRESHOLDS } };
    case 'MemberAdded': {
      const { memberId, userId, role, displayName, memberColor } = event.data;
      return withMember(state, memberId, () => ({ memberId, userId, role, displayName, memberColor, isActive: true }));
    }
    case 'MemberUpdated': {
      const { displayName, role, memberColor } = event.data;
      return withMember(state, event.data.memberId, (m) => (m ? { ...m, displayName, role, memberColor } : null));
    }
    case 'MemberDeactivated':
    case 'MemberReactivated':
      return withMember(state, event.data.memberId, (m) => (m ? { ...m, isActive: event.type === 'MemberReactivated' } : null));
    case 'MemberRemoved':
      return withMember(state, event.data.memberId, () => null);
    case 'TeamDeleted':
      return { status: 'deleted', teamId: event.data.teamId };
    case 'TeamUnitsChosen':
      return state.status === 'active' ? { ...state, units: { ...state.units, pressureUnit: event.data.pressureUnit, temperatureUnit: event.data.temperatureUnit } } : state;
    case 'TeamDistanceUnitChosen':
      return state.status === 'active' ? { ...state, units: { ...state.units, distanceUnit: event.data.distanceUnit } } : state;
    case 'TeamMassUnitChosen':
      return state.status === 'active' ? { ...state, units: { ...state.units, massUnit: event.data.massUnit } } : state;
    case 'TeamCrossDiagonalChosen':
      return state.status === 'active' ? { ...state, units: { ...state.units, crossDiagonal: event.data.crossDiagonal } } : state;
    case 'TeamChangeEffectThresholdsChosen':
      return state.status === 'active' ? { ...state, units: { ...state.units, changeEffects: { tireLaps: event.data.tireLaps, trackTempC: event.data.trackTempC } } } : state;
  }
}

export const teamStream = (teamId: number) => `team-${teamId}`;
