import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, teamDecider, userDecider, usernameDecider, ValidationError } from '../src/index.ts';
import { spec } from './spec.ts';

/** A team of owner Dana (user 3), admin Sam (user 4) and mechanic Marco (user 5). */
const TEAM_WITH_OWNER_ADMIN_MECHANIC = [
  { type: 'TeamCreated' as const, data: { teamId: 1, name: 'Apex', description: null, ownerId: '3', createdAt: 't' } },
  { type: 'MemberAdded' as const, data: { teamId: 1, memberId: 1, userId: '3', role: 'owner' as const, memberColor: '#6b7280', displayName: 'Dana', joinedAt: 't' } },
  { type: 'MemberAdded' as const, data: { teamId: 1, memberId: 2, userId: '4', role: 'admin' as const, memberColor: '#9333ea', displayName: 'Sam', joinedAt: 't' } },
  { type: 'MemberAdded' as const, data: { teamId: 1, memberId: 3, userId: '5', role: 'mechanic' as const, memberColor: '#ff6600', displayName: 'Marco', joinedAt: 't' } },
];

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
  it('RegisterUser for a team import also records which team the account was imported into', () => {
    spec(userDecider).given([]).when({ type: 'RegisterUser', data, importedInto: 7 }).then([{ type: 'UserRegistered', data }, { type: 'UserImported', data: { userId: 3, teamId: 7 } }]);
  });

  const setPassword = (teamId: number) => ({ type: 'SetImportedUserPassword' as const, data: { userId: 3, teamId, passwordHash: '$argon2id$new' } });
  it("the importing team's owner sets an imported account's first password", () => {
    spec(userDecider).given([{ type: 'UserRegistered', data }, { type: 'UserImported', data: { userId: 3, teamId: 7 } }]).when(setPassword(7)).then([{ type: 'ImportedUserPasswordSet', data: setPassword(7).data }]);
  });
  it('refuses the password of an account imported into another team', () => {
    spec(userDecider).given([{ type: 'UserRegistered', data }, { type: 'UserImported', data: { userId: 3, teamId: 7 } }]).when(setPassword(8)).thenThrows(ForbiddenError);
  });
  it('refuses the password of an account that was not imported (signed up or added with a password)', () => {
    spec(userDecider).given([{ type: 'UserRegistered', data }]).when(setPassword(7)).thenThrows(ForbiddenError);
  });
  it('a failed import takes back an account it created; never one with a password or of another team', () => {
    const imported = [{ type: 'UserRegistered' as const, data }, { type: 'UserImported' as const, data: { userId: 3, teamId: 7 } }];
    const discard = (teamId: number) => ({ type: 'DiscardImportedUser' as const, data: { userId: 3, teamId } });
    spec(userDecider).given(imported).when(discard(7)).then([{ type: 'ImportedUserDiscarded', data: { userId: 3, teamId: 7 } }]);
    spec(userDecider).given(imported).when(discard(8)).thenThrows(ForbiddenError);
    spec(userDecider).given([...imported, { type: 'ImportedUserPasswordSet', data: setPassword(7).data }]).when(discard(7)).thenThrows(ForbiddenError);
  });
  it('refuses a second password: from the first on, its holder may have signed in', () => {
    spec(userDecider)
      .given([{ type: 'UserRegistered', data }, { type: 'UserImported', data: { userId: 3, teamId: 7 } }, { type: 'ImportedUserPasswordSet', data: setPassword(7).data }])
      .when(setPassword(7))
      .thenThrows(ConflictError, /already has a password/);
  });
});

describe('username claim', () => {
  it('the first claim wins; a second is a conflict', () => {
    const claim = { type: 'ClaimUsername' as const, data: { username: 'dana', userId: 3 } };
    spec(usernameDecider).given([]).when(claim).then([{ type: 'UsernameClaimed', data: { username: 'dana', userId: 3 } }]);
    spec(usernameDecider).given([{ type: 'UsernameClaimed', data: { username: 'Dana', userId: 2 } }]).when(claim).thenThrows(ConflictError, /Username is already taken/);
  });
});

