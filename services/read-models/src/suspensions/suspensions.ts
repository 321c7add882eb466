import type { Suspension } from '@pitwall/contracts';
import type { Sql } from '@pitwall/eventstore';
import { stmt, type Projection } from '../projection.ts';

const FIELDS = [
  'frontRideHeight', 'frontSpringRate', 'frontDamperSetting', 'frontCamber', 'frontToe', 'frontAntiRollBar',
  'rearRideHeight', 'rearSpringRate', 'rearDamperSetting', 'rearCamber', 'rearToe', 'rearAntiRollBar', 'notes',
] as const;
const column = (f: string) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** suspensions (spec §3): one row per car and setup (event_id null = baseline); all values text. */
export const suspensionsProjection: Projection = {
  name: 'suspensions',
  tables: ['suspensions'],
  ddl: `
    CREATE TABLE IF NOT EXISTS suspensions (
      id integer PRIMARY KEY,
      car_id integer NOT NULL,
      event_id integer,
      ${FIELDS.map((f) => `${column(f)} text`).join(',\n      ')}
    );
    CREATE UNIQUE INDEX IF NOT EXISTS suspensions_car_key ON suspensions (car_id, coalesce(event_id, 0));`,
  canHandle: ['SuspensionSet'],
  project(event) {
    if (event.type !== 'SuspensionSet') return [];
    const { carId, raceEventId, suspensionId, values } = event.data;
    const cols = FIELDS.map(column);
    return [
      stmt(
        `INSERT INTO suspensions (id, car_id, event_id, ${cols.join(', ')})
         VALUES ($1, $2, $3, ${cols.map((_, i) => `$${i + 4}`).join(', ')})
         ON CONFLICT (id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
        suspensionId, carId, raceEventId, ...FIELDS.map((f) => values[f]),
      ),
    ];
  },
};

/** The suspension of a car's baseline or of one race event; null when none was saved. Caller checks tenancy. */
export async function findSuspension(sql: Sql, carId: number, eventId: number | null): Promise<Suspension | null> {
  const { rows } = await sql.query<Suspension>(
    `SELECT id, car_id AS "carId", event_id AS "eventId", ${FIELDS.map((f) => `${column(f)} AS "${f}"`).join(', ')}
       FROM suspensions WHERE car_id = $1 AND event_id IS NOT DISTINCT FROM $2`,
    [carId, eventId],
  );
  return rows[0] ?? null;
}
