import { DEFAULT_TIRE_TEMPERATURE_TARGETS, driverTimes, stintsOfSession, type PitStopValue, fuelPerLapAsRun, lapsOf, readTireTemperatures, type TireTemperatureTargetsValue, lapStatistics, sectorStatistics, type LapValue, type StintValue, type RunSession as Session, type SessionDetails, type TrackRunSession as TrackSession } from '@pitwall/contracts';
import type { PressureSession, TireTemperatureReadingValue } from '@pitwall/domain';
import type { Position, Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';
import { TARGETS_OF_CAR } from '../tire-temperature-targets/tire-temperature-targets.ts';

/**
 * run_sessions: the run sheets of a car's race events. `setup_position_*` is the
 * position of the SessionAdded event itself — the setup as run is the car's record up to it, so it
 * is the same after every rebuild and cannot drift. Statistics are computed here with the one
 * lapStatistics of @pitwall/contracts; the best sectors and the theoretical best are computed from
 * the laps when a session is read (sectorStatistics), so rows projected before sectors existed need
 * no new column. run_session_pit_stops: the pit stops logged as they happened, one row per stop
 * (PitStopLogged/Revised/Removed); a session with stops answers the stints they make
 * (stintsFromPitStops, computed when read, so laps imported later lengthen the last stint).
 * Version 3: the pit stops' table.
 */
export const sessionsProjection = defineProjection({
  name: 'run_sessions',
  version: 3,
  ddl: `
    CREATE TABLE IF NOT EXISTS run_sessions (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer NOT NULL,
      team_id integer NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      started_at timestamptz NOT NULL,
      driver_member_id integer,
      air_temp_c double precision,
      track_temp_c double precision,
      weather text, tire_set text,
      fuel_litres double precision,
      notes text,
      feedback_tags jsonb NOT NULL DEFAULT '[]',
      feedback_text text,
      laps jsonb NOT NULL DEFAULT '[]',
      best_lap_ms integer,
      timed_lap_count integer NOT NULL DEFAULT 0,
      average_best_three_ms integer,
      cold jsonb, hot jsonb,
      stints jsonb NOT NULL DEFAULT '[]',
      tire_temperatures jsonb NOT NULL DEFAULT '[]',
      fuel_at_end_litres double precision,
      setup_position_commit bigint NOT NULL,
      setup_position_prepare bigint NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS run_sessions_race_event_idx ON run_sessions (car_id, race_event_id, started_at);
    CREATE TABLE IF NOT EXISTS run_session_pit_stops (
      stop_id integer PRIMARY KEY,
      session_id integer NOT NULL,
      in_lap integer NOT NULL,
      stop_ms integer,
      fuel_added_litres double precision,
      tire_set_id integer,
      driver_member_id integer,
      at text,
      notes text
    );
    CREATE INDEX IF NOT EXISTS run_session_pit_stops_session_idx ON run_session_pit_stops (session_id, in_lap);`,
  tables: { run_sessions: 'id', run_session_pit_stops: 'stop_id' },
  on: {
    SessionAdded({ data: { sessionId, carId, raceEventId, teamId, details, createdAt }, position }, { run_sessions }) {
      run_sessions.write({
        id: sessionId, car_id: carId, race_event_id: raceEventId, team_id: teamId, ...detailColumns(details), laps: [], timed_lap_count: 0,
        setup_position_commit: position.commit.toString(), setup_position_prepare: position.prepare.toString(), created_at: createdAt,
      });
    },
    SessionDetailsRevised: ({ data: d }, { run_sessions }) => run_sessions.patch(d.sessionId, detailColumns(d.details)),
    SessionLapsSet({ data: d }, { run_sessions }) {
      const stats = lapStatistics(d.laps);
      run_sessions.patch(d.sessionId, { laps: d.laps, best_lap_ms: stats.bestLapMs, timed_lap_count: stats.timedLapCount, average_best_three_ms: stats.averageBestThreeMs });
    },
    SessionTirePressuresSet: ({ data: d }, { run_sessions }) => run_sessions.patch(d.sessionId, { cold: d.cold, hot: d.hot }),
    SessionTireTemperaturesSet: ({ data: d }, { run_sessions }) => run_sessions.patch(d.sessionId, { tire_temperatures: d.readings }),
    SessionStintsSet: ({ data: d }, { run_sessions }) => run_sessions.patch(d.sessionId, { stints: d.stints }),
    SessionFuelAtEndSet: ({ data: d }, { run_sessions }) => run_sessions.patch(d.sessionId, { fuel_at_end_litres: d.fuelAtEndLitres }),
    PitStopLogged: ({ data: d }, { run_session_pit_stops }) => run_session_pit_stops.write(pitStopRow(d.sessionId, d.stop)),
    PitStopRevised: ({ data: d }, { run_session_pit_stops }) => run_session_pit_stops.write(pitStopRow(d.sessionId, d.stop)),
    PitStopRemoved: ({ data: d }, { run_session_pit_stops }) => run_session_pit_stops.remove(d.stopId),
    SessionRemoved({ data: d }, { run_sessions, run_session_pit_stops }) {
      run_sessions.remove(d.sessionId);
      run_session_pit_stops.removeWhere({ session_id: d.sessionId });
    },
  },
});

/** SQL of the pit stops of the session whose id is `sessionId` (a column), as a jsonb list of PitStopValue in lap order. */
export const PIT_STOPS_OF = (sessionId: string) => `(SELECT coalesce(jsonb_agg(jsonb_build_object('stopId', p.stop_id, 'inLap', p.in_lap, 'stopMs', p.stop_ms,
  'fuelAddedLitres', p.fuel_added_litres, 'tireSetId', p.tire_set_id, 'driverMemberId', p.driver_member_id, 'at', p.at, 'notes', p.notes) ORDER BY p.in_lap), '[]'::jsonb)
  FROM run_session_pit_stops p WHERE p.session_id = ${sessionId})`;

/** The row of a pit stop of session `sessionId`. */
const pitStopRow = (sessionId: number, s: PitStopValue) => ({
  stop_id: s.stopId, session_id: sessionId, in_lap: s.inLap, stop_ms: s.stopMs, fuel_added_litres: s.fuelAddedLitres, tire_set_id: s.tireSetId, driver_member_id: s.driverMemberId, at: s.at, notes: s.notes,
});

/** The columns of a session's details. */
function detailColumns(d: SessionDetails) {
  return {
    name: d.name, type: d.type, started_at: d.startedAt, driver_member_id: d.driverMemberId, air_temp_c: d.airTempC, track_temp_c: d.trackTempC,
    weather: d.weather, tire_set: d.tireSet, fuel_litres: d.fuelLitres, notes: d.notes, feedback_tags: d.feedbackTags, feedback_text: d.feedbackText,
  };
}

const COLUMNS = `s.id, s.car_id AS "carId", s.race_event_id AS "eventId", s.name, s.type, s.started_at AS "startedAt",
  s.driver_member_id AS "driverMemberId", m.display_name AS "driverName", s.air_temp_c AS "airTempC", s.track_temp_c AS "trackTempC",
  s.weather, s.tire_set AS "tireSet", ts.tire_set_id AS "tireSetId", s.fuel_litres AS "fuelLitres", s.notes, s.feedback_tags AS "feedbackTags", s.feedback_text AS "feedbackText",
  s.best_lap_ms AS "bestLapMs", s.timed_lap_count AS "timedLapCount", s.average_best_three_ms AS "averageBestThreeMs",
  s.setup_position_commit AS "setupCommit", s.setup_position_prepare AS "setupPrepare", s.laps, s.cold, s.hot,
  s.stints, s.fuel_at_end_litres AS "fuelAtEndLitres", s.tire_temperatures AS "tireTemperatures", ${TARGETS_OF_CAR('s.car_id')} AS "tireTemperatureTargets",
  ${PIT_STOPS_OF('s.id')} AS "pitStops"`;
// The tire set a session ran on is kept by the tire sets' read model (tire_set_sessions).
const FROM = `FROM run_sessions s LEFT JOIN team_members m ON m.id = s.driver_member_id AND m.team_id = s.team_id
  LEFT JOIN tire_set_sessions ts ON ts.session_id = s.id`;

type Row = Omit<Session, 'startedAt' | 'setupPosition' | 'laps' | 'tirePressures' | 'tireTemperatures' | 'bestSectorsMs' | 'theoreticalBestMs' | 'stints' | 'pitStops' | 'fuelPerLapLitres' | 'driverTime'> & {
  startedAt: Date | string;
  setupCommit: string | number;
  setupPrepare: string | number;
  /** As projected: laps projected from events before sector times lack sectorsMs and driverName. */
  laps: (Pick<LapValue, 'lapTimeMs' | 'kind'> & Partial<LapValue>)[];
  cold: Session['tirePressures']['cold'];
  hot: Session['tirePressures']['hot'];
  /** The stints as entered whole (PUT …/stints); a session with pit stops answers theirs. */
  stints: StintValue[];
  pitStops: PitStopValue[];
  tireTemperatures: TireTemperatureReadingValue[];
  /** The car's own targets, null = the defaults. */
  tireTemperatureTargets: TireTemperatureTargetsValue | null;
};

/** The readings as answered: each tire's temperatures with what they say against the car's targets (computed when read, so new targets need no rebuild). */
const readingsOf = (readings: TireTemperatureReadingValue[], targets: TireTemperatureTargetsValue): Session['tireTemperatures'] =>
  readings.map(({ stint, measuredAt, corners }) => ({
    stint,
    measuredAt,
    corners: {
      fl: { ...corners.fl, reading: readTireTemperatures(corners.fl, targets) },
      fr: { ...corners.fr, reading: readTireTemperatures(corners.fr, targets) },
      rl: { ...corners.rl, reading: readTireTemperatures(corners.rl, targets) },
      rr: { ...corners.rr, reading: readTireTemperatures(corners.rr, targets) },
    },
  }));

/**
 * A row as answered: lap statistics, sector bests, fuel per lap as run and driver time are computed
 * here from the stored laps and stints, or with pit stops logged from the stints they make (the first
 * driver: the session's, else the first stint entered).
 */
function toSession({ setupCommit, setupPrepare, laps, cold, hot, startedAt, stints: entered, pitStops, tireTemperatures, tireTemperatureTargets, ...r }: Row): Session {
  const answered = lapsOf(laps);
  const stints = stintsOfSession({ stints: entered, pitStops, driverMemberId: r.driverMemberId }, answered.length);
  return {
    ...r,
    stints,
    pitStops,
    fuelPerLapLitres: fuelPerLapAsRun(r.fuelLitres, stints.map((s) => s.fuelAddedLitres), r.fuelAtEndLitres, answered.length),
    driverTime: driverTimes(stints, answered.map((l) => l.lapTimeMs)),
    ...sectorStatistics(answered),
    startedAt: new Date(startedAt).toISOString(),
    setupPosition: formatPosition(sessionSetupPosition({ setupCommit, setupPrepare })),
    laps: answered,
    tirePressures: { cold, hot },
    tireTemperatures: readingsOf(tireTemperatures, tireTemperatureTargets ?? DEFAULT_TIRE_TEMPERATURE_TARGETS),
  };
}

/** The pinned setup position of a row (bigints come back as strings from `pg`, numbers from PGlite). */
const sessionSetupPosition = (r: { setupCommit: string | number; setupPrepare: string | number }): Position => ({ commit: BigInt(r.setupCommit), prepare: BigInt(r.setupPrepare) });

/** A race event's sessions in running order (start time, then id). Caller checks tenancy of the car. */
export async function listSessions(sql: Sql, carId: number, raceEventId: number): Promise<Session[]> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE s.car_id = $1 AND s.race_event_id = $2 ORDER BY s.started_at, s.id`, [carId, raceEventId]);
  return rows.map(toSession);
}

/** One session of a car (of race event `raceEventId` when given); null when missing, deleted, or another car's or race event's. */
export async function findSession(sql: Sql, carId: number, sessionId: number, raceEventId?: number): Promise<Session | null> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE s.car_id = $1 AND s.id = $2 AND ($3::integer IS NULL OR s.race_event_id = $3)`, [carId, sessionId, raceEventId ?? null]);
  return rows[0] ? toSession(rows[0]) : null;
}

