import { partLife, type Part, type PartChange, type PartDetails, type PartLifeEntry, type PartStatus, type PartCategory } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { rowsStatement, type Projection, type ProjectionStatement } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';
import { listSessionUsage } from '../session-usage/session-usage.ts';

/**
 * parts and part_changes: each part of a team with its description, limits and usage before
 * Pitwall, the car it is on now, and its dated changes (fitted, removed, serviced) in recorded
 * order. Usage is not stored: it is computed when read, from these changes and session_usage
 * (partLife), so a lap edit, a deleted session or a corrected date is reflected at once and a
 * rebuild cannot drift from the live rows.
 */
export const partsProjection: Projection = {
  name: 'parts',
  version: 1,
  tables: ['parts', 'part_changes'],
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
  canHandle: ['PartAdded', 'PartRevised', 'PartFitted', 'PartRemoved', 'PartServiced', 'PartFitDateCorrected', 'PartDeleted'],
  // A corrected fit date updates the fit row written before it, found by its place in the stream:
  // each correction starts a segment (and is its first event), so that row is in the table.
  segmentBefore: ['PartFitDateCorrected'],
  project(events) {
    const corrections: ProjectionStatement[] = [];
    const parts = new RowChanges({ table: 'parts', key: 'id' });
    const changes = new RowChanges({ table: 'part_changes', key: 'change_key' });
    for (const event of events) {
      const change = (partId: number, row: { kind: PartChange['kind']; car_id: number | null; at: string; notes?: string; resets_life?: boolean }) =>
        changes.write({ change_key: `${partId}:${event.streamPosition}`, part_id: partId, seq: event.streamPosition, notes: null, resets_life: false, ...row });
      switch (event.type) {
        case 'PartAdded': {
          const { partId, teamId, details, createdAt } = event.data;
          parts.write({ id: partId, team_id: teamId, ...detailColumns(details), car_id: null, created_at: createdAt });
          break;
        }
        case 'PartRevised':
          parts.patch(event.data.partId, detailColumns(event.data.details));
          break;
        case 'PartFitted':
          parts.patch(event.data.partId, { car_id: event.data.carId });
          change(event.data.partId, { kind: 'fitted', car_id: event.data.carId, at: event.data.at });
          break;
        case 'PartRemoved':
          parts.patch(event.data.partId, { car_id: null });
          change(event.data.partId, { kind: 'removed', car_id: event.data.carId, at: event.data.at });
          break;
        case 'PartServiced':
          change(event.data.partId, { kind: 'serviced', car_id: event.data.carId, at: event.data.at, notes: event.data.notes, resets_life: event.data.resetsLife });
          break;
        case 'PartFitDateCorrected': {
          const { partId, from, at } = event.data;
          const row = { part_id: partId, seq: event.streamPosition, at, notes: `date corrected from ${new Date(from).toISOString().slice(0, 16).replace('T', ' ')} UTC` };
          corrections.push(rowsStatement(CORRECT_FIT_DATE, JSON.stringify([row])));
          break;
        }
        case 'PartDeleted':
          parts.remove(event.data.partId);
          changes.removeWhere({ part_id: event.data.partId });
          break;
        default:
          break;
      }
    }
    return [...corrections, ...parts.statements(), ...changes.statements()];
  },
};

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
