import { stintsOfSession, stretchUsage, tireSetLife, tireSetStretches, type LapValue, type PitStopValue, type StintValue, type TireSet, type TireSetDetails, type TireSetSessionInput, type TreadDepths, type TreadMeasurement } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { listUsageOfSessions } from '../session-usage/session-usage.ts';
import { defineProjection } from '../define-projection.ts';
import { PIT_STOPS_OF } from '../sessions/sessions.ts';

/**
 * tire_sets, tire_set_treads and tire_set_sessions: each tire set of a team with its description
 * (and its earlier use as entered: heat cycles and laps before Pitwall), its tread measurements in
 * recorded order, and which set each session started on. Heat cycles, laps, distance and wear are
 * not stored: they are computed when read (tireSetLife) from these rows, the sessions' laps and
 * stints (a set fitted at a stop runs from the out lap: tireSetStretches) and session_usage, so a
 * lap edit, a deleted session, a session moved to another set or a stint's tires changed shows at
 * once and a rebuild cannot drift from the live rows. Version 2: the earlier use columns (the
 * projection rebuilds).
 */
export const tireSetsProjection = defineProjection({
  name: 'tire_sets',
  version: 3,
  ddl: `
    CREATE TABLE IF NOT EXISTS tire_sets (
      id integer PRIMARY KEY,
      team_id integer NOT NULL,
      name text NOT NULL,
      manufacturer text, compound text, size text,
      dot_codes jsonb NOT NULL,
      condition text NOT NULL,
      tread_new_mm double precision,
      tread_minimum_mm double precision,
      car_id integer,
      notes text,
      earlier_heat_cycles integer NOT NULL DEFAULT 0,
      earlier_laps integer NOT NULL DEFAULT 0,
      barcode text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tire_sets_team_idx ON tire_sets (team_id, car_id);
    CREATE TABLE IF NOT EXISTS tire_set_treads (
      tread_key text PRIMARY KEY,
      tire_set_id integer NOT NULL,
      seq integer NOT NULL,
      measured_at timestamptz NOT NULL,
      fl jsonb NOT NULL, fr jsonb NOT NULL, rl jsonb NOT NULL, rr jsonb NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tire_set_treads_set_idx ON tire_set_treads (tire_set_id, seq);
    CREATE TABLE IF NOT EXISTS tire_set_sessions (
      session_id integer PRIMARY KEY,
      tire_set_id integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tire_set_sessions_set_idx ON tire_set_sessions (tire_set_id);`,
  tables: { tire_sets: 'id', tire_set_treads: 'tread_key', tire_set_sessions: 'session_id' },
  on: {
    TireSetAdded({ data: { tireSetId, teamId, details, createdAt } }, { tire_sets }) {
      tire_sets.write({ id: tireSetId, team_id: teamId, ...detailColumns(details), created_at: createdAt });
    },
    TireSetRevised: ({ data: d }, { tire_sets }) => tire_sets.patch(d.tireSetId, detailColumns(d.details)),
    TireSetTreadMeasured({ data: { tireSetId, measuredAt, fl, fr, rl, rr }, streamPosition }, { tire_set_treads }) {
      tire_set_treads.write({ tread_key: `${tireSetId}:${streamPosition}`, tire_set_id: tireSetId, seq: streamPosition, measured_at: measuredAt, fl, fr, rl, rr });
    },
    TireSetDeleted({ data: d }, { tire_sets, tire_set_treads }) {
      tire_sets.remove(d.tireSetId);
      tire_set_treads.removeWhere({ tire_set_id: d.tireSetId });
    },
    SessionTireSetChosen({ data: d }, { tire_set_sessions }) {
      if (d.tireSetId === null) tire_set_sessions.remove(d.sessionId);
      else tire_set_sessions.write({ session_id: d.sessionId, tire_set_id: d.tireSetId });
    },
    SessionRemoved: ({ data: d }, { tire_set_sessions }) => tire_set_sessions.remove(d.sessionId),
  },
});

/** The columns of a set's description. */
const detailColumns = (d: TireSetDetails) => ({
  name: d.name, manufacturer: d.manufacturer, compound: d.compound, size: d.size, dot_codes: d.dotCodes, condition: d.condition,
  tread_new_mm: d.treadNewMm, tread_minimum_mm: d.treadMinimumMm, car_id: d.carId, notes: d.notes,
  earlier_heat_cycles: d.earlierHeatCycles, earlier_laps: d.earlierLaps, barcode: d.barcode,
});

