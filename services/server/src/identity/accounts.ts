import { userDecider, usernameDecider, usernameStream, userStream } from '@pitwall/domain';
import type { CommandContext } from '../command/command-bus.ts';
import type { AppDeps } from '../deps.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';

/** What a new account needs; the password is hashed here, before any event holds it. */
export interface NewAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string | null;
  email: string | null;
  /** The team the account is made for: its name is a word an attacker tries first. */
  teamName: string;
}

/**
 * Creates a user account: refuses a weak password (assertStrongPassword: 400 naming `password`,
 * nothing appended), claims the username (unique across Pitwall, case-insensitive; throws
 * ConflictError 'Username is already taken') and records UserRegistered with an argon2id hash.
 * Answers the new user id. The caller waits for visibility with the position of its last command.
 */
export async function registerAccount(deps: AppDeps, account: NewAccount, context: Omit<CommandContext, 'userId'> & { userId: number | null }): Promise<number> {
  await assertStrongPassword(account.password, account.username, [account.firstName, account.lastName, account.email, account.teamName]);
  const userId = await deps.ids.next('user');
  await deps.commands.handle(usernameDecider, usernameStream(account.username), { type: 'ClaimUsername', data: { username: account.username, userId } }, context);
  const passwordHash = await hashPassword(account.password);
  await deps.commands.handle(
    userDecider,
    userStream(userId),
    { type: 'RegisterUser', data: { userId, username: account.username, passwordHash, firstName: account.firstName, lastName: account.lastName, email: account.email } },
    { ...context, userId: context.userId ?? userId },
  );
  return userId;
}
