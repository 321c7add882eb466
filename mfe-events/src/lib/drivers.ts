import type { TeamMember } from '@pitwall/contracts';

/** How the race event's screens name a member: their display name, else their username, else 'Member 7'. */
export const memberName = (m: Pick<TeamMember, 'id' | 'displayName' | 'username'>): string => m.displayName ?? m.username ?? `Member ${m.id}`;

/**
 * The team's members for a driver picker: the active members with the driver role first, then the
 * other active members (a team's engineer or owner may drive a test), each group in name order.
 * Inactive members are left out.
 */
export function driversFirst(members: readonly TeamMember[]): TeamMember[] {
  const byName = (a: TeamMember, b: TeamMember) => memberName(a).localeCompare(memberName(b));
  const active = members.filter((m) => m.isActive);
  return [...active.filter((m) => m.role === 'driver').sort(byName), ...active.filter((m) => m.role !== 'driver').sort(byName)];
}

/** driversFirst as the options of a select: the member's id as the value, their name as the label. */
export const driverSelectOptions = (members: readonly TeamMember[]) => driversFirst(members).map((m) => ({ value: String(m.id), label: memberName(m) }));
