import type { EnteredTeam, JoinCode, Passport, ScrutineeringItem, ScrutineeringResult, ScrutineeringSheet, Series, SeriesEntry, SeriesRole, SeriesRound, TeamSeriesEntry } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { activeMembership, inUserTeams, seriesOfUser, seriesOrganisedBy } from '../scope.ts';
import { defineProjection } from '../define-projection.ts';

/**
 * The series read models. `series_entries` keeps a car entry's team and car ids only
 * while it is active: a withdrawal clears them, leaving the number and class on past results. No
 * passport field is stored here: the entry list joins the team's `cars` row at read time.
 * `scrutineering_results.id` is '{roundId}:{entryId}:{itemId}'; `recorded_by` the user id (text)
 * from the event's metadata, `recorded_at` its time. `series_round_results.id` is
 * '{roundId}:{number}' (the round's classification as last recorded), `series_classifications`
 * who recorded it and when, `series_points_tables` the points table a series set (none: the default).
 * `series_bop.id` is '{roundId}:{entryId}': a car's balance of performance at a round as last set
 * (ballast and minimum weight in kg, restrictor in mm), `set_by` the user id (text) from the
 * event's metadata, `set_at` its time.
 * `series_tire_allocations` (id: the round) each round's tire allocation; `series_tire_register`
 * (id '{roundId}:{BARCODE}') the registered sets. Version 3: the tire tables.
 */
