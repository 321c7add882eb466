import type { RoundTimetable, TimetableChange, TimetableSession } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/**
 * The rounds' timetables: `round_timetable_sessions` the sessions as last published (id = the
 * timetable session id), `round_timetable_revisions` every publication with what it changed (id =
 * '{roundId}:{position in the series stream}', so a rebuild writes the same rows). Series facts only:
 * no team's data.
 */
export const roundTimetablesProjection = defineProjection({
  name: 'round_timetables',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS round_timetable_sessions (
      id integer PRIMARY KEY, series_id integer NOT NULL, round_id integer NOT NULL,
      name text NOT NULL, type text NOT NULL, starts_at text NOT NULL, duration_minutes integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS round_timetable_sessions_round_idx ON round_timetable_sessions (round_id);
    CREATE TABLE IF NOT EXISTS round_timetable_revisions (
      id text PRIMARY KEY, series_id integer NOT NULL, round_id integer NOT NULL, published_at timestamptz NOT NULL, changes jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS round_timetable_revisions_round_idx ON round_timetable_revisions (round_id, published_at);`,
  tables: { round_timetable_sessions: 'id', round_timetable_revisions: 'id' },
  on: {
    TimetableSet({ data: d, metadata, streamPosition }, { round_timetable_sessions, round_timetable_revisions }) {
      round_timetable_sessions.removeWhere({ round_id: d.roundId });
      for (const s of d.sessions) {
        round_timetable_sessions.write({ id: s.id, series_id: d.seriesId, round_id: d.roundId, name: s.name, type: s.type, starts_at: s.startsAt, duration_minutes: s.durationMinutes });
      }
      round_timetable_revisions.write({ id: `${d.roundId}:${streamPosition}`, series_id: d.seriesId, round_id: d.roundId, published_at: metadata.at, changes: d.changes });
    },
  },
});

/**
 * The timetable of round `roundId` of series `seriesId` (sessions by start, publications newest
 * first); null when the round does not exist. No access check: the caller checks the series.
 */
export async function findRoundTimetable(sql: Sql, seriesId: number, roundId: number): Promise<RoundTimetable | null> {
  const [round, sessions, revisions] = await Promise.all([
    findSeriesRound(sql, seriesId, roundId),
    sql.query<TimetableSession>(
      `SELECT id, name, type, starts_at AS "startsAt", duration_minutes AS "durationMinutes" FROM round_timetable_sessions WHERE series_id = $1 AND round_id = $2`,
      [seriesId, roundId],
    ),
    sql.query<{ publishedAt: Date | string; changes: TimetableChange[] }>(
      `SELECT published_at AS "publishedAt", changes FROM round_timetable_revisions WHERE series_id = $1 AND round_id = $2 ORDER BY published_at DESC, id DESC`,
      [seriesId, roundId],
    ),
  ]);
  if (!round) return null;
  return {
    seriesId, roundId, startsOn: round.startsOn, endsOn: round.endsOn,
    sessions: sessions.rows.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id),
    revisions: revisions.rows.map((r) => ({ publishedAt: new Date(r.publishedAt).toISOString(), changes: r.changes })),
  };
}

/** A series round as the timetable delivery reads it: name, location and days ('YYYY-MM-DD'). */
export interface SeriesRoundRow {
  id: number;
  name: string;
  location: string;
  startsOn: string;
  endsOn: string;
}

/** Round `roundId` of series `seriesId`, or null. No access check (the timetable delivery and checked routes use it). */
export async function findSeriesRound(sql: Sql, seriesId: number, roundId: number): Promise<SeriesRoundRow | null> {
  const { rows } = await sql.query<SeriesRoundRow>(
    `SELECT id, name, location, date AS "startsOn", ends_on AS "endsOn" FROM series_rounds WHERE series_id = $1 AND id = $2`,
    [seriesId, roundId],
  );
  return rows[0] ?? null;
}

/**
 * The names a team's race event shows of the round it races: series and round names, the entry's
 * number and class (kept after a withdrawal); null when the round or entry does not exist. No access
 * check: the caller checks the race event is of the caller's team.
 */
export async function findSeriesEntryOfRound(sql: Sql, seriesId: number, roundId: number, entryId: number): Promise<{ seriesName: string; roundName: string; number: string; class: string } | null> {
  const { rows } = await sql.query<{ seriesName: string; roundName: string; number: string; class: string }>(
    `SELECT s.name AS "seriesName", r.name AS "roundName", e.number, e.class
       FROM series s JOIN series_rounds r ON r.series_id = s.id AND r.id = $2 JOIN series_entries e ON e.series_id = s.id AND e.id = $3
      WHERE s.id = $1`,
    [seriesId, roundId, entryId],
  );
  return rows[0] ?? null;
}
