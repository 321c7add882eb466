import type { ChecklistItem } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/**
 * checklist_items: created_at/updated_at are the times of the events that set them; completed_by
 * (user id) and completed_at are who ticked a completed item and when, from the tick's event
 * metadata (null while the item is open: reopening clears them).
 */
export const checklistProjection = defineProjection({
  name: 'checklist_items',
  version: 1,
  ddl: `
    CREATE TABLE IF NOT EXISTS checklist_items (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      title text NOT NULL,
      description text,
      is_completed boolean NOT NULL DEFAULT false,
      priority text NOT NULL DEFAULT 'medium',
      completed_by integer,
      completed_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS checklist_items_car_idx ON checklist_items (car_id, id);`,
  tables: { checklist_items: 'id' },
  on: {
    ChecklistItemAdded({ data: d, metadata: { at } }, { checklist_items }) {
      checklist_items.write({ id: d.itemId, car_id: d.carId, title: d.title, description: d.description, priority: d.priority, created_at: at, updated_at: at });
    },
    ChecklistItemCompleted({ data: d, metadata: { at, userId } }, { checklist_items }) {
      checklist_items.patch(d.itemId, { is_completed: true, completed_by: userId, completed_at: at, updated_at: at });
    },
    ChecklistItemReopened({ data: d, metadata: { at } }, { checklist_items }) {
      checklist_items.patch(d.itemId, { is_completed: false, completed_by: null, completed_at: null, updated_at: at });
    },
    ChecklistItemRemoved: ({ data: d }, { checklist_items }) => checklist_items.remove(d.itemId),
  },
});

type Row = Omit<ChecklistItem, 'createdAt' | 'updatedAt' | 'completedAt'> & { createdAt: Date | string; updatedAt: Date | string; completedAt: Date | string | null };

/**
 * The item's columns, with the ticker named as the team shows them: their team display name, else
 * their first and last name, else their username ('unknown' for a user no longer known).
 */
const SELECT = `SELECT i.id, i.car_id AS "carId", i.title, i.description, i.is_completed AS "isCompleted", i.priority,
       CASE WHEN i.completed_by IS NULL THEN NULL
            ELSE coalesce(nullif(trim(m.display_name), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username, 'unknown') END AS "completedBy",
       i.completed_at AS "completedAt", i.created_at AS "createdAt", i.updated_at AS "updatedAt"
  FROM checklist_items i
  LEFT JOIN cars c ON c.id = i.car_id
  LEFT JOIN team_members m ON m.team_id = c.team_id AND m.user_id = i.completed_by::text
  LEFT JOIN users u ON u.id = i.completed_by`;
const iso = (v: Date | string) => new Date(v).toISOString();
const toItem = (r: Row): ChecklistItem => ({ ...r, completedAt: r.completedAt === null ? null : iso(r.completedAt), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) });

/** Checklist items of a car in the order they were added, each with who ticked it and when. Caller checks tenancy. */
export async function listChecklistItems(sql: Sql, carId: number): Promise<ChecklistItem[]> {
  const { rows } = await sql.query<Row>(`${SELECT} WHERE i.car_id = $1 ORDER BY i.id`, [carId]);
  return rows.map(toItem);
}

/** One checklist item of a car, or null. Caller checks tenancy. */
export async function findChecklistItem(sql: Sql, carId: number, itemId: number): Promise<ChecklistItem | null> {
  const { rows } = await sql.query<Row>(`${SELECT} WHERE i.car_id = $1 AND i.id = $2`, [carId, itemId]);
  return rows[0] ? toItem(rows[0]) : null;
}
