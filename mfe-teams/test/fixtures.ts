import type { Team, TeamMember, User } from '@pitwall/contracts';
import { createRenderRemote } from '@pitwall/kit/test';
import App from '../src/app';

/** The signed-in owner (user 1) of team 1. */
export const owner: User = {
  id: 1,
  username: 'dana',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana@apexgarage.example',
  role: 'owner',
  teams: [{ teamId: 1, teamName: 'Apex Garage Racing', role: 'owner', memberColor: '#6b7280', displayName: 'Dana Whitfield' }],
};

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 1,
    name: 'Apex Garage Racing',
    description: 'Club racing, 2026 season',
    ownerId: '1',
    createdAt: '2026-01-15T10:00:00.000Z',
    myRole: 'owner',
    ...overrides,
  };
}

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 10,
    teamId: 1,
    userId: '1',
    username: 'dana',
    role: 'owner',
    memberColor: '#6b7280',
    displayName: 'Dana Whitfield',
    joinedAt: '2026-01-15T10:00:00.000Z',
    isActive: true,
    awaitsPassword: false,
    ...overrides,
  };
}

/** Marco, the demo season's mechanic (user 2). */
export const marco = makeMember({ id: 11, userId: '2', username: 'marco', role: 'mechanic', memberColor: '#ff6600', displayName: 'Marco Rossi', joinedAt: '2026-02-01T09:00:00.000Z' });

/** Renders the teams remote's App as the shell would (no selected-car store: the teams remote does not use it). */
export const renderRemote = createRenderRemote(App, { withSelectedCar: false });
