import type { Role, Team, TeamMember, TeamSettings, UserTeam } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';
import { activeMembership } from '../scope.ts';

/**
 * teams and team_members (docs/product.md, 'Data model'). `owner_id` and `user_id` are text, as the spec has them.
 * team_imports: the teams a team import wrote, `status` 'pending' while it runs (the team is
 * nobody's yet: see activeMembership), 'completed', or 'abandoned' (broken off and taken back);
 * `image_keys` the blobs it stored (a JSON list).
 * `pressure_unit` ('psi'|'bar') and `temperature_unit` ('C'|'F') are the team's units,
 * psi and C until TeamUnitsChosen (older databases get them through the projection's version: a
 * DDL change rebuilds this projection at start, see migrateReadModels).
 */
export const teamsProjection = defineProjection({
  name: 'teams',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS teams (
      id integer PRIMARY KEY,
      name text NOT NULL,
      description text,
      owner_id text NOT NULL,
      created_at timestamptz NOT NULL,
      pressure_unit text NOT NULL DEFAULT 'psi',
      temperature_unit text NOT NULL DEFAULT 'C',
      distance_unit text NOT NULL DEFAULT 'km',
      mass_unit text NOT NULL DEFAULT 'kg',
      cross_diagonal text NOT NULL DEFAULT 'lf-rr',
      change_effect_tire_laps integer NOT NULL DEFAULT 8,
      change_effect_track_temp_c double precision NOT NULL DEFAULT 8
    );
    CREATE TABLE IF NOT EXISTS team_members (
      id integer PRIMARY KEY,
      team_id integer NOT NULL,
      user_id text NOT NULL,
      role text NOT NULL DEFAULT 'member',
      member_color text NOT NULL DEFAULT '#6b7280',
      display_name text,
      joined_at timestamptz NOT NULL,
      is_active boolean NOT NULL DEFAULT true
    );
    CREATE INDEX IF NOT EXISTS team_members_user_idx ON team_members (user_id, team_id);
    CREATE TABLE IF NOT EXISTS team_imports (
      team_id integer PRIMARY KEY,
      owner_id text NOT NULL,
      status text NOT NULL,
      image_keys jsonb NOT NULL DEFAULT '[]'
    );`,
  tables: { team_members: 'id', teams: 'id', team_imports: 'team_id' },
  on: {
    TeamCreated({ data: d }, { teams }) {
      teams.write({ id: d.teamId, name: d.name, description: d.description, owner_id: d.ownerId, created_at: d.createdAt });
    },
    MemberAdded({ data: d }, { team_members }) {
      team_members.write({ id: d.memberId, team_id: d.teamId, user_id: d.userId, role: d.role, member_color: d.memberColor, display_name: d.displayName, joined_at: d.joinedAt });
    },
    MemberUpdated: ({ data: d }, { team_members }) => team_members.patch(d.memberId, { display_name: d.displayName, role: d.role, member_color: d.memberColor }),
    MemberDeactivated: ({ data: d }, { team_members }) => team_members.patch(d.memberId, { is_active: false }),
    MemberReactivated: ({ data: d }, { team_members }) => team_members.patch(d.memberId, { is_active: true }),
    MemberRemoved: ({ data: d }, { team_members }) => team_members.remove(d.memberId),
    TeamDeleted({ data: d }, { team_members, teams }) {
      team_members.removeWhere({ team_id: d.teamId });
      teams.remove(d.teamId);
    },
    TeamImportStarted: ({ data: d }, { team_imports }) => team_imports.write({ team_id: d.teamId, owner_id: d.ownerId, status: 'pending' }),
    TeamImportImagesStored: ({ data: d }, { team_imports }) => team_imports.patch(d.teamId, { image_keys: d.keys }),
    TeamImportCompleted: ({ data: d }, { team_imports }) => team_imports.patch(d.teamId, { status: 'completed' }),
    TeamImportAbandoned: ({ data: d }, { team_imports }) => team_imports.patch(d.teamId, { status: 'abandoned' }),
    TeamUnitsChosen: ({ data: d }, { teams }) => teams.patch(d.teamId, { pressure_unit: d.pressureUnit, temperature_unit: d.temperatureUnit }),
    TeamDistanceUnitChosen: ({ data: d }, { teams }) => teams.patch(d.teamId, { distance_unit: d.distanceUnit }),
    TeamMassUnitChosen: ({ data: d }, { teams }) => teams.patch(d.teamId, { mass_unit: d.massUnit }),
    TeamCrossDiagonalChosen: ({ data: d }, { teams }) => teams.patch(d.teamId, { cross_diagonal: d.crossDiagonal }),
    TeamChangeEffectThresholdsChosen: ({ data: d }, { teams }) => teams.patch(d.teamId, { change_effect_tire_laps: d.tireLaps, change_effect_track_temp_c: d.trackTempC }),
  },
});

const ROLE_RANK: Record<Role, number> = { owner: 0, admin: 1, engineer: 2, mechanic: 3, driver: 4, member: 5 };

/** The teams where a user is an ACTIVE member, by team id. */
export async function listUserTeams(sql: Sql, userId: number): Promise<UserTeam[]> {
  const { rows } = await sql.query<UserTeam>(
    `SELECT t.id AS "teamId", t.name AS "teamName", m.role, m.member_color AS "memberColor", m.display_name AS "displayName"
       FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 AND ${activeMembership('m')}
      ORDER BY t.id`,
    [String(userId)],
  );
  return rows;
}

/** The highest role among a user's teams (owner > admin > engineer > mechanic > driver > member); 'member' with none. */
export function highestRole(teams: readonly UserTeam[]): Role {
  return teams.reduce<Role>((best, t) => (ROLE_RANK[t.role] < ROLE_RANK[best] ? t.role : best), 'member');
}

type TeamRow = Omit<Team, 'createdAt'> & { createdAt: Date | string };

/** Teams where `userId` is an active member, with their role in each, oldest first. */
export async function listTeams(sql: Sql, userId: number): Promise<Team[]> {
  const { rows } = await sql.query<TeamRow>(
    `SELECT t.id, t.name, t.description, t.owner_id AS "ownerId", t.created_at AS "createdAt", m.role AS "myRole"
       FROM teams t JOIN team_members m ON m.team_id = t.id AND m.user_id = $1 AND ${activeMembership('m')}
      ORDER BY t.id`,
    [String(userId)],
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/** One team of `userId` (active member); null otherwise. */
export async function findTeam(sql: Sql, userId: number, teamId: number): Promise<Team | null> {
  return (await listTeams(sql, userId)).find((t) => t.id === teamId) ?? null;
}

type MemberRow = Omit<TeamMember, 'joinedAt'> & { joinedAt: Date | string };

/** Members of a team (active and inactive), in the order they joined. Caller checks the caller's membership. */
export async function listMembers(sql: Sql, teamId: number): Promise<TeamMember[]> {
  const { rows } = await sql.query<MemberRow>(
    `SELECT m.id, m.team_id AS "teamId", m.user_id AS "userId", u.username, m.role, m.member_color AS "memberColor",
            m.display_name AS "displayName", m.joined_at AS "joinedAt", m.is_active AS "isActive",
            (u.awaits_password_from IS NOT DISTINCT FROM m.team_id AND NOT EXISTS (SELECT 1 FROM team_members o WHERE o.user_id = m.user_id AND o.team_id <> m.team_id)) AS "awaitsPassword"
       FROM team_members m LEFT JOIN users u ON u.id::text = m.user_id
      WHERE m.team_id = $1 ORDER BY m.id`,
    [teamId],
  );
  return rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() }));
}

/** The team's settings (its units); null when the team does not exist. Caller checks the caller's membership. */
export async function findTeamSettings(sql: Sql, teamId: number): Promise<TeamSettings | null> {
  const { rows } = await sql.query<Omit<TeamSettings, 'changeEffects'> & { tireLaps: number; trackTempC: number }>(
    `SELECT id AS "teamId", pressure_unit AS "pressureUnit", temperature_unit AS "temperatureUnit", distance_unit AS "distanceUnit",
            mass_unit AS "massUnit", cross_diagonal AS "crossDiagonal", change_effect_tire_laps AS "tireLaps", change_effect_track_temp_c AS "trackTempC"
       FROM teams WHERE id = $1`,
    [teamId],
  );
  if (!rows[0]) return null;
  const { tireLaps, trackTempC, ...settings } = rows[0];
  return { ...settings, changeEffects: { tireLaps, trackTempC: Number(trackTempC) } };
}