export const seriesProjection = defineProjection({
  name: 'series',
  version: 3,
  ddl: `
    CREATE TABLE IF NOT EXISTS series (
      id integer PRIMARY KEY,
      name text NOT NULL,
      season text NOT NULL,
      classes jsonb NOT NULL,
      organiser_id text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_organiser_idx ON series (organiser_id);
    CREATE TABLE IF NOT EXISTS series_rounds (id integer PRIMARY KEY, series_id integer NOT NULL, name text NOT NULL, location text NOT NULL, date text NOT NULL, ends_on text NOT NULL);
    CREATE INDEX IF NOT EXISTS series_rounds_series_idx ON series_rounds (series_id);
    CREATE TABLE IF NOT EXISTS series_join_codes (
      id integer PRIMARY KEY, series_id integer NOT NULL, code text NOT NULL, issued_at timestamptz NOT NULL, expires_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_join_codes_code_idx ON series_join_codes (code);
    CREATE TABLE IF NOT EXISTS series_teams (id integer PRIMARY KEY, series_id integer NOT NULL, team_id integer NOT NULL, entered_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS series_teams_team_idx ON series_teams (team_id, series_id);
    CREATE TABLE IF NOT EXISTS series_entries (
      id integer PRIMARY KEY,
      series_id integer NOT NULL,
      team_id integer,
      car_id integer,
      class text NOT NULL,
      number text NOT NULL,
      withdrawn boolean NOT NULL DEFAULT false,
      entered_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_entries_series_idx ON series_entries (series_id);
    CREATE TABLE IF NOT EXISTS scrutineering_items (
      id integer PRIMARY KEY, series_id integer NOT NULL, title text NOT NULL, position integer NOT NULL, current boolean NOT NULL
    );
    CREATE TABLE IF NOT EXISTS scrutineering_results (
      id text PRIMARY KEY,
      series_id integer NOT NULL,
      round_id integer NOT NULL,
      entry_id integer NOT NULL,
      item_id integer NOT NULL,
      status text NOT NULL,
      notes text,
      recorded_by text,
      recorded_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS scrutineering_results_round_idx ON scrutineering_results (round_id, entry_id);
    CREATE TABLE IF NOT EXISTS series_round_results (
      id text PRIMARY KEY,
      series_id integer NOT NULL,
      round_id integer NOT NULL,
      entry_id integer NOT NULL,
      number text NOT NULL,
      class text NOT NULL,
      position integer NOT NULL,
      laps integer NOT NULL,
      best_lap_ms integer,
      status text NOT NULL,
      pole boolean NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_round_results_series_idx ON series_round_results (series_id, round_id);
    CREATE TABLE IF NOT EXISTS series_classifications (id integer PRIMARY KEY, series_id integer NOT NULL, recorded_by text, recorded_at timestamptz NOT NULL);
    CREATE TABLE IF NOT EXISTS series_points_tables (id integer PRIMARY KEY, points jsonb NOT NULL, pole_points real NOT NULL);
    CREATE TABLE IF NOT EXISTS series_bop (
      id text PRIMARY KEY,
      series_id integer NOT NULL,
      round_id integer NOT NULL,
      entry_id integer NOT NULL,
      ballast_kg double precision NOT NULL,
      restrictor_mm double precision,
      min_weight_kg double precision,
      notes text,
      set_by text,
      set_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_bop_round_idx ON series_bop (series_id, round_id);
    CREATE TABLE IF NOT EXISTS series_tire_allocations (id integer PRIMARY KEY, series_id integer NOT NULL, sets_per_car integer NOT NULL, compound text NOT NULL);
    CREATE TABLE IF NOT EXISTS series_tire_register (
      id text PRIMARY KEY,
      series_id integer NOT NULL,
      round_id integer NOT NULL,
      entry_id integer NOT NULL,
      tire_set_id integer NOT NULL,
      barcode text NOT NULL,
      registered_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS series_tire_register_round_idx ON series_tire_register (round_id, entry_id);`,
  tables: {
    series: 'id',
    series_rounds: 'id',
    series_join_codes: 'id',
    series_teams: 'id',
    series_entries: 'id',
    scrutineering_items: 'id',
    scrutineering_results: 'id',
    series_round_results: 'id',
    series_classifications: 'id',
    series_points_tables: 'id',
    series_bop: 'id',
    series_tire_allocations: 'id',
    series_tire_register: 'id',
  },
  on: {
    SeriesCreated({ data: d }, { series }) {
      series.write({ id: d.seriesId, name: d.name, season: d.season, classes: d.classes, organiser_id: d.organiserId, created_at: d.createdAt });
    },
    RoundAdded: ({ data: d }, { series_rounds }) => series_rounds.write({ id: d.roundId, series_id: d.seriesId, name: d.name, location: d.location, date: d.date, ends_on: d.endsOn }),
    JoinCodeIssued({ data: d }, { series_join_codes }) {
      series_join_codes.write({ id: d.joinCodeId, series_id: d.seriesId, code: d.code, issued_at: d.issuedAt, expires_at: d.expiresAt });
    },
    TeamEnteredSeries: ({ data: d }, { series_teams }) => series_teams.write({ id: d.teamEntryId, series_id: d.seriesId, team_id: d.teamId, entered_at: d.enteredAt }),
    TeamLeftSeries: ({ data: d }, { series_teams }) => series_teams.removeWhere({ series_id: d.seriesId, team_id: d.teamId }),
    CarEntered({ data: d }, { series_entries }) {
      series_entries.write({ id: d.entryId, series_id: d.seriesId, team_id: d.teamId, car_id: d.carId, class: d.class, number: d.number, withdrawn: false, entered_at: d.enteredAt });
    },
    EntryWithdrawn: ({ data: d }, { series_entries }) => series_entries.patch(d.entryId, { withdrawn: true, team_id: null, car_id: null }),
    ScrutineeringItemsSet({ data: d }, { scrutineering_items }) {
      for (const id of d.retiredItemIds) scrutineering_items.patch(id, { current: false });
      d.items.forEach((item, position) => scrutineering_items.write({ id: item.itemId, series_id: d.seriesId, title: item.title, position, current: true }));
    },
    ScrutineeringRecorded({ data: { seriesId, roundId, entryId, results }, metadata }, { scrutineering_results }) {
      const by = metadata.userId === null ? null : String(metadata.userId);
      for (const r of results) {
        scrutineering_results.write({
          id: `${roundId}:${entryId}:${r.itemId}`, series_id: seriesId, round_id: roundId, entry_id: entryId, item_id: r.itemId,
          status: r.status, notes: r.notes, recorded_by: by, recorded_at: metadata.at,
        });
      }
    },
    RoundResultsSet({ data: { seriesId, roundId, results }, metadata }, { series_round_results, series_classifications }) {
      series_round_results.removeWhere({ round_id: roundId });
      for (const r of results) {
        series_round_results.write({
          id: `${roundId}:${r.number}`, series_id: seriesId, round_id: roundId, entry_id: r.entryId, number: r.number, class: r.class,
          position: r.position, laps: r.laps, best_lap_ms: r.bestLapMs, status: r.status, pole: r.pole,
        });
      }
      series_classifications.write({ id: roundId, series_id: seriesId, recorded_by: metadata.userId === null ? null : String(metadata.userId), recorded_at: metadata.at });
    },
    PointsTableSet: ({ data: d }, { series_points_tables }) => series_points_tables.write({ id: d.seriesId, points: d.points, pole_points: d.polePoints }),
    BopSet({ data: d, metadata }, { series_bop }) {
      series_bop.write({
        id: `${d.roundId}:${d.entryId}`, series_id: d.seriesId, round_id: d.roundId, entry_id: d.entryId, ballast_kg: d.ballastKg,
        restrictor_mm: d.restrictorMm, min_weight_kg: d.minWeightKg, notes: d.notes, set_by: metadata.userId === null ? null : String(metadata.userId), set_at: metadata.at,
      });
    },
    TireAllocationSet({ data: d }, { series_tire_allocations }) {
      series_tire_allocations.write({ id: d.roundId, series_id: d.seriesId, sets_per_car: d.setsPerCar, compound: d.compound });
    },
    TireSetRegistered({ data: d }, { series_tire_register }) {
      series_tire_register.write({
        id: `${d.roundId}:${d.barcode.toUpperCase()}`, series_id: d.seriesId, round_id: d.roundId, entry_id: d.entryId, tire_set_id: d.tireSetId, barcode: d.barcode, registered_at: d.registeredAt,
      });
    },
    TireSetUnregistered: ({ data: d }, { series_tire_register }) => series_tire_register.remove(`${d.roundId}:${d.barcode.toUpperCase()}`),
  },
});

