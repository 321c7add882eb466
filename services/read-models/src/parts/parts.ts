import { partLife, type Part, type PartChange, type PartDetails, type PartLifeEntry, type PartStatus, type PartCategory } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { rowsStatement } from '../projection.ts';
import type { RowChanges } from '../row-changes.ts';
import { listSessionUsage } from '../session-usage/session-usage.ts';
import { defineProjection, type ProjectedEventOf } from '../define-projection.ts';

/** A change of a part's life (part_changes), keyed by its place in the part's stream. */
function writeChange(
  changes: RowChanges,
  event: ProjectedEventOf<'PartFitted' | 'PartRemoved' | 'PartServiced'>,
  row: { kind: PartChange['kind']; car_id: number | null; at: string; notes?: string; resets_life?: boolean },
): void {
  const { partId } = event.data;
  changes.write({ change_key: `${partId}:${event.streamPosition}`, part_id: partId, seq: event.streamPosition, notes: null, resets_life: false, ...row });
}

/**
 * parts and part_changes: each part of a team with its description, limits and usage before
 * Pitwall, the car it is on now, and its dated changes (fitted, removed, serviced) in recorded
 * order. Usage is not stored: it is computed when read, from these changes and session_usage
 * (partLife), so a lap edit, a deleted session or a corrected date is reflected at once and a
 * rebuild cannot drift from the live rows.
 */