describe('username release', () => {
  it("frees a username its claimant held, for the next claim; never another user's", () => {
    const claimed = { type: 'UsernameClaimed' as const, data: { username: 'marco', userId: 4 } };
    spec(usernameDecider).given([claimed]).when({ type: 'ReleaseUsername', data: { username: 'marco', userId: 4 } }).then([{ type: 'UsernameReleased', data: { username: 'marco', userId: 4 } }]);
    spec(usernameDecider).given([claimed]).when({ type: 'ReleaseUsername', data: { username: 'marco', userId: 5 } }).thenThrows(ConflictError);
    spec(usernameDecider).given([claimed, { type: 'UsernameReleased', data: { username: 'marco', userId: 4 } }]).when({ type: 'ClaimUsername', data: { username: 'marco', userId: 6 } }).then([{ type: 'UsernameClaimed', data: { username: 'marco', userId: 6 } }]);
  });
});

describe('team membership rules', () => {
  const created = TEAM_WITH_OWNER_ADMIN_MECHANIC;
  const add = (actorUserId: number) => ({ type: 'AddMember' as const, data: { actorUserId, memberId: 9, userId: 6, role: 'driver' as const, memberColor: '#16a34a', displayName: 'Aiko', now: 't' } });

  it('the owner and an admin may add members; a mechanic may not; a stranger learns nothing', () => {
    const added = [{ type: 'MemberAdded', data: { teamId: 1, memberId: 9, userId: '6', role: 'driver', memberColor: '#16a34a', displayName: 'Aiko', joinedAt: 't' } }];
    spec(teamDecider).given(created).when(add(3)).then(added as never);
    spec(teamDecider).given(created).when(add(4)).then(added as never);
    spec(teamDecider).given(created).when(add(5)).thenThrows(ForbiddenError);
    spec(teamDecider).given(created).when(add(99)).thenThrows(NotFoundError);
  });

  it('only the owner edits; deactivation is its own event', () => {
    spec(teamDecider)
      .given(created)
      .when({ type: 'UpdateMember', data: { actorUserId: 3, memberId: 3, role: 'driver', isActive: false } })
      .then([
        { type: 'MemberUpdated', data: { teamId: 1, memberId: 3, userId: '5', displayName: 'Marco', role: 'driver', memberColor: '#ff6600' } },
        { type: 'MemberDeactivated', data: { teamId: 1, memberId: 3, userId: '5' } },
      ]);
    spec(teamDecider).given(created).when({ type: 'UpdateMember', data: { actorUserId: 4, memberId: 3, displayName: 'M' } }).thenThrows(ForbiddenError);
  });

  it("the owner's role and activity are protected, and the owner cannot remove their own row", () => {
    spec(teamDecider).given(created).when({ type: 'UpdateMember', data: { actorUserId: 3, memberId: 1, role: 'admin' } }).thenThrows(ValidationError, /owner role cannot be changed/);
    spec(teamDecider).given(created).when({ type: 'UpdateMember', data: { actorUserId: 3, memberId: 1, isActive: false } }).thenThrows(ValidationError);
    spec(teamDecider).given(created).when({ type: 'RemoveMember', data: { actorUserId: 3, memberId: 1 } }).thenThrows(ValidationError, /cannot remove their own/);
    spec(teamDecider).given(created).when({ type: 'RemoveMember', data: { actorUserId: 3, memberId: 3 } }).then([{ type: 'MemberRemoved', data: { teamId: 1, memberId: 3, userId: '5' } }]);
  });

  it('a deactivated admin can no longer add members', () => {
    spec(teamDecider)
      .given([...created, { type: 'MemberDeactivated', data: { teamId: 1, memberId: 2, userId: '4' } }])
      .when(add(4))
      .thenThrows(NotFoundError);
  });

  it('only the owner deletes the team', () => {
    spec(teamDecider).given(created).when({ type: 'DeleteTeam', data: { actorUserId: 4 } }).thenThrows(ForbiddenError);
    spec(teamDecider).given(created).when({ type: 'DeleteTeam', data: { actorUserId: 3 } }).then([{ type: 'TeamDeleted', data: { teamId: 1 } }]);
  });
});

