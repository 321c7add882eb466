import type { AssignableRole, Role } from '@pitwall/contracts';

/** Display names of the roles (docs/product.md, 'Roles and permissions'). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  engineer: 'Race engineer',
  mechanic: 'Mechanic',
  driver: 'Driver',
  member: 'Member',
};

/** The roles the member forms offer, in the product's order (docs/product.md, 'Roles and permissions'): the owner role is never assignable. */
export const ASSIGNABLE_ROLE_OPTIONS: readonly { value: AssignableRole; label: string }[] = (
  ['admin', 'engineer', 'mechanic', 'driver', 'member'] as const
).map((value) => ({ value, label: ROLE_LABELS[value] }));

/** A member's name as shown: the display name, else 'User {userId}' (docs/product.md, 'Teams'). */
export function memberName(member: { displayName: string | null; userId: string }): string {
  return member.displayName?.trim() || `User ${member.userId}`;
}
