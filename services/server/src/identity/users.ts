import type { User } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { findUserProfile, highestRole, listUserTeams } from '@pitwall/read-models';

/**
 * The signed-in user as answered by /api/auth/*: profile, active teams and highest role.
 * Null when the user does not exist or is an active member of no team (deactivated or removed).
 */
export async function loadSignedInUser(sql: Sql, userId: number): Promise<User | null> {
  const [profile, teams] = await Promise.all([findUserProfile(sql, userId), listUserTeams(sql, userId)]);
  if (!profile || teams.length === 0) return null;
  return { ...profile, role: highestRole(teams), teams };
}
