import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors.ts';
import type { ImportedUserDiscarded, ImportedUserPasswordSet, UserEvent, UserRegistered, UserState } from './user.ts';
import { evolveUser, initialUserState } from './user.ts';
import type { Decider } from '../shared/decider.ts';

/**
 * Creates an account; the caller hashes the password (argon2id) and allocates `userId`.
 * `importedInto`: the team a team import creates the account for (records UserImported too).
 */
export interface RegisterUser {
  type: 'RegisterUser';
  data: UserRegistered['data'];
  importedInto?: number;
}

/** The owner of `teamId` gives an account imported into that team its first password (hashed by the caller). */
export interface SetImportedUserPassword {
  type: 'SetImportedUserPassword';
  data: ImportedUserPasswordSet['data'];
}

/** A failed team import for `teamId` takes back an account it created. */
export interface DiscardImportedUser {
  type: 'DiscardImportedUser';
  data: ImportedUserDiscarded['data'];
}

export type UserCommand = RegisterUser | SetImportedUserPassword | DiscardImportedUser;

/**
 * RegisterUser: throws ConflictError when the user stream already holds an account.
 * SetImportedUserPassword: NotFoundError for no account; ForbiddenError when the account was not
 * created by an import into `teamId` (an owner never sets the password of an account that exists
 * elsewhere: that would take it over); ConflictError once a password was set (from then on its
 * holder may have signed in, and only they know it).
 * DiscardImportedUser: NotFoundError for no account; ForbiddenError unless the account was
 * imported into `teamId` and never given a password.
 */
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new ConflictError('User already exists');
      const registered: UserEvent = { type: 'UserRegistered', data: command.data };
      return command.importedInto === undefined ? [registered] : [registered, { type: 'UserImported', data: { userId: command.data.userId, teamId: command.importedInto } }];
    }
    case 'SetImportedUserPassword':
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      if (state.importedInto !== command.data.teamId) throw new ForbiddenError('Only the password of a member imported into this team can be set by its owner');
      if (state.passwordSet) throw new ConflictError('This member already has a password');
      return [{ type: 'ImportedUserPasswordSet', data: command.data }];
    case 'DiscardImportedUser':
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      if (state.importedInto !== command.data.teamId || state.passwordSet) throw new ForbiddenError('Only an account an import created, never given a password, can be taken back by that import');
      return [{ type: 'ImportedUserDiscarded', data: command.data }];
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
