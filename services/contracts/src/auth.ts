import { z } from 'zod';
import { trimText } from './common.ts';

/**
 * Roles a team member can hold. 'owner' is given only by team setup or team creation; 'engineer'
 * (race engineer) may do what a mechanic may plus the race plan and the tire pressure assistant's
 * targets (PLANNING_ROLES), never members or team settings (docs/product.md, 'Roles and permissions').
 */
export const Role = z.enum(['owner', 'admin', 'engineer', 'mechanic', 'driver', 'member']);
export type Role = z.infer<typeof Role>;

/** Roles an owner or admin may assign in the member forms (docs/product.md, 'Constants and limits'). */
export const AssignableRole = z.enum(['admin', 'engineer', 'mechanic', 'driver', 'member']);
export type AssignableRole = z.infer<typeof AssignableRole>;

/** The roles that may save a race plan and the tire pressure assistant's targets; the others read them (403 on a change). */
export const PLANNING_ROLES: readonly Role[] = ['owner', 'admin', 'engineer'];

/** POST /api/auth/setup-team: creates the team and its owner account (docs/product.md, 'Data model', 'Validation'). */
export const SetupTeamBody = z.object({
  teamName: z.string().overwrite(trimText).min(1, 'Team name is required').max(100, 'Team name must be at most 100 characters'),
  ownerName: z.string().overwrite(trimText).min(1, 'Your name is required').max(100, 'Your name must be at most 100 characters'),
  email: z.email('Valid email is required').max(254, 'Valid email is required'),
  username: z
    .string()
    .overwrite(trimText)
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be at most 50 characters'),
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters')
    .max(200, 'Password must be at most 200 characters'),
});
export type SetupTeamBody = z.infer<typeof SetupTeamBody>;

/** How a login is made: 'admin' is the owner/admin login, 'member' the team member login (docs/product.md, 'Roles and permissions'). */
export const LoginType = z.enum(['member', 'admin']);
export type LoginType = z.infer<typeof LoginType>;

/** POST /api/auth/login (docs/product.md, 'Validation'). */
export const LoginBody = z.object({
  username: z.string().overwrite(trimText).min(1, 'Username is required').max(50, 'Username must be at most 50 characters'),
  password: z.string().min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
  loginType: LoginType,
});
export type LoginBody = z.infer<typeof LoginBody>;

/** One team the signed-in user belongs to as an active member. */
export const UserTeam = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  role: Role,
  memberColor: z.string(),
  displayName: z.string().nullable(),
});
export type UserTeam = z.infer<typeof UserTeam>;

/**
 * The signed-in user (GET /api/auth/user, and the answer of setup and login). `role` is the
 * user's highest role over their teams ('owner' after team setup). Never carries a password or hash.
 */
export const User = z
  .object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    role: Role,
    teams: z.array(UserTeam),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;
