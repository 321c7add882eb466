import { classifyRound, DEFAULT_POINTS_TABLE, standingsOf, type PointsTable, type RoundResults, type RoundResultValue, type Standings } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';

/**
 * A series' results as every participant sees them (the organiser and each entered team): the
 * published classification of a round and the standings. They name cars by number, class and team
 * (null once the entry was withdrawn); nothing of a team's own data.
 */

const iso = (v: Date | string) => new Date(v).toISOString();

type ResultRow = RoundResultValue & { roundId: number; teamName: string | null };

/** The points table of series `seriesId` (the default 25-18-15-12-10-8-6-4-2-1 when it set none). */
export async function findPointsTable(sql: Sql, seriesId: number): Promise<PointsTable> {
  const { rows } = await sql.query<{ points: number[]; polePoints: number }>(`SELECT points, pole_points AS "polePoints" FROM series_points_tables WHERE id = $1`, [seriesId]);
  return rows[0] ? { points: rows[0].points, polePoints: Number(rows[0].polePoints) } : DEFAULT_POINTS_TABLE;
}

/** The stored results of a series (`roundId`: of one round), each with its entry's team name while it is entered, rounds in calendar order. */
async function resultRows(sql: Sql, seriesId: number, roundId: number | null): Promise<ResultRow[]> {
  const { rows } = await sql.query<ResultRow>(
    `SELECT r.round_id AS "roundId", r.number, r.class, r.position, r.laps, r.best_lap_ms AS "bestLapMs", r.status, r.pole, t.name AS "teamName"
       FROM series_round_results r JOIN series_rounds sr ON sr.id = r.round_id
            LEFT JOIN series_entries e ON e.id = r.entry_id LEFT JOIN teams t ON t.id = e.team_id
      WHERE r.series_id = $1 AND ($2::integer IS NULL OR r.round_id = $2)
      ORDER BY sr.date, sr.id, r.position`,
    [seriesId, roundId],
  );
  return rows;
}

/** A round's classification read per class with the series' points table, and who recorded it last (display name, else username) and when. */
export async function findRoundResults(sql: Sql, seriesId: number, roundId: number): Promise<RoundResults> {
  const [rows, table, recorded] = await Promise.all([
    resultRows(sql, seriesId, roundId),
    findPointsTable(sql, seriesId),
    sql.query<{ recordedBy: string; recordedAt: Date | string }>(
      `SELECT coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username, 'unknown') AS "recordedBy", c.recorded_at AS "recordedAt"
         FROM series_classifications c LEFT JOIN users u ON u.id::text = c.recorded_by WHERE c.id = $1 AND c.series_id = $2`,
      [roundId, seriesId],
    ),
  ]);
  const last = recorded.rows[0];
  return {
    roundId,
    results: classifyRound(rows, table).map((r) => ({
      number: r.number, class: r.class, teamName: r.teamName, position: r.position, classPosition: r.classPosition, laps: r.laps,
      gapLaps: r.gapLaps, bestLapMs: r.bestLapMs, status: r.status, pole: r.pole, points: r.points,
    })),
    recordedBy: last?.recordedBy ?? null,
    recordedAt: last ? iso(last.recordedAt) : null,
  };
}

/** The standings of series `seriesId` per class (the series' class order, then any class only a past result names). */
export async function findStandings(sql: Sql, seriesId: number, classes: readonly string[]): Promise<Standings> {
  const [rows, table] = await Promise.all([resultRows(sql, seriesId, null), findPointsTable(sql, seriesId)]);
  const rounds = new Map<number, ResultRow[]>();
  for (const r of rows) rounds.set(r.roundId, [...(rounds.get(r.roundId) ?? []), r]);
  const teams = new Map(rows.map((r) => [`${r.class}\u0000${r.number}`, r.teamName]));
  const byClass = standingsOf([...rounds].map(([roundId, results]) => ({ roundId, results })), table);
  const order = [...classes, ...[...byClass.keys()].filter((c) => !classes.includes(c))];
  return {
    pointsTable: table,
    classes: order.map((klass) => ({
      class: klass,
      lines: (byClass.get(klass) ?? []).map(({ position, number, points, wins, seconds, rounds: scores }) => ({
        position, number, teamName: teams.get(`${klass}\u0000${number}`) ?? null, points, wins, seconds, rounds: scores,
      })),
    })),
  };
}
