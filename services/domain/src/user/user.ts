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

export type UserEvent = UserRegistered;

export type UserState = { status: 'none' } | { status: 'registered'; userId: number; username: string };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, username: event.data.username };
  }
}

/** Stream of a user's account. */
export const userStream = (userId: number) => `user-${userId}`;
/** Stream that reserves a username, case-insensitively. */
export const usernameStream = (username: string) => `username-${username.trim().toLowerCase()}`;
