import type { TeamMember } from '@pitwall/contracts';
import { driverSelectOptions, driversFirst } from './drivers';

const member = (id: number, role: TeamMember['role'], displayName: string | null, isActive = true): TeamMember => ({
  id, teamId: 1, userId: `u${id}`, username: `m${id}`, role, memberColor: '#000000', displayName, joinedAt: '', isActive, awaitsPassword: false,
});

describe('driversFirst', () => {
  it('lists the drivers in name order, then the other active members in name order, leaving out inactive ones', () => {
    const team = [member(1, 'owner', 'Dana Whitfield'), member(2, 'mechanic', 'Ben Okafor'), member(3, 'driver', 'Marco Rossi'), member(4, 'driver', 'Zoe Inactive', false), member(5, 'driver', 'Aiko Tanaka'), member(6, 'engineer', null)];
    expect(driversFirst(team).map((m) => m.id)).toEqual([5, 3, 2, 1, 6]);
    expect(driverSelectOptions(team).map((o) => o.label)).toEqual(['Aiko Tanaka', 'Marco Rossi', 'Ben Okafor', 'Dana Whitfield', 'm6']);
  });
});
