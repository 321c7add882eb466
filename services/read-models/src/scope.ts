/**
 * SQL fragment limiting rows to the teams where user `$n` is an ACTIVE member (tenancy: another
 * team's rows are never seen). `column` is the row's team id column; `param` the placeholder of the user id as text.
 */
export const inUserTeams = (column: string, param: string) =>
  `${column} IN (SELECT team_id FROM team_members WHERE user_id = ${param} AND is_active)`;

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
