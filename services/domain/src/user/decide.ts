import { ConflictError } from '../shared/errors.ts';
import type { UserEvent, UserRegistered, UserState } from './user.ts';
import { evolveUser, initialUserState } from './user.ts';
import type { Decider } from '../shared/decider.ts';

/** Creates an account; the caller hashes the password (argon2id) and allocates `userId`. */
export interface RegisterUser {
  type: 'RegisterUser';
  data: UserRegistered['data'];
}

export type UserCommand = RegisterUser;

/** Throws ConflictError when the user stream already holds an account. */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'none') throw new ConflictError('User already exists');
      return [{ type: 'UserRegistered', data: command.data }];
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
