import type { ChecklistItem } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { stmt, type Projection } from '../projection.ts';

/** checklist_items (spec §3); created_at/updated_at are the times of the events that set them. */
export const checklistProjection: Projection = {
  name: 'checklist_items',
  tables: ['checklist_items'],
  ddl: `
    CREATE TABLE IF NOT EXISTS checklist_items (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      title text NOT NULL,
      description text,
      is_completed boolean NOT NULL DEFAULT false,
      priority text NOT NULL DEFAULT 'medium',
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS checklist_items_car_idx ON checklist_items (car_id, id);`,
  canHandle: ['ChecklistItemAdded', 'ChecklistItemCompleted', 'ChecklistItemReopened', 'ChecklistItemRemoved'],
  project(event) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'ChecklistItemAdded': {
        const d = event.data;
        return [
          stmt(
            `INSERT INTO checklist_items (id, car_id, title, description, priority, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
            d.itemId, d.carId, d.title, d.description, d.priority, at,
          ),
        ];
      }
      case 'ChecklistItemCompleted':
      case 'ChecklistItemReopened':
        return [stmt(`UPDATE checklist_items SET is_completed = $2, updated_at = $3 WHERE id = $1`, event.data.itemId, event.type === 'ChecklistItemCompleted', at)];
      case 'ChecklistItemRemoved':
        return [stmt(`DELETE FROM checklist_items WHERE id = $1`, event.data.itemId)];
      default:
        return [];
    }
  },
};

type Row = Omit<ChecklistItem, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

const COLUMNS = `id, car_id AS "carId", title, description, is_completed AS "isCompleted", priority, created_at AS "createdAt", updated_at AS "updatedAt"`;
const toItem = (r: Row): ChecklistItem => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() });

/** Checklist items of a car in the order they were added. Caller checks tenancy. */
export async function listChecklistItems(sql: Sql, carId: number): Promise<ChecklistItem[]> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM checklist_items WHERE car_id = $1 ORDER BY id`, [carId]);
  return rows.map(toItem);
}

/** One checklist item of a car, or null. Caller checks tenancy. */
export async function findChecklistItem(sql: Sql, carId: number, itemId: number): Promise<ChecklistItem | null> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM checklist_items WHERE car_id = $1 AND id = $2`, [carId, itemId]);
  return rows[0] ? toItem(rows[0]) : null;
}
