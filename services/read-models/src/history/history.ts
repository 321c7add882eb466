import { FEEDBACK_TAGS, formatLapTime, lapStatistics, SESSION_TYPES, type HistoryEntry, type HistorySection, type LapValue, type RacePlanInput, type SessionDetails, type StintValue } from '@pitwall/contracts';
import type { Position, Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import type { CarGeometryValue } from '@pitwall/domain';
import { rowsStatement, type ProjectedEvent, type ProjectionStatement } from '../projection.ts';
import { defineProjection, type TableWriter } from '../define-projection.ts';
import { computeChanges, inheritedBefore } from './changes.ts';

/** The run sheet events: each session is a subject of the 'sessions' section. */
const SESSION_EVENTS = ['SessionAdded', 'SessionDetailsRevised', 'SessionLapsSet', 'SessionTirePressuresSet', 'SessionStintsSet', 'SessionFuelAtEndSet', 'SessionRemoved'] as const;

/**
 * setup_history: one row per change of a car's record, holding the COMPLETE new value of its
 * subject (a setup of the baseline or a race event, a maintenance item, a checklist item, an
 * issue) and who made it, as they were on the team at that moment. The field-by-field change
 * is computed at read time from the previous row of the same subject (events hold complete values).
 */
export const historyProjection = defineProjection({
  name: 'setup_history',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS setup_history (
      id bigint PRIMARY KEY,
      position_commit bigint NOT NULL,
      car_id integer NOT NULL,
      section text NOT NULL,
      subject text NOT NULL,
      race_event_id integer,
      type text NOT NULL,
      at timestamptz NOT NULL,
      actor_user_id integer,
      actor_display_name text,
      actor_role text,
      actor_color text,
      value jsonb
    );
    CREATE INDEX IF NOT EXISTS setup_history_car_idx ON setup_history (car_id, position_commit DESC, id DESC);
    CREATE INDEX IF NOT EXISTS setup_history_subject_idx ON setup_history (car_id, section, subject, position_commit, id);`,
  tables: { setup_history: () => new HistoryInserts() },
  // The actor's and the driver's names come from team_members as they are at the event.
  reads: ['teams'],
  // A session's row merges its change onto the session's LATEST row (lastWith), read by the INSERT:
  // each session event starts a segment, so that row is in the table when it is read.
  segmentBefore: ['MemberUpdated', 'MemberRemoved', 'TeamDeleted', ...SESSION_EVENTS],
  each: {
    types: [
    'CarCreated', 'CarDetailsUpdated', 'TuningLinkSet', 'MaintenanceRecorded', 'GearRatiosSet', 'SuspensionSet', 'TirePressuresSet', 'TirePressureTargetsSet',
    'CornerWeightsSet', 'SetupSheetSet', 'SetupTargetsSet', 'TireTemperatureTargetsSet', 'CarGeometrySet', 'CarTankCapacitySet',
    'ChecklistItemAdded', 'ChecklistItemCompleted', 'ChecklistItemReopened', 'ChecklistItemRemoved', 'IssueRaised', 'IssueStatusChanged',
    ...SESSION_EVENTS,
    'PartFitted', 'PartRemoved', 'PartFitDateCorrected', 'RacePlanSet',
  ],
    handle: (event, { setup_history }) => setup_history.add(event),
  },
});

interface EntryInput {
  carId: number;
  section: HistorySection;
  subject: string;
  raceEventId: number | null;
  /**
   * The complete new value, or the change to apply to the subject's FIRST value (the checklist
   * item or issue as added, whose title, priority and type never change) when only that is in the
   * event, or to its LATEST value (a session: details, laps and pressures change independently).
   */
  value: { json: unknown } | { firstWith: Record<string, unknown> } | { lastWith: Record<string, unknown> };
}

function historyEntryOf(event: ProjectedEvent): EntryInput | null {
  switch (event.type) {
    case 'CarCreated':
    case 'CarDetailsUpdated':
      return { carId: event.data.carId, section: 'basic', subject: 'details', raceEventId: null, value: { json: event.data.details } };
    case 'TuningLinkSet':
      return { carId: event.data.carId, section: 'basic', subject: 'tuning', raceEventId: null, value: { json: { tuningFileUrl: event.data.tuningFileUrl } } };
    case 'MaintenanceRecorded':
      return { carId: event.data.carId, section: 'maintenance', subject: event.data.item, raceEventId: null, value: { json: { [event.data.item]: event.data.date } } };
    case 'GearRatiosSet':
      return { carId: event.data.carId, section: 'gear-ratios', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r) } } };
    case 'SuspensionSet':
      return { carId: event.data.carId, section: 'suspension', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'TirePressuresSet':
      return {
        carId: event.data.carId, section: 'tire-pressures', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId,
        value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r), notes: event.data.notes } },
      };
    case 'TirePressureTargetsSet':
      // Car-wide (they depend on the tire, not the track): one subject, no race event.
      return { carId: event.data.carId, section: 'tire-pressure-targets', subject: TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'CornerWeightsSet':
      return { carId: event.data.carId, section: 'corner-weights', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'SetupSheetSet':
      return { carId: event.data.carId, section: 'setup-sheet', subject: String(event.data.raceEventId ?? 'baseline'), raceEventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'SetupTargetsSet':
      // Car-wide, like the tire pressure targets.
      return { carId: event.data.carId, section: 'setup-targets', subject: TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'TireTemperatureTargetsSet':
      // Car-wide targets too, their own subject: the setup record's setup targets stay the cross and front weight's.
      return { carId: event.data.carId, section: 'setup-targets', subject: TIRE_TEMPERATURE_TARGETS_SUBJECT, raceEventId: null, value: { json: event.data.targets } };
    case 'CarGeometrySet':
      return { carId: event.data.carId, section: 'basic', subject: GEOMETRY_SUBJECT, raceEventId: null, value: { json: flatGeometry(event.data.geometry) } };
    case 'CarTankCapacitySet':
      return { carId: event.data.carId, section: 'basic', subject: 'tank', raceEventId: null, value: { json: { tankLitres: event.data.tankLitres } } };
    case 'ChecklistItemAdded':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { json: { title: event.data.title, priority: event.data.priority, isCompleted: false } } };
    case 'ChecklistItemCompleted':
    case 'ChecklistItemReopened':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { firstWith: { isCompleted: event.type === 'ChecklistItemCompleted' } } };
    case 'ChecklistItemRemoved':
      // The removed item's last value is kept by the rows before: this one holds none.
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), raceEventId: null, value: { json: null } };
    case 'IssueRaised':
      return { carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), raceEventId: event.data.raceEventId, value: { json: { title: event.data.title, status: event.data.status, type: event.data.issueType } } };
    case 'IssueStatusChanged':
      // An issue's race event is the one it was raised for.
      return { carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), raceEventId: null, value: { firstWith: { status: event.data.to } } };
    case 'SessionAdded':
      return { ...sessionSubject(event.data), value: { json: sessionDetailsText(event.data.details) } };
    case 'SessionDetailsRevised':
      return { ...sessionSubject(event.data), value: { lastWith: sessionDetailsText(event.data.details) } };
    case 'SessionLapsSet':
      return { ...sessionSubject(event.data), value: { lastWith: { laps: lapsText(event.data.laps) } } };
    case 'SessionTirePressuresSet': {
      const { cold, hot } = event.data;
      return { ...sessionSubject(event.data), value: { lastWith: { cold: cold && `${cornersText(cold)} at ${cold.tempC} °C`, hot: hot && cornersText(hot) } } };
    }
    case 'SessionStintsSet':
      return { ...sessionSubject(event.data), value: { lastWith: { stints: stintsText(event.data.stints) } } };
    case 'SessionFuelAtEndSet':
      return { ...sessionSubject(event.data), value: { lastWith: { fuelAtEndLitres: withUnit(event.data.fuelAtEndLitres, 'L') } } };
    case 'SessionRemoved':
      return { ...sessionSubject(event.data), value: { json: null } };
    case 'RacePlanSet':
      // One race plan per race event: the race event is its subject.
      return { carId: event.data.carId, section: 'race-plan', subject: String(event.data.raceEventId), raceEventId: event.data.raceEventId, value: { json: racePlanText(event.data.plan) } };
    case 'PartFitted':
    case 'PartRemoved':
      // The car's side of a part's fit or removal (a move is both, each on its own car).
      return {
        carId: event.data.carId, section: 'parts', subject: String(event.data.partId), raceEventId: null,
        value: { json: { name: event.data.name, state: event.type === 'PartFitted' ? 'fitted' : 'removed', at: utcMinute(event.data.at) } },
      };
    case 'PartFitDateCorrected':
      // The car's fit of the part at its corrected moment: the change reads 'fitted <from> → fitted <at>'.
      return {
        carId: event.data.carId, section: 'parts', subject: String(event.data.partId), raceEventId: null,
        value: { json: { name: event.data.name, state: 'fitted', at: utcMinute(event.data.at) } },
      };
    default:
      return null;
  }
}

/** The subject of the car-wide targets (tire pressure targets, setup targets) in setup_history. */
export const TARGETS_SUBJECT = 'car';
/** The subject of the car's tyre temperature targets in the 'setup-targets' section. */
export const TIRE_TEMPERATURE_TARGETS_SUBJECT = 'tire-temperatures';

/** The subject of the car's wheelbase, motion ratios and unsprung masses in the 'basic' section. */
export const GEOMETRY_SUBJECT = 'geometry';

/** The car's geometry as one flat value (mm, ratio, kg), so its history lists each field. */
export const flatGeometry = (g: CarGeometryValue) => ({
  wheelbaseMm: g.wheelbaseMm,
  motionRatioFront: g.motionRatio.front,
  motionRatioRear: g.motionRatio.rear,
  unsprungFl: g.unsprungKg.fl,
  unsprungFr: g.unsprungKg.fr,
  unsprungRl: g.unsprungKg.rl,
  unsprungRr: g.unsprungKg.rr,
});

/** The inverse of {@link flatGeometry}. */
export const geometryOfFlat = (v: Record<string, unknown>): CarGeometryValue => {
  const n = (k: string) => (typeof v[k] === 'number' ? v[k] : null);
  return {
    wheelbaseMm: n('wheelbaseMm'),
    motionRatio: { front: n('motionRatioFront'), rear: n('motionRatioRear') },
    unsprungKg: { fl: n('unsprungFl'), fr: n('unsprungFr'), rl: n('unsprungRl'), rr: n('unsprungRr') },
  };
};

/** An instant as 'YYYY-MM-DD HH:MM UTC'. */
const utcMinute = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A session's subject in the history: the 'sessions' section of its car and race event. */
const sessionSubject = (d: { sessionId: number; carId: number; raceEventId: number }) => ({ carId: d.carId, section: 'sessions' as const, subject: String(d.sessionId), raceEventId: d.raceEventId });

const SESSION_TYPE_LABELS = Object.fromEntries(SESSION_TYPES.map((t) => [t.value, t.label]));
const FEEDBACK_LABELS = Object.fromEntries(FEEDBACK_TAGS.map((t) => [t.value, t.label]));
const withUnit = (value: number | null, unit: string) => (value === null ? null : `${value} ${unit}`);

/**
 * A session's details as display texts for its history (°C, litres; the start as 'YYYY-MM-DD HH:MM
 * UTC'). `driverMemberId` is kept so the INSERT can name the driver as the team knows them then.
 */
function sessionDetailsText(d: SessionDetails): Record<string, unknown> {
  return {
    name: d.name,
    type: SESSION_TYPE_LABELS[d.type],
    startedAt: utcMinute(d.startedAt),
    driverMemberId: d.driverMemberId,
    airTempC: withUnit(d.airTempC, '°C'),
    trackTempC: withUnit(d.trackTempC, '°C'),
    weather: d.weather,
    tireSet: d.tireSet,
    fuelLitres: withUnit(d.fuelLitres, 'L'),
    notes: d.notes,
    feedbackTags: d.feedbackTags.map((t) => FEEDBACK_LABELS[t]).join(', ') || null,
    feedbackText: d.feedbackText,
  };
}

/** '14 laps, 11 timed, best 1:42.318'. */
function lapsText(laps: readonly LapValue[]): string {
  const { bestLapMs, timedLapCount } = lapStatistics(laps);
  return [`${laps.length} ${laps.length === 1 ? 'lap' : 'laps'}`, `${timedLapCount} timed`, bestLapMs !== null && `best ${formatLapTime(bestLapMs)}`].filter(Boolean).join(', ');
}

/** '3 stints, 2 stops, 95 L added' ('95 L added where recorded' when a stop's fuel is not recorded; an empty list: null, none recorded). */
function stintsText(stints: readonly StintValue[]): string | null {
  if (stints.length === 0) return null;
  const added = stints.reduce((a, s) => a + (s.fuelAddedLitres ?? 0), 0);
  const stops = stints.length - 1;
  const partly = stints.some((s) => s.fuelAddedLitres === null) ? ' where recorded' : '';
  return `${stints.length} ${stints.length === 1 ? 'stint' : 'stints'}, ${stops} ${stops === 1 ? 'stop' : 'stops'}, ${Math.round(added * 10) / 10} L added${partly}`;
}

/** A race plan's inputs as display texts (minutes, laps, m:ss.fff, L, %, s); driver ids as a list of ids in driving order. */
function racePlanText(p: RacePlanInput): Record<string, unknown> {
  const rules = [
    p.rules.minDriverMinutes !== null && `min ${p.rules.minDriverMinutes} min a driver`,
    p.rules.maxDriverMinutes !== null && `max ${p.rules.maxDriverMinutes} min a driver`,
    p.rules.maxStintMinutes !== null && `max ${p.rules.maxStintMinutes} min a stint`,
  ].filter(Boolean);
  return {
    raceLength: p.raceLaps !== null ? `${p.raceLaps} laps` : withUnit(p.raceMinutes, 'min'),
    lapTime: p.lapTimeMs === null ? null : formatLapTime(p.lapTimeMs),
    fuelPerLap: withUnit(p.fuelPerLapLitres, 'L/lap'),
    tank: withUnit(p.tankLitres, 'L'),
    margin: `${p.marginPercent} %`,
    minStop: p.minStopMs === null ? null : `${p.minStopMs / 1000} s`,
    drivers: p.driverMemberIds.length === 0 ? null : `${p.driverMemberIds.length} in order (member ids ${p.driverMemberIds.join(', ')})`,
    rules: rules.length === 0 ? null : rules.join(', '),
  };
}

/** 'FL 28, FR 28, RL 27, RR 27 psi'. */
const cornersText = (p: { fl: number; fr: number; rl: number; rr: number }) => `FL ${p.fl}, FR ${p.fr}, RL ${p.rl}, RR ${p.rr} psi`;

/**
 * One row of the batch as the INSERT reads it. `first_with` set: the value is the subject's first
 * row's value with these keys replaced, and a null race_event_id is that row's (found in the table:
 * the subject began before the batch).
 */
interface BatchRow {
  id: string;
  position_commit: string;
  car_id: number;
  section: HistorySection;
  subject: string;
  race_event_id: number | null;
  type: string;
  at: string;
  actor_user_id: number | null;
  team_id: number | null;
  value: unknown;
  first_with: Record<string, unknown> | null;
  last_with: Record<string, unknown> | null;
}

/**
 * The batch's history rows, in order, and the INSERT writing them. A subject that began in the
 * batch (a checklist item added, an issue raised) is resolved here, in memory; one that began
 * before is resolved by the INSERT.
 */
class HistoryInserts implements TableWriter {
  private readonly firsts = new Map<string, { value: Record<string, unknown>; raceEventId: number | null }>();
  private readonly rows: BatchRow[] = [];

  /** Adds the history row of `event` (none for an event that changes no subject). */
  add(event: ProjectedEvent): void {
    const e = historyEntryOf(event);
    if (!e) return;
    const subjectKey = `${e.carId}/${e.section}/${e.subject}`;
    const first = this.firsts.get(subjectKey);
    const m = event.metadata;
    const row: BatchRow = {
      id: event.position.prepare.toString(), position_commit: event.position.commit.toString(), car_id: e.carId, section: e.section, subject: e.subject,
      race_event_id: e.raceEventId, type: event.type, at: m.at, actor_user_id: m.userId, team_id: m.teamId, value: null, first_with: null, last_with: null,
    };
    if ('lastWith' in e.value) {
      row.last_with = e.value.lastWith;
    } else if ('json' in e.value) {
      row.value = e.value.json;
      if (!first && e.value.json !== null) this.firsts.set(subjectKey, { value: e.value.json as Record<string, unknown>, raceEventId: e.raceEventId });
    } else if (first) {
      row.value = { ...first.value, ...e.value.firstWith };
      row.race_event_id ??= first.raceEventId;
    } else {
      row.first_with = e.value.firstWith;
    }
    this.rows.push(row);
  }

  /** The INSERT of the rows added (none when no event changed a subject). */
  statements(): ProjectionStatement[] {
    return this.rows.length === 0 ? [] : [insertRows(this.rows)];
  }
}

/**
 * The INSERT of a batch's rows: the actor's name, role and colour from team_members as they are
 * now (the projector cuts the batch before each change of a member, see segmentBefore), the
 * values of subjects begun before the batch from their first row, a session's change merged onto
 * its latest row, and a session's driver (`driverMemberId` in the change) named from team_members.
 */
function insertRows(rows: readonly BatchRow[]): ProjectionStatement {
  return rowsStatement(
    `INSERT INTO setup_history (id, position_commit, car_id, section, subject, race_event_id, type, at, actor_user_id, actor_display_name, actor_role, actor_color, value)
     SELECT r.id, r.position_commit, r.car_id, r.section, r.subject, COALESCE(r.race_event_id, f.race_event_id), r.type, r.at, r.actor_user_id,
            m.display_name, m.role, m.member_color,
            CASE WHEN (COALESCE(r.last_with, r.value) ? 'driverMemberId') AND r.section = 'sessions'
                 THEN v.value || jsonb_build_object('driver', (SELECT d.display_name FROM team_members d WHERE d.id = (v.value->>'driverMemberId')::integer))
                 ELSE v.value END
       FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, position_commit bigint, car_id integer, section text, subject text, race_event_id integer,
                                               type text, at timestamptz, actor_user_id integer, team_id integer, value jsonb, first_with jsonb, last_with jsonb)
       LEFT JOIN team_members m ON m.team_id = r.team_id AND m.user_id = r.actor_user_id::text
       LEFT JOIN LATERAL (
         SELECT h.value, h.race_event_id FROM setup_history h
          WHERE r.first_with IS NOT NULL AND h.car_id = r.car_id AND h.section = r.section AND h.subject = r.subject
          ORDER BY h.position_commit, h.id LIMIT 1
       ) f ON true
       LEFT JOIN LATERAL (
         SELECT h.value FROM setup_history h
          WHERE r.last_with IS NOT NULL AND h.car_id = r.car_id AND h.section = r.section AND h.subject = r.subject
          ORDER BY h.position_commit DESC, h.id DESC LIMIT 1
       ) l ON true
       CROSS JOIN LATERAL (
         SELECT CASE WHEN r.first_with IS NOT NULL THEN f.value || r.first_with
                     WHEN r.last_with IS NOT NULL THEN COALESCE(l.value, '{}'::jsonb) || r.last_with
                     ELSE r.value END AS value
       ) v`,
    JSON.stringify(rows),
  );
}

interface HistoryRow {
  id: string | number;
  positionCommit: string | number;
  section: HistorySection;
  raceEventId: number | null;
  type: string;
  at: Date | string;
  actorUserId: number | null;
  actorDisplayName: string | null;
  actorRole: HistoryEntry['actor']['role'];
  actorColor: string | null;
  value: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
  /** For a race event's own gear ratios, suspension, tire pressures, corner weights or setup sheet: the car's baseline value just before (null otherwise). */
  baseline: Record<string, unknown> | null;
}

/**
 * The baseline value a race event's own setup row inherited before it (see `inheritedBefore`),
 * for the history reads' FROM setup_history h: `bl.value`.
 */
const INHERITED_BASELINE = `LEFT JOIN LATERAL (
         SELECT b.value FROM setup_history b
          WHERE h.section IN ('gear-ratios', 'suspension', 'tire-pressures', 'corner-weights', 'setup-sheet') AND h.subject <> 'baseline'
            AND b.car_id = h.car_id AND b.section = h.section AND b.subject = 'baseline'
            AND (b.position_commit, b.id) < (h.position_commit, h.id)
          ORDER BY b.position_commit DESC, b.id DESC LIMIT 1
       ) bl ON true`;

/** Filters of a history read; `before` is a position 'commit/prepare' to page back from. */
export interface HistoryFilter {
  section?: HistorySection;
  raceEventId?: number;
  before?: { commit: bigint; prepare: bigint };
  limit: number;
}

/**
 * The history rows of car `$1` (as HistoryRow), each with the previous value of its subject
 * (`previous`) and the baseline a race event's own setup inherited (`baseline`); a query adds its
 * own conditions with AND.
 */
const HISTORY_ROWS_OF_CAR = `SELECT h.id, h.position_commit AS "positionCommit", h.section, h.race_event_id AS "raceEventId", h.type, h.at,
              h.actor_user_id AS "actorUserId", h.actor_display_name AS "actorDisplayName", h.actor_role AS "actorRole", h.actor_color AS "actorColor",
              h.value, LAG(h.value) OVER (PARTITION BY h.section, h.subject ORDER BY h.position_commit, h.id) AS previous, bl.value AS baseline
         FROM setup_history h ${INHERITED_BASELINE}
        WHERE h.car_id = $1`;

/**
 * A car's history, newest first, each entry with its field-by-field changes against the
 * previous value of the same subject. Caller checks tenancy of the car.
 */
export async function listHistory(sql: Sql, carId: number, filter: HistoryFilter): Promise<HistoryEntry[]> {
  const { rows } = await sql.query<HistoryRow>(
    `SELECT * FROM (
       ${HISTORY_ROWS_OF_CAR} AND ($2::text IS NULL OR h.section = $2)
     ) x
     WHERE ($3::integer IS NULL OR x."raceEventId" = $3)
       AND ($4::bigint IS NULL OR (x."positionCommit", x.id) < ($4::bigint, $5::bigint))
     ORDER BY x."positionCommit" DESC, x.id DESC
     LIMIT $6`,
    [carId, filter.section ?? null, filter.raceEventId ?? null, filter.before?.commit.toString() ?? null, filter.before?.prepare.toString() ?? null, filter.limit],
  );
  return rows.map(toHistoryEntry);
}

const toHistoryEntry = (r: HistoryRow): HistoryEntry => ({
  position: formatPosition({ commit: BigInt(r.positionCommit), prepare: BigInt(r.id) }),
  at: new Date(r.at).toISOString(),
  type: r.type,
  section: r.section,
  eventId: r.raceEventId,
  actor: { userId: r.actorUserId, displayName: r.actorDisplayName, role: r.actorRole, memberColor: r.actorColor },
  // A subject's first row changed from nothing, except a race event's own setup: it changed from the baseline it inherited.
  changes: computeChanges(r.section, r.previous ?? inheritedBefore(r.section, r.value, r.baseline), r.value),
});

/**
 * The setup changes that reached race event `raceEventId` between two positions (after `after`, up
 * to and including `upTo`): changes of its own gear ratios, suspension, tire pressures, corner weights and setup sheet, of
 * the car's baseline (which it inherits) and of the car's tire pressure targets, oldest first, each with who made it and the change field
 * by field. Caller checks tenancy of the car.
 */
export async function listSetupChangesBetween(sql: Sql, carId: number, raceEventId: number, after: Position, upTo: Position): Promise<HistoryEntry[]> {
  const { rows } = await sql.query<HistoryRow>(
    `SELECT * FROM (
       ${HISTORY_ROWS_OF_CAR}
          AND (h.section IN ('gear-ratios', 'suspension', 'tire-pressures', 'corner-weights', 'setup-sheet') AND h.subject IN ('baseline', $2::text) OR h.section IN ('tire-pressure-targets', 'setup-targets'))
     ) x
     WHERE (x."positionCommit", x.id) > ($3::bigint, $4::bigint) AND (x."positionCommit", x.id) <= ($5::bigint, $6::bigint)
     ORDER BY x."positionCommit", x.id`,
    [carId, String(raceEventId), after.commit.toString(), after.prepare.toString(), upTo.commit.toString(), upTo.prepare.toString()],
  );
  return rows.map(toHistoryEntry);
}
