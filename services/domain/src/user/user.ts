/**
 * The user aggregate (stream `user-{id}`) and the username claim (stream `username-{lowercased}`,
 * appended with expected revision 'no_stream' so the event store itself keeps usernames unique).
 */

/** A user account was created. `passwordHash` is an argon2id PHC string, never a clear password. */
export interface UserRegistered {
  type: 'UserRegistered';
  data: {
    userId: number;
    username: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  };
}

/** A username was taken by a user; the first claim on `username-{lowercased}` wins. */
export interface UsernameClaimed {
  type: 'UsernameClaimed';
  data: { username: string; userId: number };
}

/**
 * The account was created by a team import for team `teamId` (a member of the imported team),
 * with a random password nobody knows: only that team's owner may set its first password.
 */
export interface UserImported {
  type: 'UserImported';
  data: { userId: number; teamId: number };
}

/**
 * The owner of team `teamId` set the first password of an account imported into it.
 * `passwordHash` is an argon2id PHC string, never a clear password.
 */
export interface ImportedUserPasswordSet {
  type: 'ImportedUserPasswordSet';
  data: { userId: number; teamId: number; passwordHash: string };
}

/**
 * A team import that failed part-way took back an account it had created for team `teamId`
 * (never given a password): the account is gone, as if the import had not begun.
 */
export interface ImportedUserDiscarded {
  type: 'ImportedUserDiscarded';
  data: { userId: number; teamId: number };
}

/** The username of a discarded account is free again (the claim stream `username-{lowercased}`). */
export interface UsernameReleased {
  type: 'UsernameReleased';
  data: { username: string; userId: number };
}

export type UserEvent = UserRegistered | UserImported | ImportedUserPasswordSet | ImportedUserDiscarded;

/**
 * `importedInto`: the team whose import created the account (null: signed up or added by an
 * owner); `passwordSet`: whether that team's owner has given it a password (until then nobody
 * knows its password, so nobody has signed in with it).
 */
export type UserState = { status: 'none' } | { status: 'registered'; userId: number; username: string; importedInto: number | null; passwordSet: boolean };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, username: event.data.username, importedInto: null, passwordSet: false };
    case 'UserImported':
      return state.status === 'registered' ? { ...state, importedInto: event.data.teamId } : state;
    case 'ImportedUserPasswordSet':
      return state.status === 'registered' ? { ...state, passwordSet: true } : state;
    case 'ImportedUserDiscarded':
      return initialUserState;
  }
}

/** Stream of a user's account. */
export const userStream = (userId: number) => `user-${userId}`;
/** Stream that reserves a username, case-insensitively. */
export const usernameStream = (username: string) => `username-${username.trim().toLowerCase()}`;