export const partsProjection = defineProjection({
  name: 'parts',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS parts (
      id integer PRIMARY KEY,
      team_id integer NOT NULL,
      name text NOT NULL,
      category text NOT NULL,
      part_number text, serial_number text, notes text,
      limits jsonb NOT NULL,
      used_before jsonb NOT NULL,
      car_id integer,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS parts_team_idx ON parts (team_id, car_id);
    CREATE TABLE IF NOT EXISTS part_changes (
      change_key text PRIMARY KEY,
      part_id integer NOT NULL,
      seq integer NOT NULL,
      kind text NOT NULL,
      car_id integer,
      at timestamptz NOT NULL,
      notes text,
      resets_life boolean NOT NULL DEFAULT false
    );
    CREATE INDEX IF NOT EXISTS part_changes_part_idx ON part_changes (part_id, seq);`,
  tables: { parts: 'id', part_changes: 'change_key' },
  // A corrected fit date updates the fit row written before it, found by its place in the stream:
  // each correction starts a segment (and is its first event), so that row is in the table.
  segmentBefore: ['PartFitDateCorrected'],
  on: {
    PartAdded({ data: { partId, teamId, details, createdAt } }, { parts }) {
      parts.write({ id: partId, team_id: teamId, ...detailColumns(details), car_id: null, created_at: createdAt });
    },
    PartRevised: ({ data: d }, { parts }) => parts.patch(d.partId, detailColumns(d.details)),
    PartFitted(event, { parts, part_changes }) {
      parts.patch(event.data.partId, { car_id: event.data.carId });
      writeChange(part_changes, event, { kind: 'fitted', car_id: event.data.carId, at: event.data.at });
    },
    PartRemoved(event, { parts, part_changes }) {
      parts.patch(event.data.partId, { car_id: null });
      writeChange(part_changes, event, { kind: 'removed', car_id: event.data.carId, at: event.data.at });
    },
    PartServiced(event, { part_changes }) {
      const d = event.data;
      writeChange(part_changes, event, { kind: 'serviced', car_id: d.carId, at: d.at, notes: d.notes, resets_life: d.resetsLife });
    },
    PartFitDateCorrected({ data: { partId, from, at }, streamPosition }, _, sql) {
      const row = { part_id: partId, seq: streamPosition, at, notes: `date corrected from ${new Date(from).toISOString().slice(0, 16).replace('T', ' ')} UTC` };
      sql(rowsStatement(CORRECT_FIT_DATE, JSON.stringify([row])));
    },
    PartDeleted({ data: d }, { parts, part_changes }) {
      parts.remove(d.partId);
      part_changes.removeWhere({ part_id: d.partId });
    },
  },
});

/** Sets the date of the part's latest fit before the correction (by stream position) and notes the date it replaces. */
const CORRECT_FIT_DATE = `
  UPDATE part_changes c SET at = r.at, notes = r.notes
    FROM jsonb_to_recordset($1::jsonb) AS r(part_id integer, seq integer, at timestamptz, notes text)
   WHERE c.change_key = (SELECT f.change_key FROM part_changes f WHERE f.part_id = r.part_id AND f.kind = 'fitted' AND f.seq < r.seq ORDER BY f.seq DESC LIMIT 1)`;

/** The columns of a part's description. */
const detailColumns = (d: PartDetails) => ({
  name: d.name, category: d.category, part_number: d.partNumber, serial_number: d.serialNumber, notes: d.notes, limits: d.limits, used_before: d.usedBefore,
});

interface PartRow {
  id: number;
  teamId: number;
  name: string;
  category: PartCategory;
  partNumber: string | null;
  serialNumber: string | null;
  notes: string | null;
  limits: Part['limits'];
  usedBefore: Part['usedBefore'];
  createdAt: Date | string;
}
interface ChangeRow {
  partId: number;
  kind: PartChange['kind'];
  carId: number | null;
  at: Date | string;
  notes: string | null;
  resetsLife: boolean;
}

/** A part with its life: the answer, and the life's entries (fits, removals, services, sessions), oldest first. */
export interface PartWithLife {
  part: Part;
  life: PartLifeEntry[];
}

/** Which parts of a team to read: one part, or those fitted now to one car. */
export interface PartSelection {
  partId?: number;
  carId?: number;
}

/**
 * The parts of team `teamId` (one part, or those on a car now, per `selection`), by category order
 * then name, each with its usage, remaining life and status computed for the day `today`
 * ('YYYY-MM-DD', UTC) from its changes and the sessions of the cars it was fitted to. Caller
 * checks tenancy.
 */
export async function listPartsWithLife(sql: Sql, teamId: number, today: string, selection: PartSelection = {}): Promise<PartWithLife[]> {
  const { rows: parts } = await sql.query<PartRow>(
    `SELECT id, team_id AS "teamId", name, category, part_number AS "partNumber", serial_number AS "serialNumber", notes, limits, used_before AS "usedBefore", created_at AS "createdAt"
       FROM parts
      WHERE team_id = $1 AND ($2::integer IS NULL OR id = $2) AND ($3::integer IS NULL OR car_id = $3)
      ORDER BY name, id`,
    [teamId, selection.partId ?? null, selection.carId ?? null],
  );
  if (parts.length === 0) return [];
  const { rows: changes } = await sql.query<ChangeRow>(
    `SELECT part_id AS "partId", kind, car_id AS "carId", at, notes, resets_life AS "resetsLife"
       FROM part_changes WHERE part_id IN (SELECT value::integer FROM jsonb_array_elements_text($1::jsonb)) ORDER BY part_id, seq`,
    [JSON.stringify(parts.map((p) => p.id))],
  );
  const changesOf = new Map<number, PartChange[]>();
  for (const { partId, at, ...c } of changes) changesOf.set(partId, [...(changesOf.get(partId) ?? []), { ...c, at: new Date(at).toISOString() }]);
  const carIds = [...new Set(changes.flatMap((c) => (c.kind === 'fitted' && c.carId !== null ? [c.carId] : [])))];
  const sessions = await listSessionUsage(sql, teamId, carIds);
  return parts.map(({ createdAt, ...row }) => {
    const life = partLife({ limits: row.limits, usedBefore: row.usedBefore, changes: changesOf.get(row.id) ?? [], sessions, today });
    const { life: entries, ...figures } = life;
    return { part: { ...row, ...figures, createdAt: new Date(createdAt).toISOString() }, life: entries };
  });
}

/** Whether a part answer matches the filters of GET …/parts (status, category; all when absent). */
export const partMatches = (part: Part, filter: { status?: PartStatus | undefined; category?: PartCategory | undefined }) =>
  (filter.status === undefined || part.status === filter.status) && (filter.category === undefined || part.category === filter.category);