type SetRow = Pick<TireSet, 'id' | 'teamId' | 'name' | 'manufacturer' | 'compound' | 'size' | 'dotCodes' | 'condition' | 'treadNewMm' | 'treadMinimumMm' | 'carId' | 'notes' | 'earlierHeatCycles' | 'earlierLaps' | 'barcode'> & {
  createdAt: Date | string;
};
type TreadRow = { tireSetId: number; measuredAt: Date | string } & Omit<TreadDepths, 'measuredAt'>;
type SessionRow = Pick<TireSetSessionInput, 'name' | 'type' | 'cold' | 'hot'> & {
  startTireSetId: number | null; sessionId: number; laps: Pick<LapValue, 'lapTimeMs' | 'kind'>[]; stints: StintValue[]; pitStops: PitStopValue[]; driverMemberId: number | null;
};

/** A set with its life: the answer, and its tread measurements with their wear, oldest first. */
export interface TireSetWithLife {
  set: TireSet;
  treads: TreadMeasurement[];
}

/** Which sets of a team to read: one set, or those on one car now. */
export interface TireSetSelection {
  tireSetId?: number;
  carId?: number;
}

/** Rows of `table` whose `column` is among the set ids ($1, JSON) — the ids of a page of sets. */
const ofSets = (column: string) => `${column} IN (SELECT value::integer FROM jsonb_array_elements_text($1::jsonb))`;

/**
 * The tire sets of team `teamId` (one set, or those on a car now, per `selection`), by name, each
 * with its life (tireSetLife) from the laps it ran in the team's sessions — those that started on it
 * and those whose stints had it fitted at a stop, each session once per set (one heat cycle) with
 * only the laps run on it — and its tread measurements. Caller checks tenancy.
 */
export async function listTireSetsWithLife(sql: Sql, teamId: number, selection: TireSetSelection = {}): Promise<TireSetWithLife[]> {
  const { rows: sets } = await sql.query<SetRow>(
    `SELECT id, team_id AS "teamId", name, manufacturer, compound, size, dot_codes AS "dotCodes", condition, tread_new_mm AS "treadNewMm",
            tread_minimum_mm AS "treadMinimumMm", car_id AS "carId", notes, earlier_heat_cycles AS "earlierHeatCycles", earlier_laps AS "earlierLaps", barcode, created_at AS "createdAt"
       FROM tire_sets
      WHERE team_id = $1 AND ($2::integer IS NULL OR id = $2) AND ($3::integer IS NULL OR car_id = $3)
      ORDER BY name, id`,
    [teamId, selection.tireSetId ?? null, selection.carId ?? null],
  );
  if (sets.length === 0) return [];
  const ids = JSON.stringify(sets.map((s) => s.id));
  const { rows: treads } = await sql.query<TreadRow>(
    `SELECT tire_set_id AS "tireSetId", measured_at AS "measuredAt", fl, fr, rl, rr FROM tire_set_treads WHERE ${ofSets('tire_set_id')} ORDER BY tire_set_id, seq`,
    [ids],
  );
  const { rows: ran } = await sql.query<SessionRow>(
    `SELECT ts.tire_set_id AS "startTireSetId", s.id AS "sessionId", s.name, s.type, s.cold, s.hot, s.laps, s.stints, s.driver_member_id AS "driverMemberId", ${PIT_STOPS_OF('s.id')} AS "pitStops"
       FROM run_sessions s LEFT JOIN tire_set_sessions ts ON ts.session_id = s.id
      WHERE s.team_id = $2 AND (${ofSets('ts.tire_set_id')}
         OR EXISTS (SELECT 1 FROM jsonb_array_elements(s.stints) st WHERE st->>'tireSetId' IN (SELECT value FROM jsonb_array_elements_text($1::jsonb)))
         OR EXISTS (SELECT 1 FROM run_session_pit_stops p WHERE p.session_id = s.id AND ${ofSets('p.tire_set_id')}))`,
    [ids, teamId],
  );
  const usage = new Map((await listUsageOfSessions(sql, teamId, ran.map((r) => r.sessionId))).map((u) => [u.sessionId, u]));
  const onSets = ran.flatMap(({ startTireSetId, laps, stints: entered, pitStops, driverMemberId, ...n }) => {
    const used = usage.get(n.sessionId);
    if (!used) return [];
    // With pit stops logged, a set fitted at a stop runs from its out lap as a stint's does.
    const stretches = tireSetStretches(startTireSetId, stintsOfSession({ stints: entered, pitStops, driverMemberId }, laps.length), laps.length);
    return [...new Set(stretches.map((s) => s.tireSetId))].map((tireSetId) => ({ tireSetId, input: { ...n, ...stretchUsage(used, laps, stretches.filter((s) => s.tireSetId === tireSetId)) } }));
  });
  return sets.map(({ createdAt, ...row }) => {
    const sessions = onSets.filter((o) => o.tireSetId === row.id).map((o): TireSetSessionInput => o.input);
    const depths = treads.filter((t) => t.tireSetId === row.id).map(({ tireSetId: _, measuredAt, ...t }) => ({ ...t, measuredAt: new Date(measuredAt).toISOString() }));
    const { condition, treadNewMm, treadMinimumMm, earlierHeatCycles, earlierLaps } = row;
    const { treads: measured, ...life } = tireSetLife({ condition, treadNewMm, treadMinimumMm, earlierHeatCycles, earlierLaps, sessions, treads: depths });
    return { set: { ...row, ...life, createdAt: new Date(createdAt).toISOString() }, treads: measured };
  });
}

