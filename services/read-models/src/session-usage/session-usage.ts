import { parseTrackLengthKm, type SessionUsage } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/**
 * session_usage: what each session put on its car — every lap recorded (out, in and invalid laps
 * wear the car like timed ones) and the sum of their times — keyed by session, with its car, race
 * event and start; beside it, each race event's track length read as km (session_usage_tracks).
 * The distance (laps × track length) is multiplied when read, so a changed track length or lap
 * list changes every figure that depends on it without re-projecting anything. Parts life joins
 * these rows with its own fit/remove/service changes; tire sets with the sessions that name them.
 */
export const sessionUsageProjection = defineProjection({
  name: 'session_usage',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS session_usage_tracks (
      race_event_id integer PRIMARY KEY,
      team_id integer NOT NULL,
      car_id integer NOT NULL,
      track_length_km double precision
    );
    CREATE TABLE IF NOT EXISTS session_usage (
      session_id integer PRIMARY KEY,
      team_id integer NOT NULL,
      car_id integer NOT NULL,
      race_event_id integer NOT NULL,
      started_at timestamptz NOT NULL,
      laps integer NOT NULL DEFAULT 0,
      ms bigint NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS session_usage_car_idx ON session_usage (team_id, car_id, started_at);`,
  tables: { session_usage_tracks: 'race_event_id', session_usage: 'session_id' },
  on: {
    RaceEventScheduled({ data: { raceEventId, teamId, carId, trackLength } }, { session_usage_tracks }) {
      session_usage_tracks.write({ race_event_id: raceEventId, team_id: teamId, car_id: carId, track_length_km: trackLength === null ? null : parseTrackLengthKm(trackLength) });
    },
    RaceEventTrackLengthSet({ data: { raceEventId, trackLength } }, { session_usage_tracks }) {
      session_usage_tracks.patch(raceEventId, { track_length_km: trackLength === null ? null : parseTrackLengthKm(trackLength) });
    },
    SessionAdded({ data: { sessionId, teamId, carId, raceEventId, details } }, { session_usage }) {
      session_usage.write({ session_id: sessionId, team_id: teamId, car_id: carId, race_event_id: raceEventId, started_at: details.startedAt, laps: 0, ms: 0 });
    },
    SessionDetailsRevised: ({ data: d }, { session_usage }) => session_usage.patch(d.sessionId, { started_at: d.details.startedAt }),
    SessionLapsSet({ data: d }, { session_usage }) {
      session_usage.patch(d.sessionId, { laps: d.laps.length, ms: d.laps.reduce((sum, lap) => sum + lap.lapTimeMs, 0) });
    },
    SessionRemoved: ({ data: d }, { session_usage }) => session_usage.remove(d.sessionId),
  },
});

type Row = Omit<SessionUsage, 'startedAt' | 'ms'> & { startedAt: Date | string; ms: string | number };

/** Reads the usage rows of team $1 chosen by `where` (SQL on `u`, the session_usage row; its parameter is $2), oldest first. */
async function selectSessionUsage(sql: Sql, teamId: number, where: string, param: unknown): Promise<SessionUsage[]> {
  const { rows } = await sql.query<Row>(
    `SELECT u.session_id AS "sessionId", u.car_id AS "carId", u.race_event_id AS "raceEventId", u.started_at AS "startedAt", u.laps, u.ms,
            u.laps * t.track_length_km AS km
       FROM session_usage u LEFT JOIN session_usage_tracks t ON t.race_event_id = u.race_event_id
      WHERE u.team_id = $1 AND ${where}
      ORDER BY u.started_at, u.session_id`,
    [teamId, param],
  );
  return rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt).toISOString(), ms: Number(r.ms), km: r.km === null ? null : Number(r.km) }));
}

/**
 * The usage of the sessions of team `teamId` on cars `carIds`, oldest first: laps, time (ms) and
 * distance (km = laps × the race event's track length; null while it is unknown). Caller checks tenancy.
 */
export async function listSessionUsage(sql: Sql, teamId: number, carIds: readonly number[]): Promise<SessionUsage[]> {
  if (carIds.length === 0) return [];
  return selectSessionUsage(sql, teamId, 'u.car_id IN (SELECT value::integer FROM jsonb_array_elements_text($2::jsonb))', JSON.stringify(carIds));
}

/** The usage (as listSessionUsage) of the sessions `sessionIds` of team `teamId`, oldest first; sessions of other teams are left out. */
export async function listUsageOfSessions(sql: Sql, teamId: number, sessionIds: readonly number[]): Promise<SessionUsage[]> {
  if (sessionIds.length === 0) return [];
  return selectSessionUsage(sql, teamId, 'u.session_id IN (SELECT value::integer FROM jsonb_array_elements_text($2::jsonb))', JSON.stringify(sessionIds));
}
