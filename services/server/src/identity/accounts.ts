import { userDecider, usernameDecider, usernameStream, userStream } from '@pitwall/domain';
import type { Position } from '@pitwall/eventstore';
import type { CommandContext } from '../command/command-handler.ts';
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
  /** The team a team import creates the account for (its owner may then set its first password). */
  importedInto?: number;
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
    { type: 'RegisterUser', data: { userId, username: account.username, passwordHash, firstName: account.firstName, lastName: account.lastName, email: account.email }, ...(account.importedInto === undefined ? {} : { importedInto: account.importedInto }) },
    { ...context, userId: context.userId ?? userId },
  );
  return userId;
}

/** The member whose first password an owner sets, as the read models show them. */
export interface ImportedMember {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/**
 * Gives an account that a team import created for team `team` its first password, as that team's
 * owner (the caller checks ownership, and that the account is in no other team: its password is
 * not this owner's to give): refuses a weak one as at setup (assertStrongPassword: 400 naming
 * `password`, with the username, names, e-mail and team name as known words); the user decider
 * refuses an account not imported into this team (ForbiddenError) and a second
 * password (ConflictError: its holder may have signed in since). Records ImportedUserPasswordSet
 * with an argon2id hash; answers the position to wait for.
 */
export async function setImportedMemberPassword(deps: AppDeps, member: ImportedMember, team: { id: number; name: string }, password: string, context: CommandContext): Promise<Position | null> {
  await assertStrongPassword(password, member.username, [member.firstName, member.lastName, member.email, team.name]);
  const passwordHash = await hashPassword(password);
  const { position } = await deps.commands.handle(userDecider, userStream(member.userId), { type: 'SetImportedUserPassword', data: { userId: member.userId, teamId: team.id, passwordHash } }, context);
  return position;
}