const iso = (v: Date | string) => new Date(v).toISOString();

/** How user `userId` takes part in series `seriesId`: organiser, or entrant through their entered active teams; null: not at all. */
export interface SeriesAccess {
  role: SeriesRole;
  /** The caller's active teams entered in the series, with the caller's role in each. */
  myTeams: EnteredTeam[];
}

/** The caller's access to a series (organiser first); null when the caller neither organises it nor is in an entered team. */
export async function findSeriesAccess(sql: Sql, userId: number, seriesId: number): Promise<SeriesAccess | null> {
  const { rows } = await sql.query<{ organiser: boolean }>(`SELECT organiser_id = $2 AS organiser FROM series WHERE id = $1`, [seriesId, String(userId)]);
  if (!rows[0]) return null;
  const { rows: myTeams } = await sql.query<EnteredTeam>(
    `SELECT t.id AS "teamId", t.name AS "teamName", m.role AS "myRole"
       FROM series_teams st JOIN teams t ON t.id = st.team_id JOIN team_members m ON m.team_id = t.id AND m.user_id = $2 AND ${activeMembership('m')}
      WHERE st.series_id = $1 ORDER BY t.id`,
    [seriesId, String(userId)],
  );
  if (rows[0].organiser) return { role: 'organiser', myTeams };
  return myTeams.length > 0 ? { role: 'entrant', myTeams } : null;
}

type SeriesRow = { id: number; name: string; season: string; classes: string[]; organiser: boolean; createdAt: Date | string };

/** Series user `userId` organises or where one of their active teams is entered (just `seriesId` when given), oldest first, each as that user sees it. */
async function querySeries(sql: Sql, userId: number, seriesId: number | null): Promise<Series[]> {
  const { rows } = await sql.query<SeriesRow>(
    `SELECT s.id, s.name, s.season, s.classes, s.organiser_id = $1 AS organiser, s.created_at AS "createdAt" FROM series s
      WHERE ${seriesOfUser('s.id', '$1')} AND ($2::integer IS NULL OR s.id = $2)
      ORDER BY s.id`,
    [String(userId), seriesId],
  );
  return Promise.all(rows.map((row) => seriesOf(sql, userId, row)));
}

