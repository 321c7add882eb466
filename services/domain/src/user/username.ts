import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { UsernameClaimed, UsernameReleased } from './user.ts';

/** Reserves a username for a user (stream `username-{lowercased}`). */
export interface ClaimUsername {
  type: 'ClaimUsername';
  data: { username: string; userId: number };
}

/** Frees the username of an account a failed team import took back (only its claimant's). */
export interface ReleaseUsername {
  type: 'ReleaseUsername';
  data: { username: string; userId: number };
}

export type UsernameState = { claimedBy: number | null };

/**
 * Usernames are unique across Pitwall, case-insensitively: the first claim wins. Throws
 * ConflictError 'Username is already taken' for a claimed name. ReleaseUsername frees it again
 * (ConflictError when another user, or nobody, holds it).
 */
export const usernameDecider: Decider<ClaimUsername | ReleaseUsername, UsernameClaimed | UsernameReleased, UsernameState> = {
  decide(command, state) {
    if (command.type === 'ReleaseUsername') {
      if (state.claimedBy !== command.data.userId) throw new ConflictError('The username is not held by this user');
      return [{ type: 'UsernameReleased', data: command.data }];
    }
    if (state.claimedBy !== null) throw new ConflictError('Username is already taken');
    return [{ type: 'UsernameClaimed', data: command.data }];
  },
  evolve: (_state, event) => ({ claimedBy: event.type === 'UsernameClaimed' ? event.data.userId : null }),
  initialState: { claimedBy: null },
};
