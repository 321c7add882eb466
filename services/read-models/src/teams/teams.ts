import type { Role, UserTeam } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { stmt, type Projection } from '../projection.ts';

/** teams and team_members (spec §3). `owner_id` and `user_id` are text, as the spec has them. */
export const teamsProjection: Projection = {
  name: 'teams',
  tables: ['team_members', 'teams'],
  ddl: `
    CREATE TABLE IF NOT EXISTS teams (
      id integer PRIMARY KEY,
      name text NOT NULL,
      description text,
      owner_id text NOT NULL,
      created_at timestamptz NOT NULL
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
    CREATE INDEX IF NOT EXISTS team_members_user_idx ON team_members (user_id, team_id);`,
  canHandle: ['TeamCreated', 'MemberAdded'],
  project(event) {
    switch (event.type) {
      case 'TeamCreated': {
        const d = event.data;
        return [stmt(`INSERT INTO teams (id, name, description, owner_id, created_at) VALUES ($1, $2, $3, $4, $5)`, d.teamId, d.name, d.description, d.ownerId, d.createdAt)];
      }
      case 'MemberAdded': {
        const d = event.data;
        return [
          stmt(
            `INSERT INTO team_members (id, team_id, user_id, role, member_color, display_name, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            d.memberId, d.teamId, d.userId, d.role, d.memberColor, d.displayName, d.joinedAt,
          ),
        ];
      }
      default:
        return [];
    }
  },
};

const ROLE_RANK: Record<Role, number> = { owner: 0, admin: 1, mechanic: 2, driver: 3, member: 4 };

/** The teams where a user is an ACTIVE member, by team id. */
export async function listUserTeams(sql: Sql, userId: number): Promise<UserTeam[]> {
  const { rows } = await sql.query<UserTeam>(
    `SELECT t.id AS "teamId", t.name AS "teamName", m.role, m.member_color AS "memberColor", m.display_name AS "displayName"
       FROM team_members m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1 AND m.is_active
      ORDER BY t.id`,
    [String(userId)],
  );
  return rows;
}

/** The highest role among a user's teams (owner > admin > mechanic > driver > member); 'member' with none. */
export function highestRole(teams: readonly UserTeam[]): Role {
  return teams.reduce<Role>((best, t) => (ROLE_RANK[t.role] < ROLE_RANK[best] ? t.role : best), 'member');
}
