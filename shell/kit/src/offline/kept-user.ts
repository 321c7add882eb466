import type { User } from '@pitwall/contracts';

/** localStorage key of the user the server last said is signed in on this device (JSON of the `User` answer). */
const KEPT_USER_KEY = 'pitwall.signed-in-user';

/**
 * Keeps `user` on this device as the one signed in, or forgets it (null): called with what the
 * server answered (the session check, a sign-in, a 401) and on a sign-out. Best effort: where
 * storage is unavailable nothing is kept.
 */
export function keepSignedInUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(KEPT_USER_KEY);
  } catch {
    // Storage full or refused (a private mode): an offline start then shows the login screen.
  }
}

/**
 * The user kept by {@link keepSignedInUser}, or null when none is (never signed in here, signed out,
 * or a value that is not a user: storage is not trusted to hold one).
 */
export function keptSignedInUser(): User | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEPT_USER_KEY) ?? 'null');
    if (
      kept && typeof kept === 'object' && 'id' in kept && typeof kept.id === 'number' && 'username' in kept && typeof kept.username === 'string' && 'teams' in kept && Array.isArray(kept.teams)) return kept as User;
  } catch {
    // Unreadable: treated as nothing kept.
  }
  return null;
}
