import type { Decider } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { UsernameClaimed } from './user.ts';

/** Reserves a username for a user (stream `username-{lowercased}`). */
export interface ClaimUsername {
  type: 'ClaimUsername';
  data: { username: string; userId: number };
}

export type UsernameState = { claimedBy: number | null };

/**
 * Usernames are unique across Pitwall, case-insensitively: the first claim wins. Throws
 * ConflictError 'Username is already taken' for a claimed name.
 */
export const usernameDecider: Decider<ClaimUsername, UsernameClaimed, UsernameState> = {
  decide(command, state) {
    if (state.claimedBy !== null) throw new ConflictError('Username is already taken');
    return [{ type: 'UsernameClaimed', data: command.data }];
  },
  evolve: (_state, event) => ({ claimedBy: event.data.userId }),
  initialState: { claimedBy: null },
};
