/**
 * SQL fragment limiting rows to the teams where user `$n` is an ACTIVE member (ARCHITECTURE.md
 * "Tenancy"). `column` is the row's team id column; `param` the placeholder of the user id as text.
 */
export const inUserTeams = (column: string, param: string) =>
  `${column} IN (SELECT team_id FROM team_members WHERE user_id = ${param} AND is_active)`;

/** SQL fragment: car `carColumn` belongs to a team of user `param` (see inUserTeams). */
export const carInUserTeams = (carColumn: string, param: string) =>
  `${carColumn} IN (SELECT id FROM cars WHERE ${inUserTeams('team_id', param)})`;
