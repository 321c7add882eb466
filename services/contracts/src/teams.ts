import { z } from 'zod';
import { AssignableRole, Role } from './auth.ts';
import { optionalText, trimText } from './common.ts';
import { CrossDiagonal } from './corner-weights.ts';
import { MASS_UNITS } from './scales.ts';

/** The member colour palette of docs/product.md, 'Data model', in order, with names. Default member colour #6b7280. */
export const MEMBER_COLORS = [
  { name: 'blue', value: '#0066cc' },
  { name: 'orange', value: '#ff6600' },
  { name: 'red', value: '#dc2626' },
  { name: 'green', value: '#16a34a' },
  { name: 'purple', value: '#9333ea' },
  { name: 'teal', value: '#0d9488' },
  { name: 'pink', value: '#ec4899' },
  { name: 'amber', value: '#f59e0b' },
  { name: 'indigo', value: '#4f46e5' },
  { name: 'emerald', value: '#10b981' },
] as const;

const memberColor = z
  .string({ error: 'Please select a color' })
  .min(4, 'Please select a color')
  .max(9, 'Please select a color')
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'Please select a color');

/** POST /api/teams ('Create New Team', docs/product.md, 'Validation'). */
export const NewTeamBody = z.object({
  name: z.string().overwrite(trimText).min(2, 'Team name must be at least 2 characters').max(100, 'Team name must be at most 100 characters'),
  description: optionalText(1000),
});
export type NewTeamBody = z.input<typeof NewTeamBody>;

/** A team as answered, with the caller's own role in it. */
export const Team = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    ownerId: z.string(),
    createdAt: z.string(),
    myRole: Role,
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof Team>;

/** POST /api/teams/{teamId}/members ('Add Member', docs/product.md, 'Validation'). */
export const NewMemberBody = z.object({
  username: z.string().overwrite(trimText).min(3, 'Username must be at least 3 characters').max(50, 'Username must be at most 50 characters'),
  password: z.string().min(6, 'Password must be at least 6 characters').max(200, 'Password must be at most 200 characters'),
  firstName: z.string().overwrite(trimText).min(1, 'First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: optionalText(100),
  role: AssignableRole.default('member'),
  memberColor,
});
export type NewMemberBody = z.input<typeof NewMemberBody>;

/**
 * POST /api/teams/{teamId}/members/{memberId}/password: the first password of a member recreated
 * by a team import (the owner only; the same rules as a new account's password).
 */
export const MemberPasswordBody = z.object({
  password: z.string().min(6, 'Password must be at least 6 characters').max(200, 'Password must be at most 200 characters'),
});
export type MemberPasswordBody = z.input<typeof MemberPasswordBody>;

/** PATCH /api/teams/{teamId}/members/{memberId} ('View/Edit Team Member', docs/product.md, 'Validation'); send what changes. */
export const PatchMemberBody = z
  .object({
    displayName: z.string().overwrite(trimText).min(1, 'Display name is required').max(100, 'Display name must be at most 100 characters'),
    role: AssignableRole,
    memberColor,
    isActive: z.boolean({ error: 'isActive must be true or false' }),
  })
  .partial();
export type PatchMemberBody = z.input<typeof PatchMemberBody>;

/** A team member as answered (docs/product.md, 'Data model') plus the account's username. */
export const TeamMember = z
  .object({
    id: z.number().int(),
    teamId: z.number().int(),
    userId: z.string(),
    username: z.string().nullable(),
    role: Role,
    memberColor: z.string(),
    displayName: z.string().nullable(),
    joinedAt: z.string(),
    isActive: z.boolean(),
    /**
     * The member's account was created by importing this team, belongs to no other team and has
     * no password anyone knows yet: the owner may set its first password.
     */
    awaitsPassword: z.boolean(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

/** Tire pressure unit a team enters and reads pressures in: pounds per square inch or bar. */
export const PressureUnit = z.enum(['psi', 'bar'], { error: "must be 'psi' or 'bar'" });
export type PressureUnit = z.infer<typeof PressureUnit>;

/** Temperature unit a team enters and reads temperatures in: degrees Celsius ('C') or Fahrenheit ('F'). */
export const TemperatureUnit = z.enum(['C', 'F'], { error: "must be 'C' or 'F'" });
export type TemperatureUnit = z.infer<typeof TemperatureUnit>;

/** The units a team chose once for every member; defaults psi and °C until the owner or an admin changes them. */
export const TeamUnits = z.object({ pressureUnit: PressureUnit, temperatureUnit: TemperatureUnit });
export type TeamUnits = z.infer<typeof TeamUnits>;

/** The units every team starts with. */
export const DEFAULT_TEAM_UNITS: TeamUnits = { pressureUnit: 'psi', temperatureUnit: 'C' };

/** Distance unit a team reads distances in (parts life): kilometres or miles. The API always speaks km. */
export const DistanceUnit = z.enum(['km', 'mi'], { error: "must be 'km' or 'mi'" });
export type DistanceUnit = z.infer<typeof DistanceUnit>;

/** Mass unit a team reads corner weights in: kilograms or pounds. The API always speaks kg. */
export const MassUnit = z.enum(MASS_UNITS, { error: "must be 'kg' or 'lb'" });
export type MassUnit = z.infer<typeof MassUnit>;

/** When two runs are too different to compare (What changed, what it did): tire age apart, laps (0–100); track temperature apart, °C (0–50). */
export const ChangeEffectThresholdsBody = z.object({
  tireLaps: z.number({ error: 'changeEffects.tireLaps must be a whole number of laps from 0 to 100' }).int('changeEffects.tireLaps must be a whole number of laps from 0 to 100').min(0, 'changeEffects.tireLaps must be a whole number of laps from 0 to 100').max(100, 'changeEffects.tireLaps must be a whole number of laps from 0 to 100'),
  trackTempC: z.number({ error: 'changeEffects.trackTempC must be from 0 to 50 °C' }).min(0, 'changeEffects.trackTempC must be from 0 to 50 °C').max(50, 'changeEffects.trackTempC must be from 0 to 50 °C'),
});

/** PUT /api/teams/{teamId}/settings: both units (owner or admin), and the distance unit, mass unit, cross weight diagonal and change effects' thresholds (each left out: kept). */
export const PutTeamSettingsBody = TeamUnits.extend({ distanceUnit: DistanceUnit.optional(), massUnit: MassUnit.optional(), crossDiagonal: CrossDiagonal.optional(), changeEffects: ChangeEffectThresholdsBody.optional() });
export type PutTeamSettingsBody = z.input<typeof PutTeamSettingsBody>;

/** GET|PUT /api/teams/{teamId}/settings answer: the team's server-side settings. */
export const TeamSettings = z
  .object({ teamId: z.number().int(), pressureUnit: PressureUnit, temperatureUnit: TemperatureUnit, distanceUnit: DistanceUnit, massUnit: MassUnit, crossDiagonal: CrossDiagonal, changeEffects: ChangeEffectThresholdsBody })
  .meta({ id: 'TeamSettings' });
export type TeamSettings = z.infer<typeof TeamSettings>;
