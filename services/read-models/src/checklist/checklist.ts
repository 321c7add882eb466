import type { ChecklistItem } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import type { Projection } from '../projection.ts';
import { RowChanges } from '../row-changes.ts';

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
  project(events) {
    const items = new RowChanges({ table: 'checklist_items', key: 'id' });
    for (const event of events) {
      const at = event.metadata.at;
      switch (event.type) {
        case 'ChecklistItemAdded': {
          const d = event.data;
          items.write({ id: d.itemId, car_id: d.carId, title: d.title, description: d.description, priority: d.priority, created_at: at, updated_at: at });
          break;
        }
        case 'ChecklistItemCompleted':
        case 'ChecklistItemReopened':
          items.patch(event.data.itemId, { is_completed: event.type === 'ChecklistItemCompleted', updated_at: at });
          break;
        case 'ChecklistItemRemoved':
          items.remove(event.data.itemId);
          break;
        default:
          break;
      }
    }
    return items.statements();
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