/** Whether a set answer matches the `condition` filter of GET …/tire-sets (as answered; all when absent). */
export const tireSetMatches = (set: TireSet, filter: { condition?: TireSet['condition'] | undefined }) => filter.condition === undefined || set.condition === filter.condition;

/**
 * The laps each of the sessions `sessionIds` of team `teamId` found on its tire set: the set's
 * earlier laps (run before Pitwall knew it; 0 for a deleted set) plus the laps of the team's
 * earlier sessions (by start, then id) on the same set; the earlier laps alone for its first.
 * Sessions without a set are left out. Caller checks tenancy.
 */
export async function listTireSetLapsBefore(sql: Sql, teamId: number, sessionIds: readonly number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map();
  const { rows } = await sql.query<{ sessionId: number; lapsBefore: string | number }>(
    `SELECT "sessionId", "lapsBefore" FROM (
       SELECT ts.session_id AS "sessionId",
              COALESCE(t.earlier_laps, 0)
                + COALESCE(SUM(u.laps) OVER (PARTITION BY ts.tire_set_id ORDER BY u.started_at, u.session_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "lapsBefore"
         FROM tire_set_sessions ts JOIN session_usage u ON u.session_id = ts.session_id AND u.team_id = $1
              LEFT JOIN tire_sets t ON t.id = ts.tire_set_id
        WHERE ts.tire_set_id IN (SELECT tire_set_id FROM tire_set_sessions WHERE session_id IN (SELECT value::integer FROM jsonb_array_elements_text($2::jsonb)))
     ) laps WHERE "sessionId" IN (SELECT value::integer FROM jsonb_array_elements_text($2::jsonb))`,
    [teamId, JSON.stringify(sessionIds)],
  );
  return new Map(rows.map((r) => [r.sessionId, Number(r.lapsBefore)]));
}

/** A set of a team as the series' tire register needs it: name, condition as recorded, barcode. */
export interface TireSetLabel {
  id: number;
  name: string;
  condition: TireSet['condition'];
  barcode: string | null;
}

/** Set `tireSetId` of team `teamId` (name, recorded condition, barcode), or null. Caller checks tenancy. */
export async function findTireSetLabel(sql: Sql, teamId: number, tireSetId: number): Promise<TireSetLabel | null> {
  const { rows } = await sql.query<TireSetLabel>(`SELECT id, name, condition, barcode FROM tire_sets WHERE team_id = $1 AND id = $2`, [teamId, tireSetId]);
  return rows[0] ?? null;
}

/** Another set of team `teamId`, not scrapped, with barcode `barcode` (letters in either case), or null: a barcode is one set's. */
export async function findTireSetWithBarcode(sql: Sql, teamId: number, barcode: string, exceptTireSetId: number | null): Promise<TireSetLabel | null> {
  const { rows } = await sql.query<TireSetLabel>(
    `SELECT id, name, condition, barcode FROM tire_sets
      WHERE team_id = $1 AND upper(barcode) = upper($2) AND condition <> 'scrapped' AND ($3::integer IS NULL OR id <> $3) ORDER BY id LIMIT 1`,
    [teamId, barcode, exceptTireSetId],
  );
  return rows[0] ?? null;
}
