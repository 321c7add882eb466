import type { HistoryEntry, HistorySection } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import { stmt, type ProjectedEvent, type Projection, type Statement } from '../projection.ts';
import { computeChanges } from './changes.ts';

/**
 * setup_history: one row per change of a car's record, holding the COMPLETE new value of its
 * subject (a setup of the baseline or a race event, a maintenance item, a checklist item, an
 * issue) and who made it, as they were on the team at that moment. The field-by-field change
 * is computed at read time from the previous row of the same subject (events hold complete values).
 */
export const historyProjection: Projection = {
  name: 'setup_history',
  tables: ['setup_history'],
  ddl: `
    CREATE TABLE IF NOT EXISTS setup_history (
      id bigint PRIMARY KEY,
      position_commit bigint NOT NULL,
      car_id integer NOT NULL,
      section text NOT NULL,
      subject text NOT NULL,
      event_id integer,
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
  canHandle: [
    'CarCreated', 'CarDetailsUpdated', 'TuningLinkSet', 'MaintenanceRecorded', 'GearRatiosSet', 'SuspensionSet', 'TirePressuresSet',
    'ChecklistItemAdded', 'ChecklistItemCompleted', 'ChecklistItemReopened', 'ChecklistItemRemoved', 'IssueRaised', 'IssueStatusChanged',
  ],
  project(event) {
    const entry = historyEntryOf(event);
    return entry ? [insertEntry(event, entry)] : [];
  },
};

interface EntryInput {
  carId: number;
  section: HistorySection;
  subject: string;
  eventId: number | null;
  /** The complete new value as JSON, or SQL producing it (read-model lookups for titles). */
  value: { json: unknown } | { sql: string; params: unknown[] };
}

function historyEntryOf(event: ProjectedEvent): EntryInput | null {
  switch (event.type) {
    case 'CarCreated':
    case 'CarDetailsUpdated':
      return { carId: event.data.carId, section: 'basic', subject: 'details', eventId: null, value: { json: event.data.details } };
    case 'TuningLinkSet':
      return { carId: event.data.carId, section: 'basic', subject: 'tuning', eventId: null, value: { json: { tuningFileUrl: event.data.tuningFileUrl } } };
    case 'MaintenanceRecorded':
      return { carId: event.data.carId, section: 'maintenance', subject: event.data.item, eventId: null, value: { json: { [event.data.item]: event.data.date } } };
    case 'GearRatiosSet':
      return { carId: event.data.carId, section: 'gear-ratios', subject: String(event.data.raceEventId ?? 'baseline'), eventId: event.data.raceEventId, value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r) } } };
    case 'SuspensionSet':
      return { carId: event.data.carId, section: 'suspension', subject: String(event.data.raceEventId ?? 'baseline'), eventId: event.data.raceEventId, value: { json: event.data.values } };
    case 'TirePressuresSet':
      return {
        carId: event.data.carId, section: 'tire-pressures', subject: String(event.data.raceEventId ?? 'baseline'), eventId: event.data.raceEventId,
        value: { json: { rows: event.data.rows.map(({ id: _id, ...r }) => r), notes: event.data.notes } },
      };
    case 'ChecklistItemAdded':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), eventId: null, value: { json: { title: event.data.title, priority: event.data.priority, isCompleted: false } } };
    case 'ChecklistItemCompleted':
    case 'ChecklistItemReopened':
      return {
        carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), eventId: null,
        value: { sql: `SELECT jsonb_build_object('title', title, 'priority', priority, 'isCompleted', $X::boolean) FROM checklist_items WHERE id = $Y`, params: [event.type === 'ChecklistItemCompleted', event.data.itemId] },
      };
    case 'ChecklistItemRemoved':
      return { carId: event.data.carId, section: 'checklist', subject: String(event.data.itemId), eventId: null, value: { json: null } };
    case 'IssueRaised':
      return { carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), eventId: event.data.raceEventId, value: { json: { title: event.data.title, status: event.data.status, type: event.data.issueType } } };
    case 'IssueStatusChanged':
      return {
        carId: event.data.carId, section: 'issues', subject: String(event.data.issueId), eventId: null,
        value: { sql: `SELECT jsonb_build_object('title', title, 'status', $X::text, 'type', type) FROM issues WHERE id = $Y`, params: [event.data.to, event.data.issueId] },
      };
    default:
      return null;
  }
}

/** The INSERT of one history row; the actor's name, role and colour come from team_members at that moment. */
function insertEntry(event: ProjectedEvent, e: EntryInput): Statement {
  const m = event.metadata;
  const base = [event.position.prepare.toString(), event.position.commit.toString(), e.carId, e.section, e.subject, e.eventId, event.type, m.at, m.userId, m.teamId];
  const valueSql = 'sql' in e.value ? `(${e.value.sql.replace('$X', `$${base.length + 1}`).replace('$Y', `$${base.length + 2}`)})` : `$${base.length + 1}::jsonb`;
  const valueParams = 'sql' in e.value ? e.value.params : [JSON.stringify(e.value.json)];
  // A removed checklist item's last title is kept for the history: take it from the previous row.
  const removedValue = event.type === 'ChecklistItemRemoved';
  return stmt(
    `INSERT INTO setup_history (id, position_commit, car_id, section, subject, event_id, type, at, actor_user_id, actor_display_name, actor_role, actor_color, value)
     SELECT $1::bigint, $2::bigint, $3::integer, $4::text, $5::text,
            ${e.section === 'issues' ? `COALESCE($6::integer, (SELECT event_id FROM issues WHERE id = $5::text::integer))` : '$6::integer'},
            $7::text, $8::timestamptz, $9::integer, m.display_name, m.role, m.member_color,
            ${removedValue ? 'NULL' : valueSql}
       FROM (SELECT 1) AS one
       LEFT JOIN team_members m ON m.team_id = $10::integer AND m.user_id = $9::text`,
    ...base,
    ...(removedValue ? [] : valueParams),
  );
}

interface HistoryRow {
  id: string | number;
  positionCommit: string | number;
  section: HistorySection;
  eventId: number | null;
  type: string;
  at: Date | string;
  actorUserId: number | null;
  actorDisplayName: string | null;
  actorRole: HistoryEntry['actor']['role'];
  actorColor: string | null;
  value: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
}

/** Filters of a history read; `before` is a position 'commit/prepare' to page back from. */
export interface HistoryFilter {
  section?: HistorySection;
  eventId?: number;
  before?: { commit: bigint; prepare: bigint };
  limit: number;
}

/**
 * A car's history, newest first, each entry with its field-by-field changes against the
 * previous value of the same subject. Caller checks tenancy of the car.
 */
export async function listHistory(sql: Sql, carId: number, filter: HistoryFilter): Promise<HistoryEntry[]> {
  const { rows } = await sql.query<HistoryRow>(
    `SELECT * FROM (
       SELECT h.id, h.position_commit AS "positionCommit", h.section, h.event_id AS "eventId", h.type, h.at,
              h.actor_user_id AS "actorUserId", h.actor_display_name AS "actorDisplayName", h.actor_role AS "actorRole", h.actor_color AS "actorColor",
              h.value, LAG(h.value) OVER (PARTITION BY h.section, h.subject ORDER BY h.position_commit, h.id) AS previous
         FROM setup_history h WHERE h.car_id = $1 AND ($2::text IS NULL OR h.section = $2)
     ) x
     WHERE ($3::integer IS NULL OR x."eventId" = $3)
       AND ($4::bigint IS NULL OR (x."positionCommit", x.id) < ($4::bigint, $5::bigint))
     ORDER BY x."positionCommit" DESC, x.id DESC
     LIMIT $6`,
    [carId, filter.section ?? null, filter.eventId ?? null, filter.before?.commit.toString() ?? null, filter.before?.prepare.toString() ?? null, filter.limit],
  );
  return rows.map((r) => ({
    position: formatPosition({ commit: BigInt(r.positionCommit), prepare: BigInt(r.id) }),
    at: new Date(r.at).toISOString(),
    type: r.type,
    section: r.section,
    eventId: r.eventId,
    actor: { userId: r.actorUserId, displayName: r.actorDisplayName, role: r.actorRole, memberColor: r.actorColor },
    changes: computeChanges(r.section, r.previous, r.value),
  }));
}
