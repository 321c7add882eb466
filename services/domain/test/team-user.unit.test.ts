import { describe, it } from 'vitest';
import { ConflictError, teamDecider, userDecider, usernameDecider } from '../src/index.ts';
import { spec } from './spec.ts';

describe('team decider', () => {
  const create = {
    type: 'CreateTeam' as const,
    data: { teamId: 1, ownerMemberId: 1, name: 'Apex Garage Racing', description: null, ownerUserId: 3, ownerDisplayName: 'Dana Whitfield', now: '2026-01-01T00:00:00.000Z' },
  };
  it('CreateTeam records the team and its owner as the first member', () => {
    spec(teamDecider)
      .given([])
      .when(create)
      .then([
        { type: 'TeamCreated', data: { teamId: 1, name: 'Apex Garage Racing', description: null, ownerId: '3', createdAt: '2026-01-01T00:00:00.000Z' } },
        { type: 'MemberAdded', data: { teamId: 1, memberId: 1, userId: '3', role: 'owner', memberColor: '#6b7280', displayName: 'Dana Whitfield', joinedAt: '2026-01-01T00:00:00.000Z' } },
      ]);
  });
  it('CreateTeam on an existing team is a conflict', () => {
    spec(teamDecider)
      .given([{ type: 'TeamCreated', data: { teamId: 1, name: 'x', description: null, ownerId: '3', createdAt: 'x' } }])
      .when(create)
      .thenThrows(ConflictError);
  });
});

describe('user decider', () => {
  const data = { userId: 3, username: 'dana', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', firstName: 'Dana', lastName: 'Whitfield', email: 'dana@apexgarage.example' };
  it('RegisterUser records UserRegistered with the hash only', () => {
    spec(userDecider).given([]).when({ type: 'RegisterUser', data }).then([{ type: 'UserRegistered', data }]);
  });
  it('RegisterUser twice is a conflict', () => {
    spec(userDecider).given([{ type: 'UserRegistered', data }]).when({ type: 'RegisterUser', data }).thenThrows(ConflictError);
  });
});

describe('username claim', () => {
  it('the first claim wins; a second is a conflict', () => {
    const claim = { type: 'ClaimUsername' as const, data: { username: 'dana', userId: 3 } };
    spec(usernameDecider).given([]).when(claim).then([{ type: 'UsernameClaimed', data: { username: 'dana', userId: 3 } }]);
    spec(usernameDecider).given([{ type: 'UsernameClaimed', data: { username: 'Dana', userId: 2 } }]).when(claim).thenThrows(ConflictError, /Username is already taken/);
  });
});
