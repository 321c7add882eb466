import type { Issue } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { defineProjection } from '../define-projection.ts';

/** issues (docs/product.md, 'Data model'): issues, notes, parts and tool needs of a car, optionally of one race event. */
export const issuesProjection = defineProjection({
  name: 'issues',
  version: 2,
  ddl: `
    CREATE TABLE IF NOT EXISTS issues (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      race_event_id integer,
      title text NOT NULL,
      description text NOT NULL,
      type text NOT NULL DEFAULT 'issue',
      priority text NOT NULL DEFAULT 'medium',
      status text NOT NULL DEFAULT 'open',
      image_url text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS issues_car_idx ON issues (car_id, race_event_id);`,
  tables: { issues: 'id' },
  on: {
    IssueRaised({ data: d }, { issues }) {
      issues.write({
        id: d.issueId, car_id: d.carId, race_event_id: d.raceEventId, title: d.title, description: d.description, type: d.issueType,
        priority: d.priority, status: d.status, image_url: d.imageUrl, created_at: d.createdAt,
      });
    },
    IssueStatusChanged: ({ data: d }, { issues }) => issues.patch(d.issueId, { status: d.to }),
  },
});

const COLUMNS = `i.id, i.car_id AS "carId", i.race_event_id AS "eventId", i.title, i.description, i.type, i.priority, i.status,
  i.image_url AS "imageUrl", i.created_at AS "createdAt"`;
type Row = Omit<Issue, 'createdAt'> & { createdAt: Date | string };
const toIssue = (r: Row): Issue => ({ ...r, createdAt: new Date(r.createdAt).toISOString() });

/** A car's issues, newest first; only one race event's when `raceEventId` is given. Caller checks tenancy. */
export async function listIssues(sql: Sql, carId: number, raceEventId?: number): Promise<Issue[]> {
  const { rows } = await sql.query<Row>(
    `SELECT ${COLUMNS} FROM issues i WHERE i.car_id = $1 AND ($2::integer IS NULL OR i.race_event_id = $2) ORDER BY i.created_at DESC, i.id DESC`,
    [carId, raceEventId ?? null],
  );
  return rows.map(toIssue);
}

/** One issue of a car; null when missing or another car's. */
export async function findIssue(sql: Sql, carId: number, issueId: number): Promise<Issue | null> {
  const { rows } = await sql.query<Row>(`SELECT ${COLUMNS} FROM issues i WHERE i.car_id = $1 AND i.id = $2`, [carId, issueId]);
  return rows[0] ? toIssue(rows[0]) : null;
}

/**
 * Issues carried over to a race event: not resolved, raised for an EARLIER race event of the same
 * car (by race event date), oldest race event first — so nothing is forgotten between weekends.
 */
export async function listCarriedOverIssues(sql: Sql, carId: number, raceEventId: number): Promise<Issue[]> {
  const { rows } = await sql.query<Row>(
    `SELECT ${COLUMNS}
       FROM issues i
       JOIN race_events prev ON prev.id = i.race_event_id
       JOIN race_events cur ON cur.id = $2 AND cur.car_id = $1
      WHERE i.car_id = $1 AND i.status <> 'resolved' AND (prev.date, prev.id) < (cur.date, cur.id)
      ORDER BY prev.date, i.id`,
    [carId, raceEventId],
  );
  return rows.map(toIssue);
}
