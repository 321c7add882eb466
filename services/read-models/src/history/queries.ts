import type { HistoryEntry, HistorySection } from '@pitwall/contracts';
import type { Position, Sql } from '@pitwall/eventstore';
import { formatPosition } from '@pitwall/eventstore';
import { computeChanges, inheritedBefore } from './changes.ts';

/** A setup_history row as the history reads select it ({@link HISTORY_ROWS_OF_CAR}), with the values its change is computed from. */
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
