import type { TeamMember } from '@pitwall/contracts';

/** A name's words lower-cased and sorted, so 'Aiko TANAKA', 'TANAKA Aiko' and 'aiko tanaka' compare equal. */
const nameKey = (name: string) => name.toLowerCase().split(/[\s,]+/).filter(Boolean).sort().join(' ');

/**
 * The driver of a lap as a timing export named them, matched to the team's members: the member's
 * display name when their display name or username has the same words (case and order ignored,
 * 'TANAKA Aiko' = 'Aiko Tanaka'), else the name as the export wrote it. Null for no name.
 */
export function lapDriverText(driverName: string | null | undefined, members: readonly Pick<TeamMember, 'displayName' | 'username'>[]): string | null {
  if (!driverName) return null;
  const key = nameKey(driverName);
  const member = members.find((m) => [m.displayName, m.username].some((n) => n && nameKey(n) === key));
  return member?.displayName ?? driverName;
}