/** The session running just before `session` in its race event (start time, then id), or null. */
export async function findPreviousSession(sql: Sql, session: Session): Promise<Session | null> {
  const { rows } = await sql.query<Row>(
    `SELECT ${COLUMNS} ${FROM} WHERE s.car_id = $1 AND s.race_event_id = $2 AND (s.started_at, s.id) < ($3::timestamptz, $4::integer) ORDER BY s.started_at DESC, s.id DESC LIMIT 1`,
    [session.carId, session.eventId, session.startedAt, session.id],
  );
  return rows[0] ? toSession(rows[0]) : null;
}

/**
 * Every session of car `carId` at race events whose location equals `location` (trimmed, case
 * ignored), across seasons: best lap first, sessions without a timed lap last (newest first among
 * them). Caller checks tenancy of the car.
 */
export async function listTrackSessions(sql: Sql, carId: number, location: string): Promise<TrackSession[]> {
  const { rows } = await sql.query<Row & { eventName: string; eventDate: Date | string }>(
    `SELECT ${COLUMNS}, e.name AS "eventName", e.date AS "eventDate" ${FROM}
       JOIN race_events e ON e.id = s.race_event_id AND e.car_id = s.car_id
      WHERE s.car_id = $1 AND lower(trim(e.location)) = lower(trim($2))
      ORDER BY s.best_lap_ms ASC NULLS LAST, s.started_at DESC, s.id`,
    [carId, location],
  );
  return rows.map(({ eventName, eventDate, ...r }) => ({ ...toSession(r), eventName, eventDate: new Date(eventDate).toISOString() }));
}

/**
 * Every session of car `carId` with both cold and hot tire pressures, at any race event (and, with
 * `tireSetId`, on that tire set only), newest first, with its race event's name and location: what
 * the tire pressure assistant may work from. Caller checks tenancy of the car.
 */
export async function listPressureSessions(sql: Sql, carId: number, tireSetId?: number): Promise<PressureSession[]> {
  const { rows } = await sql.query<Omit<PressureSession, 'startedAt'> & { startedAt: Date | string }>(
    `SELECT s.id AS "sessionId", s.name AS "sessionName", s.race_event_id AS "raceEventId", e.name AS "raceEventName", e.location,
            s.started_at AS "startedAt", s.cold, s.hot
       FROM run_sessions s JOIN race_events e ON e.id = s.race_event_id AND e.car_id = s.car_id
      WHERE s.car_id = $1 AND s.cold IS NOT NULL AND s.hot IS NOT NULL
        AND ($2::integer IS NULL OR EXISTS (SELECT 1 FROM tire_set_sessions ts WHERE ts.session_id = s.id AND ts.tire_set_id = $2))
      ORDER BY s.started_at DESC, s.id DESC`,
    [carId, tireSetId ?? null],
  );
  return rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt).toISOString() }));
}
