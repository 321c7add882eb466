/**
 * SQL condition on the team_members row `alias`: an ACTIVE member of a team that is somebody's,
 * i.e. not one a team import is still writing or has abandoned (team_imports): an import becomes
 * visible in one step, when it completes, and a half-written team is nobody's. Every check of a
 * user's membership goes through it.
 */
export const activeMembership = (alias: string) =>
  `${alias}.is_active AND NOT EXISTS (SELECT 1 FROM team_imports ti WHERE ti.team_id = ${alias}.team_id AND ti.status <> 'completed')`;

/**
 * SQL fragment limiting rows to the teams where user `$n` is an ACTIVE member (tenancy: another
 * team's rows are never seen; see activeMembership). `column` is the row's team id column; `param`
 * the placeholder of the user id as text.
 */
export const inUserTeams = (column: string, param: string) =>
  `${column} IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = ${param} AND ${activeMembership('tm')})`;

/**
 * SQL fragment: series `seriesColumn` is organised by user `param`. Organising is its
 * own kind of access, separate from team membership: it reaches the series' views, never a team's
 * cars (those stay behind inUserTeams).
 */
export const seriesOrganisedBy = (seriesColumn: string, param: string) =>
  `${seriesColumn} IN (SELECT id FROM series WHERE organiser_id = ${param})`;

/** SQL fragment: user `param` organises series `seriesColumn` or is an active member of a team entered in it. */
export const seriesOfUser = (seriesColumn: string, param: string) =>
  `(${seriesOrganisedBy(seriesColumn, param)} OR ${seriesColumn} IN (SELECT series_id FROM series_teams WHERE ${inUserTeams('team_id', param)}))`;