describe("the team's units (ChooseTeamUnits)", () => {
  const created = TEAM_WITH_OWNER_ADMIN_MECHANIC;
  const choose = (actorUserId: number, pressureUnit: 'psi' | 'bar', temperatureUnit: 'C' | 'F' = 'C') => ({ type: 'ChooseTeamUnits' as const, data: { actorUserId, pressureUnit, temperatureUnit } });

  it('the owner and an admin may choose bar and °F; a mechanic may not; a stranger learns nothing', () => {
    const chosen = [{ type: 'TeamUnitsChosen' as const, data: { teamId: 1, pressureUnit: 'bar' as const, temperatureUnit: 'F' as const } }];
    spec(teamDecider).given(created).when(choose(3, 'bar', 'F')).then(chosen);
    spec(teamDecider).given(created).when(choose(4, 'bar', 'F')).then(chosen);
    spec(teamDecider).given(created).when(choose(5, 'bar')).thenThrows(ForbiddenError, /owner or an admin/);
    spec(teamDecider).given(created).when(choose(99, 'bar')).thenThrows(NotFoundError);
  });

  it('a new team has psi and °C: choosing them again records nothing; the last choice counts', () => {
    spec(teamDecider).given(created).when(choose(3, 'psi', 'C')).then([]);
    spec(teamDecider)
      .given([...created, { type: 'TeamUnitsChosen', data: { teamId: 1, pressureUnit: 'bar', temperatureUnit: 'C' } }])
      .when(choose(3, 'psi', 'C'))
      .then([{ type: 'TeamUnitsChosen', data: { teamId: 1, pressureUnit: 'psi', temperatureUnit: 'C' } }]);
  });

  it('a new team reads km: miles is recorded on its own event, km again is nothing, and leaving the distance out keeps it', () => {
    const miles = { type: 'ChooseTeamUnits' as const, data: { actorUserId: 3, pressureUnit: 'psi' as const, temperatureUnit: 'C' as const, distanceUnit: 'mi' as const } };
    spec(teamDecider).given(created).when(miles).then([{ type: 'TeamDistanceUnitChosen', data: { teamId: 1, distanceUnit: 'mi' } }]);
    spec(teamDecider).given(created).when({ ...miles, data: { ...miles.data, distanceUnit: 'km' } }).then([]);
    spec(teamDecider).given([...created, { type: 'TeamDistanceUnitChosen', data: { teamId: 1, distanceUnit: 'mi' } }]).when(choose(3, 'bar')).then([
      { type: 'TeamUnitsChosen', data: { teamId: 1, pressureUnit: 'bar', temperatureUnit: 'C' } },
    ]);
  });

  it("a new team compares runs within 8 laps and 8 °C: other thresholds are recorded, the same again is nothing", () => {
    const tighter = { type: 'ChooseTeamUnits' as const, data: { actorUserId: 3, pressureUnit: 'psi' as const, temperatureUnit: 'C' as const, changeEffects: { tireLaps: 5, trackTempC: 6 } } };
    const chosen = { type: 'TeamChangeEffectThresholdsChosen' as const, data: { teamId: 1, tireLaps: 5, trackTempC: 6 } };
    spec(teamDecider).given(created).when(tighter).then([chosen]);
    spec(teamDecider).given(created).when({ ...tighter, data: { ...tighter.data, changeEffects: { tireLaps: 8, trackTempC: 8 } } }).then([]);
    spec(teamDecider).given([...created, chosen]).when(tighter).then([]);
    spec(teamDecider).given(created).when({ ...tighter, data: { ...tighter.data, actorUserId: 5 } }).thenThrows(ForbiddenError, /owner or an admin/);
  });
});