/** Series user `userId` organises or where one of their active teams is entered, oldest first, each as that user sees it. */
export function listSeries(sql: Sql, userId: number): Promise<Series[]> {
  return querySeries(sql, userId, null);
}

/** One series as user `userId` sees it; null when they have no access (answer 404). */
export async function findSeries(sql: Sql, userId: number, seriesId: number): Promise<Series | null> {
  return (await querySeries(sql, userId, seriesId))[0] ?? null;
}

/** The series as its caller sees it: role, their entered teams, rounds, checklist, and join codes for the organiser only. */
async function seriesOf(sql: Sql, userId: number, row: SeriesRow): Promise<Series> {
  const [access, rounds, items, codes] = await Promise.all([
    findSeriesAccess(sql, userId, row.id),
    sql.query<SeriesRound>(`SELECT id, name, location, date, ends_on AS "endsOn" FROM series_rounds WHERE series_id = $1 ORDER BY date, id`, [row.id]),
    listScrutineeringItems(sql, row.id),
    row.organiser
      ? sql.query<{ code: string; expiresAt: Date | string }>(`SELECT code, expires_at AS "expiresAt" FROM series_join_codes WHERE series_id = $1 ORDER BY id DESC`, [row.id])
      : Promise.resolve({ rows: [] }),
  ]);
  const joinCodes: JoinCode[] = codes.rows.map((c) => ({ code: `${c.code.slice(0, 4)}-${c.code.slice(4)}`, expiresAt: iso(c.expiresAt) }));
  return {
    id: row.id, name: row.name, season: row.season, classes: row.classes, role: row.organiser ? 'organiser' : 'entrant', myTeams: access?.myTeams ?? [],
    rounds: rounds.rows, scrutineeringItems: items, joinCodes, createdAt: iso(row.createdAt),
  };
}

/** The current scrutineering checklist of a series, in order. */
export async function listScrutineeringItems(sql: Sql, seriesId: number): Promise<ScrutineeringItem[]> {
  const { rows } = await sql.query<ScrutineeringItem>(`SELECT id, title FROM scrutineering_items WHERE series_id = $1 AND current ORDER BY position`, [seriesId]);
  return rows;
}

/** The series a (dash-less, upper-case) join code belongs to, or null. Whether it is still valid the series decides. */
export async function findSeriesIdByJoinCode(sql: Sql, code: string): Promise<number | null> {
  const { rows } = await sql.query<{ seriesId: number }>(`SELECT series_id AS "seriesId" FROM series_join_codes WHERE code = $1 ORDER BY id LIMIT 1`, [code]);
  return rows[0]?.seriesId ?? null;
}

/** The entry of team `teamId` in series `seriesId`, or null. */
export async function findTeamSeriesEntry(sql: Sql, seriesId: number, teamId: number): Promise<TeamSeriesEntry | null> {
  const { rows } = await sql.query<Omit<TeamSeriesEntry, 'enteredAt'> & { enteredAt: Date | string }>(
    `SELECT st.id, st.series_id AS "seriesId", s.name AS "seriesName", st.team_id AS "teamId", st.entered_at AS "enteredAt"
       FROM series_teams st JOIN series s ON s.id = st.series_id WHERE st.series_id = $1 AND st.team_id = $2`,
    [seriesId, teamId],
  );
  return rows[0] ? { ...rows[0], enteredAt: iso(rows[0].enteredAt) } : null;
}

/** Which entries a caller sees: the organiser every active one; an entrant only its own teams' (never another team's passport). */
export const entryScope = (access: SeriesAccess, param: string) =>
  access.role === 'organiser' ? seriesOrganisedBy('e.series_id', param) : inUserTeams('e.team_id', param);

