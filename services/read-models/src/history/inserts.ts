import type { HistorySection } from '@pitwall/contracts';
import { rowsStatement, type ProjectedEvent, type ProjectionStatement } from '../projection.ts';
import type { TableWriter } from '../define-projection.ts';
import { historyEntryOf } from './entries.ts';

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
export class HistoryInserts implements TableWriter {
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