/** The passport columns of `cars c`: exactly the fields of {@link Passport}, nothing else of the car. */
const PASSPORT_COLUMNS = `c.name, c.make_model AS "makeModel", c.year, c.car_class AS "carClass", c.color, c.engine, c.transmission, c.weight, c.power,
  c.last_engine_build AS "lastEngineBuild", c.last_transmission_build AS "lastTransmissionBuild"`;

/**
 * The active car entries of a series the caller may see (see entryScope), by class then number,
 * each with its team's name and the car's passport read from the team's car record now.
 */
export async function listSeriesEntries(sql: Sql, userId: number, seriesId: number, access: SeriesAccess): Promise<SeriesEntry[]> {
  const { rows } = await sql.query<{ id: number; number: string; class: string; teamName: string } & Passport>(
    `SELECT e.id, e.number, e.class, t.name AS "teamName", ${PASSPORT_COLUMNS}
       FROM series_entries e JOIN cars c ON c.id = e.car_id AND c.team_id = e.team_id JOIN teams t ON t.id = e.team_id
      WHERE e.series_id = $1 AND NOT e.withdrawn AND ${entryScope(access, '$2')}
      ORDER BY e.class, lpad(e.number, 3, '0'), e.number`,
    [seriesId, String(userId)],
  );
  return rows.map(({ id, number, class: klass, teamName, ...passport }) => ({ id, number, class: klass, teamName, passport }));
}

/** True when `roundId` is a round of series `seriesId`. */
export async function roundExists(sql: Sql, seriesId: number, roundId: number): Promise<boolean> {
  const { rows } = await sql.query(`SELECT 1 FROM series_rounds WHERE series_id = $1 AND id = $2`, [seriesId, roundId]);
  return rows.length > 0;
}

type SheetRow = { entryId: number; number: string; class: string; withdrawn: boolean; teamName: string | null; carName: string | null };
type ResultRow = Omit<ScrutineeringResult, 'recordedAt'> & { entryId: number; recordedAt: Date | string };

/**
 * The scrutineering sheets of a round the caller may see: the organiser every active entry plus
 * withdrawn ones with results at this round (named by number and class only); an entrant its own
 * teams' active entries. `entryId` narrows to one entry. Each result names who recorded it
 * (display name from the account, else the username) and when.
 */
export async function listScrutineeringSheets(sql: Sql, userId: number, seriesId: number, roundId: number, access: SeriesAccess, entryId?: number): Promise<ScrutineeringSheet[]> {
  const kept = access.role === 'organiser' ? `(NOT e.withdrawn OR e.id IN (SELECT entry_id FROM scrutineering_results WHERE round_id = $2))` : 'NOT e.withdrawn';
  const { rows: sheets } = await sql.query<SheetRow>(
    `SELECT e.id AS "entryId", e.number, e.class, e.withdrawn, t.name AS "teamName", c.name AS "carName"
       FROM series_entries e JOIN series_rounds sr ON sr.id = $2 AND sr.series_id = e.series_id
            LEFT JOIN teams t ON t.id = e.team_id LEFT JOIN cars c ON c.id = e.car_id
      WHERE e.series_id = $1 AND ${kept} AND ${entryScope(access, '$3')} AND ($4::integer IS NULL OR e.id = $4)
      ORDER BY e.class, lpad(e.number, 3, '0'), e.number, e.id`,
    [seriesId, roundId, String(userId), entryId ?? null],
  );
  if (sheets.length === 0) return [];
  const { rows: results } = await sql.query<ResultRow>(
    `SELECT r.entry_id AS "entryId", r.item_id AS "itemId", i.title, r.status, r.notes, r.recorded_at AS "recordedAt",
            coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username, 'unknown') AS "recordedBy"
       FROM scrutineering_results r JOIN scrutineering_items i ON i.id = r.item_id LEFT JOIN users u ON u.id::text = r.recorded_by
      WHERE r.series_id = $1 AND r.round_id = $2 ORDER BY i.position, i.id`,
    [seriesId, roundId],
  );
  return sheets.map((s) => ({
    roundId, ...s,
    results: results.filter((r) => r.entryId === s.entryId).map(({ entryId: _, recordedAt, ...r }) => ({ ...r, recordedAt: iso(recordedAt) })),
  }));
}
